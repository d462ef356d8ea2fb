/**
 * /start-up-showcase in English, Gujarati (`/gu/start-up-showcase`) and Hindi
 * (`/hi/start-up-showcase`): the page's own words are in the page's language (the highlights
 * catalog); the startups show as organizers entered them.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SampleNote } from '~/features/content-pages/components/sample-note';
import { PAGE_LOAD_ERROR } from '~/features/content-pages/lib/page-load-error';
import { QueryContent } from '~/components/ui/load-state';
import { contentPrefill, useContent } from '~/features/site-content/api/get-content';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import { BRAND_NAME, useEditionFacts } from '~/lib/current-edition';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('startups'), contentEditionsPrefill('startups')],
  meta: ({ edition, i18n }) => {
    const name = edition?.name ?? BRAND_NAME;
    return {
      title: showcaseTitle(i18n, edition?.year),
      description: i18n._(msg`The startups that exhibit at the startup showcase of ${name}.`),
      path: '/start-up-showcase',
    };
  },
};

/** "2024 Startup Showcase"; no year while it is unknown. */
function showcaseTitle(i18n: I18n, year: string | undefined) {
  return i18n._(year ? msg`${year} Startup Showcase` : msg`Startup Showcase`);
}

/**
 * The spec's /start-up-showcase page: the current edition's startups as organizers keep them (the
 * spec's about 37 names as samples until then) in four columns from the lg breakpoint, under the
 * edition's year.
 */
export default function StartUpShowcase() {
  const query = useContent('startups');
  const edition = useEditionFacts();
  const { i18n, t } = useLingui();
  const name = edition?.name ?? BRAND_NAME;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
        {showcaseTitle(i18n, edition?.year)}
      </h1>
      <p className="mt-3 max-w-3xl text-slate-700">
        <Trans>The startups that exhibit their products at {name}.</Trans>
      </p>
      <QueryContent
        query={query}
        loadingLabel={t`Loading the startups…`}
        errorMessage={i18n._(PAGE_LOAD_ERROR)}
        retryLabels={useRetryLabels()}
        stateClassName="mt-8"
      >
        {(startups) => (
          <>
            {startups.some((startup) => startup.sample) ? (
              <div className="mt-4">
                <SampleNote>
                  <Trans>these names are invented placeholders until the organizers publish the list.</Trans>
                </SampleNote>
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
                      <a
                        href={startup.linkUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="underline"
                      >
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
          </>
        )}
      </QueryContent>
    </div>
  );
}
