/**
 * /sponser in English, Gujarati (`/gu/sponser`) and Hindi (`/hi/sponser`): the page's own words
 * are in the page's language (the highlights catalog, as the other content pages'); the sponsors'
 * logos and the edition's headline figures show as organizers entered them.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageBanner } from '~/features/content-pages/components/page-banner';
import { RegisterBand } from '~/features/content-pages/components/register-band';
import { SampleNote } from '~/features/content-pages/components/sample-note';
import { ContentSection } from '~/features/content-pages/components/section';
import { QueryContent } from '~/components/ui/load-state';
import { PAGE_LOAD_ERROR } from '~/features/content-pages/lib/page-load-error';
import { contentPrefill, useContent } from '~/features/site-content/api/get-content';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';
import { useEditionFacts } from '~/lib/current-edition';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('sponsors'), contentEditionsPrefill('sponsors')],
  meta: ({ i18n }) => ({
    title: i18n._(msg`Sponsors`),
    description: i18n._(
      msg`The sponsors of Startup Fest Gujarat and how your organisation can support rural innovation.`,
    ),
    path: '/sponser',
  }),
};

/** The spec's /sponser page: banner and a grid titled 'Sponsors' with the 22 sponsor logos. */
export default function Sponsors() {
  const query = useContent('sponsors');
  const edition = useEditionFacts();
  const figures = edition?.figures;
  const year = edition?.year;
  const { i18n, t } = useLingui();
  return (
    <>
      <PageBanner title={t`For Sponsors`} eyebrow={t`Why Attend`}>
        <p>
          {figures
            ? t`Put your brand in front of the festival's ${figures}, and back innovation at the bottom of the pyramid.`
            : t`Put your brand in front of the festival's visitors, startups and investors, and back innovation at the bottom of the pyramid.`}
        </p>
      </PageBanner>
      <QueryContent
        query={query}
        loadingLabel={t`Loading the sponsors…`}
        errorMessage={i18n._(PAGE_LOAD_ERROR)}
        retryLabels={useRetryLabels()}
        stateClassName="mx-auto w-full max-w-6xl px-4 py-12"
      >
        {(sponsors) => (
          <ContentSection
            title={t`Sponsors`}
            tone="white"
            intro={
              sponsors.some((sponsor) => sponsor.sample) ? (
                <SampleNote>
                  <Trans>these logos are placeholders.</Trans>
                </SampleNote>
              ) : null
            }
          >
            <ul
              className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
              data-testid="sponsor-logos"
            >
              {sponsors.map((sponsor) => {
                const logo = sponsor.image ? (
                  <img
                    src={sponsor.image.src}
                    alt={sponsor.image.alt}
                    width={sponsor.image.width}
                    height={sponsor.image.height}
                    loading="lazy"
                    decoding="async"
                    className="h-auto w-full"
                  />
                ) : (
                  <span className="font-semibold text-brand-900">{sponsor.name}</span>
                );
                return (
                  <li
                    key={sponsor.id}
                    className="flex items-center justify-center rounded-xl bg-white p-3 ring-1 ring-slate-200"
                  >
                    {sponsor.linkUrl ? (
                      <a
                        href={sponsor.linkUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="block w-full"
                      >
                        {logo}
                      </a>
                    ) : (
                      logo
                    )}
                  </li>
                );
              })}
            </ul>
          </ContentSection>
        )}
      </QueryContent>
      <RegisterBand title={year ? t`Become a ${year} sponsor` : t`Become a sponsor`}>
        <p>
          <Trans>Register and our team will share the sponsorship packages.</Trans>
        </p>
      </RegisterBand>
      <EditionArchive collection="sponsors" isEmpty={query.data?.length === 0} />
    </>
  );
}
