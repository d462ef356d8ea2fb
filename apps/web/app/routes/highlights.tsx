/**
 * /highlights: §2 does not show this page's content, so it is a recap of season one built from
 * the rest of the spec (content/highlights.ts), linking to the pages that hold the detail.
 */
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { highlights } from '~/content/highlights';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: '2023 Highlights',
    description:
      'Season one of Startup Fest Gujarat: over ₹532 crore in investments, the Award Night, the startup showcase and the Shark Tank featured startups.',
    path: '/highlights',
  },
};

export default function HighlightsPage() {
  return (
    <>
      <section className="register-backdrop text-white">
        <div className="mx-auto w-full max-w-5xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Season one</p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">2023 Highlights</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/85">{highlights.intro}</p>
        </div>
      </section>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-12 px-4 py-12">
        <section aria-labelledby="investments" className="rounded-2xl bg-brand-900 p-6 text-white sm:p-10">
          <h2 id="investments" className="text-2xl font-extrabold text-accent-400 sm:text-4xl">
            {highlights.investments.heading}
          </h2>
          <p className="mt-3 max-w-2xl text-white/85">{highlights.investments.text}</p>
          <Link to="/register" className={buttonClassName('primary', 'mt-6')}>
            Register Now
          </Link>
        </section>
        <section aria-labelledby="in-numbers">
          <h2 id="in-numbers" className="mb-6 text-2xl font-bold text-brand-900">
            Startup Fest in numbers
          </h2>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {highlights.stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-5 text-center"
              >
                <dt className="text-sm text-slate-600">{stat.label}</dt>
                <dd className="text-3xl font-extrabold text-brand-800">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="season-one">
          <h2 id="season-one" className="mb-6 text-2xl font-bold text-brand-900">
            What happened in 2023
          </h2>
          <ul className="grid gap-5 md:grid-cols-2">
            {highlights.sections.map((section) => (
              <li
                key={section.path}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-xs"
              >
                <h3 className="text-lg font-bold text-brand-900">{section.heading}</h3>
                <p className="mt-2 flex-1 text-slate-700">{section.text}</p>
                <Link
                  to={section.path}
                  className="mt-4 self-start font-semibold text-brand-700 underline underline-offset-4"
                >
                  {section.linkLabel}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
