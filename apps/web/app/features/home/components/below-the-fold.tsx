/**
 * The home page below its hero: event info with the countdown, the Register Yourself cards,
 * statistics, theme and sectors, the call-to-action band and the participants carousel. The route
 * loads it lazily: prerendered with the page, so it paints with the HTML, but its code is not in
 * the page's first load and it hydrates on its own, after the hero (less JavaScript up front,
 * hydration split in smaller tasks).
 */
import { ParticipantCategory, type FestivalEvent } from '@festival/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { LogoCarousel, type Logo } from '~/components/carousel/logo-carousel';
import { FestivalFigures } from '~/components/festival-figures';
import { CATEGORY_PROMISES } from '~/content/categories';
import { buttonClassName } from '~/components/ui/button';
import { BRAND_NAME, editionFacts } from '~/lib/current-edition';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { registerTabPath } from '~/lib/register-tabs';
import { EventInfo } from './event-info';
import { ShownText } from '~/components/shown-text';

const REGISTER_CARDS = [
  {
    title: msg`Pitcher`,
    tab: 'pitcher',
    text: CATEGORY_PROMISES[ParticipantCategory.Pitcher],
  },
  {
    title: msg`Startup`,
    tab: 'startup',
    text: CATEGORY_PROMISES[ParticipantCategory.StartUp],
  },
  {
    title: msg`Investors`,
    tab: 'investor',
    text: CATEGORY_PROMISES[ParticipantCategory.Investor],
  },
] as const;

const sectionTitle = 'text-3xl font-extrabold tracking-tight text-brand-900';

export interface BelowTheFoldProps {
  /** The current edition (lib/current-edition.ts); undefined while unknown (its parts are left out). */
  event: FestivalEvent | undefined;
  participants: readonly Logo[];
}

export default function BelowTheFold({ event, participants }: BelowTheFoldProps) {
  const { t, i18n } = useLingui();
  const locale = usePageLocale();
  const facts = event ? editionFacts(event, i18n) : undefined;
  const name = facts?.name ?? BRAND_NAME;
  const year = facts?.year;
  return (
    <>
      <EventInfo event={event} />

      <section aria-labelledby="register-yourself-heading" className="mx-auto w-full max-w-6xl px-4 py-14">
        <h2 id="register-yourself-heading" className={sectionTitle}>
          <Trans>Register Yourself</Trans>
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {REGISTER_CARDS.map((card) => {
            const title = i18n._(card.title);
            return (
              <li
                key={card.tab}
                className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="text-xl font-bold text-brand-900">{title}</h3>
                <p className="mt-2 flex-1 text-slate-700">{i18n._(card.text)}</p>
                <Link
                  to={localizedPath(registerTabPath(card.tab), locale)}
                  className={buttonClassName('primary', 'mt-5 self-start')}
                >
                  <Trans>
                    Register Now<span className="sr-only"> as {title}</span>
                  </Trans>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      {event && event.stats.length > 0 ? (
        <section aria-labelledby="stats-heading" className="bg-white">
          <div className="mx-auto w-full max-w-6xl px-4 py-14">
            <h2 id="stats-heading" className={sectionTitle}>
              <Trans>The Festival In Numbers</Trans>
            </h2>
            <div className="mt-6">
              <FestivalFigures stats={event.stats} />
            </div>
          </div>
        </section>
      ) : null}

      {facts && event && (event.theme || event.sectors.length > 0) ? (
        <section aria-labelledby="theme-heading" className="mx-auto w-full max-w-6xl px-4 py-14">
          <h2 id="theme-heading" className={sectionTitle}>
            <Trans>{year} Theme And Sectors</Trans>
          </h2>
          {event.theme ? (
            <p className="mt-4 max-w-3xl text-lg text-slate-700">
              <ShownText translations={event.translations} field="theme" english={event.theme} />.
            </p>
          ) : null}
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-7">
            {event.sectors.map((sector) => (
              <li
                key={sector}
                className="rounded-xl bg-white p-4 text-center font-semibold text-brand-800 shadow-sm ring-1 ring-slate-200"
              >
                {sector}
              </li>
            ))}
            <li className="rounded-xl bg-white p-4 text-center font-semibold text-brand-800 shadow-sm ring-1 ring-slate-200">
              <Trans>And more</Trans>
            </li>
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="cta-heading" className="bg-brand-900 text-white">
        <div className="mx-auto flex w-full max-w-6xl flex-col items-start gap-5 px-4 py-12 md:flex-row md:items-center md:justify-between">
          <h2 id="cta-heading" className="text-2xl font-extrabold sm:text-3xl">
            <Trans>Be part of {name}</Trans>
          </h2>
          <Link
            to={localizedPath('/register', locale)}
            className={buttonClassName('primary', 'px-7 text-base')}
          >
            <Trans>Register Now</Trans>
          </Link>
        </div>
      </section>

      {/* A new edition has no participants yet: the section waits for the first logo. */}
      {participants.length > 0 ? (
        <section aria-labelledby="participants-heading" className="mx-auto w-full max-w-6xl px-4 py-14">
          <h2 id="participants-heading" className={sectionTitle}>
            <Trans>Participants</Trans>
          </h2>
          <LogoCarousel logos={participants} label={t`Participant logos`} autoplay className="mt-6" />
        </section>
      ) : null}
    </>
  );
}
