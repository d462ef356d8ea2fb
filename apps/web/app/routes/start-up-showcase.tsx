import { SampleNote } from '~/features/content-pages/components/sample-note';
import { contentPrefill, useContent } from '~/features/site-content/api/get-content';
import { startupsFirstPaint } from '~/features/site-content/first-paint/startups';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('startups'), contentEditionsPrefill('startups')],
  meta: {
    title: '2023 Startup Showcase',
    description: 'The startups that exhibited at the 2023 Startup Showcase of Startup Fest Gujarat.',
    path: '/start-up-showcase',
  },
};

/** The spec's /start-up-showcase page: a static list of about 37 names in four columns (from the lg breakpoint). */
export default function StartUpShowcase() {
  const startups = useContent('startups', startupsFirstPaint);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
        2023 Startup Showcase
      </h1>
      <p className="mt-3 max-w-3xl text-slate-700">
        The startups that exhibited their products at the first edition.
      </p>
      {startups.some((startup) => startup.sample) ? (
        <div className="mt-4">
          <SampleNote>these names are invented placeholders until the 2023 list is published.</SampleNote>
        </div>
      ) : null}
      <ul className="mt-8 gap-x-8 sm:columns-2 md:columns-3 lg:columns-4" data-testid="showcase-names">
        {startups.map((startup) => (
          <li
            key={startup.id}
            className="flex break-inside-avoid items-center gap-3 border-b border-slate-200 py-2 font-medium text-brand-900"
          >
            {startup.image ? (
              <img
                src={startup.image.src}
                alt={startup.image.alt}
                width={startup.image.width}
                height={startup.image.height}
                loading="lazy"
                decoding="async"
                className="size-10 shrink-0 rounded object-contain"
              />
            ) : null}
            <span>
              {startup.linkUrl ? (
                <a href={startup.linkUrl} target="_blank" rel="noopener noreferrer" className="underline">
                  {startup.name}
                </a>
              ) : (
                startup.name
              )}
              {startup.caption ? (
                <span className="block text-sm font-normal text-slate-600">{startup.caption}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <EditionArchive collection="startups" isEmpty={startups.length === 0} />
    </div>
  );
}
