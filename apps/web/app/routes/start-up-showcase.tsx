import { showcase } from '~/content/showcase';
import { SampleNote } from '~/features/content-pages/components/sample-note';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/start-up-showcase';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: '2023 Startup Showcase',
    description: 'The startups that exhibited at the 2023 Startup Showcase of Startup Fest Gujarat.',
    path: '/start-up-showcase',
  });

/** Spec §2 /start-up-showcase: a static list of about 37 names in four columns (from the lg breakpoint). */
export default function StartUpShowcase() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
        2023 Startup Showcase
      </h1>
      <p className="mt-3 max-w-3xl text-slate-700">
        The startups that exhibited their products at the first edition.
      </p>
      {showcase.sample ? (
        <div className="mt-4">
          <SampleNote>these names are invented placeholders until the 2023 list is published.</SampleNote>
        </div>
      ) : null}
      <ul className="mt-8 gap-x-8 sm:columns-2 md:columns-3 lg:columns-4" data-testid="showcase-names">
        {showcase.names.map((name) => (
          <li
            key={name}
            className="break-inside-avoid border-b border-slate-200 py-2 font-medium text-brand-900"
          >
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
