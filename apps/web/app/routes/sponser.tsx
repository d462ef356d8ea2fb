import { PageBanner } from '~/features/content-pages/components/page-banner';
import { RegisterBand } from '~/features/content-pages/components/register-band';
import { SampleNote } from '~/features/content-pages/components/sample-note';
import { ContentSection } from '~/features/content-pages/components/section';
import { PAGE_LOAD_ERROR, QueryContent } from '~/components/ui/load-state';
import { contentPrefill, useContent } from '~/features/site-content/api/get-content';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';
import { useEditionFacts } from '~/lib/current-edition';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('sponsors'), contentEditionsPrefill('sponsors')],
  meta: {
    title: 'Sponsors',
    description:
      'The sponsors of Startup Fest Gujarat and how your organisation can support rural innovation.',
    path: '/sponser',
  },
};

/** The spec's /sponser page: banner and a grid titled 'Sponsors' with the 22 sponsor logos. */
export default function Sponsors() {
  const query = useContent('sponsors');
  const edition = useEditionFacts();
  const figures = edition?.figures;
  return (
    <>
      <PageBanner title="For Sponsors" eyebrow="Why Attend">
        <p>
          Put your brand in front of the festival's {figures ?? 'visitors, startups and investors'}, and back
          innovation at the bottom of the pyramid.
        </p>
      </PageBanner>
      <QueryContent
        query={query}
        loadingLabel="Loading the sponsors…"
        errorMessage={PAGE_LOAD_ERROR}
        stateClassName="mx-auto w-full max-w-6xl px-4 py-12"
      >
        {(sponsors) => (
          <ContentSection
            title="Sponsors"
            tone="white"
            intro={
              sponsors.some((sponsor) => sponsor.sample) ? (
                <SampleNote>these logos are placeholders.</SampleNote>
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
      <RegisterBand title={`Become a ${edition ? `${edition.year} ` : ''}sponsor`}>
        <p>Register and our team will share the sponsorship packages.</p>
      </RegisterBand>
      <EditionArchive collection="sponsors" isEmpty={query.data?.length === 0} />
    </>
  );
}
