/**
 * The home page (spec §2 Home): banner, hero with the 2023 video, about, event info with the
 * countdown, Register Yourself cards, statistics, theme and sectors, a call-to-action band and
 * the auto-playing participants carousel.
 */
import { Link } from 'react-router';
import { LogoCarousel } from '~/components/carousel/logo-carousel';
import { buttonClassName } from '~/components/ui/button';
import { FESTIVAL } from '~/content/event';
import { useParticipantLogos } from '~/features/site-content/api/use-participant-logos';
import { EventInfo } from '~/features/home/components/event-info';
import { VideoModal } from '~/features/home/components/video-modal';
import { registerTabPath } from '~/lib/register-tabs';
import { pageMeta } from '~/lib/seo';

export const meta = () =>
  pageMeta({
    title: FESTIVAL.name,
    description:
      'Startup Fest Gujarat 2024, the second edition: pitchers, startups, investors and visitors meet at Science City, Ahmedabad on 20–21 October 2024.',
    path: '/',
  });

const REGISTER_CARDS = [
  {
    title: 'Pitcher',
    tab: 'pitcher',
    text: 'Present your project, idea or startup on stage to investors in a 5-minute slot, with a 3 by 3 stall.',
  },
  {
    title: 'Startup',
    tab: 'startup',
    text: 'Exhibit your startup or franchise at a 2 by 2 stall and gain visibility with investors.',
  },
  {
    title: 'Investors',
    tab: 'investor',
    text: 'Talk to every startup at the festival and find the ventures that can multiply your money 2-3 times.',
  },
] as const;

const sectionTitle = 'text-3xl font-extrabold tracking-tight text-brand-900';

export default function Home() {
  const participants = useParticipantLogos();
  return (
    <>
      {/* Below md the banner is drawn for narrow screens, so its text stays readable (issue 9 §4:
          the wide banner's text is about 8 px at 375 px). */}
      <picture>
        <source media="(max-width: 767px)" srcSet="/images/home/banner-narrow.svg" width={800} height={500} />
        <img
          src="/images/home/banner.svg"
          alt={`${FESTIVAL.name}: ${FESTIVAL.dateRange}, ${FESTIVAL.venue}`}
          width={1600}
          height={400}
          fetchPriority="high"
          className="h-auto w-full bg-brand-900"
        />
      </picture>

      <section className="bg-brand-950 text-white">
        <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-14 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
              {FESTIVAL.edition} · Ahmedabad
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">{FESTIVAL.name}</h1>
            <p className="mt-5 max-w-2xl text-lg text-white/85">
              Where innovators meet investors: pitch on stage, exhibit your startup and build the connections
              that take rural innovation to scale.
            </p>
            <Link to="/register" className={buttonClassName('primary', 'mt-8 px-7 text-base')}>
              Register Now
            </Link>
          </div>
          <VideoModal />
        </div>
      </section>

      <section aria-labelledby="about-heading" className="mx-auto w-full max-w-7xl px-4 py-14">
        <h2 id="about-heading" className={sectionTitle}>
          About Startup Fest Gujarat
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">
          Run by a foundation in Gujarat, the festival brings visitors, startups, investors, accelerators,
          sponsors and speakers together for two days of pitches, exhibitions, talks and networking. Its 2024
          theme is {FESTIVAL.theme}.
        </p>
        <Link to="/about" className={buttonClassName('secondary', 'mt-6')}>
          Learn More<span className="sr-only"> about the event</span>
        </Link>
      </section>

      <EventInfo />

      <section aria-labelledby="register-yourself-heading" className="mx-auto w-full max-w-7xl px-4 py-14">
        <h2 id="register-yourself-heading" className={sectionTitle}>
          Register Yourself
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {REGISTER_CARDS.map((card) => (
            <li
              key={card.title}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <h3 className="text-xl font-bold text-brand-900">{card.title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{card.text}</p>
              <Link to={registerTabPath(card.tab)} className={buttonClassName('primary', 'mt-5 self-start')}>
                Register Now<span className="sr-only"> as {card.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="stats-heading" className="bg-white">
        <div className="mx-auto w-full max-w-7xl px-4 py-14">
          <h2 id="stats-heading" className={sectionTitle}>
            The Festival In Numbers
          </h2>
          <dl className="mt-6 grid grid-cols-2 gap-5 md:grid-cols-4">
            {FESTIVAL.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse rounded-2xl bg-brand-50 p-5 text-center">
                <dt className="mt-1 font-semibold text-slate-700">{stat.label}</dt>
                <dd className="text-3xl font-extrabold text-brand-800">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="theme-heading" className="mx-auto w-full max-w-7xl px-4 py-14">
        <h2 id="theme-heading" className={sectionTitle}>
          2024 Theme And Sectors
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">{FESTIVAL.theme}.</p>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-7">
          {FESTIVAL.sectors.map((sector) => (
            <li
              key={sector}
              className="rounded-xl bg-white p-4 text-center font-semibold text-brand-800 shadow-sm ring-1 ring-slate-200"
            >
              {sector}
            </li>
          ))}
          <li className="rounded-xl bg-white p-4 text-center font-semibold text-brand-800 shadow-sm ring-1 ring-slate-200">
            And more
          </li>
        </ul>
      </section>

      <section aria-labelledby="cta-heading" className="bg-brand-900 text-white">
        <div className="mx-auto flex w-full max-w-7xl flex-col items-start gap-5 px-4 py-12 md:flex-row md:items-center md:justify-between">
          <h2 id="cta-heading" className="text-2xl font-extrabold sm:text-3xl">
            Be part of Startup Fest Gujarat 2024
          </h2>
          <Link to="/register" className={buttonClassName('primary', 'px-7 text-base')}>
            Register Now
          </Link>
        </div>
      </section>

      <section aria-labelledby="participants-heading" className="mx-auto w-full max-w-7xl px-4 py-14">
        <h2 id="participants-heading" className={sectionTitle}>
          Participants
        </h2>
        <LogoCarousel logos={participants} label="Participant logos" autoplay className="mt-6" />
      </section>
    </>
  );
}
