import { LogoCarousel } from '~/components/carousel/logo-carousel';
import { PageBanner } from '~/features/content-pages/components/page-banner';
import { RegisterBand } from '~/features/content-pages/components/register-band';
import { SampleNote } from '~/features/content-pages/components/sample-note';
import { ContentSection } from '~/features/content-pages/components/section';
import { useParticipantLogos } from '~/features/site-content/api/use-participant-logos';
import { contentPrefill } from '~/features/site-content/api/get-content';
import { PAGE_LOAD_ERROR, QueryContent } from '~/components/ui/load-state';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';
import { BRAND_NAME, useEditionFacts } from '~/lib/current-edition';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('participants'), contentEditionsPrefill('participants')],
  meta: {
    title: 'Participants',
    description:
      'Startups, pitchers, investors and partners taking part in Startup Fest Gujarat in Ahmedabad, and how to join them.',
    path: '/participants',
  },
};

/** The spec's /participants page: banner, register call to action, the participant logos (4 per view, no autoplay). */
export default function Participants() {
  const participants = useParticipantLogos();
  const edition = useEditionFacts();
  return (
    <>
      <PageBanner title="Participants" eyebrow={edition?.name ?? BRAND_NAME}>
        <p>
          Startups, pitchers, investors and partners from across Gujarat and India meet
          {edition ? ` at ${edition.venue} on ${edition.days}.` : ' at the festival.'}
        </p>
      </PageBanner>
      <RegisterBand title="Be one of them">
        <p>Pitch on stage, exhibit your startup or meet the founders as an investor.</p>
      </RegisterBand>
      <QueryContent
        query={participants}
        loadingLabel="Loading the participants…"
        errorMessage={PAGE_LOAD_ERROR}
        stateClassName="mx-auto w-full max-w-6xl px-4 py-12"
      >
        {(logos) => (
          <>
            <ContentSection title="Our participants" tone="white">
              <LogoCarousel logos={logos} label="Participants" autoplay={false} />
              {logos.some((logo) => logo.sample) ? (
                <div className="mt-6">
                  <SampleNote>
                    these logos are placeholders until the participant list is published.
                  </SampleNote>
                </div>
              ) : null}
            </ContentSection>
            <EditionArchive collection="participants" isEmpty={logos.length === 0} />
          </>
        )}
      </QueryContent>
    </>
  );
}
