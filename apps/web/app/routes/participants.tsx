/**
 * /participants in English, Gujarati (`/gu/participants`) and Hindi (`/hi/participants`): the
 * page's own words are in the page's language (the highlights catalog); the logos and the
 * edition's name and venue show as organizers entered them.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogoCarousel } from '~/components/carousel/logo-carousel';
import { PageBanner } from '~/features/content-pages/components/page-banner';
import { RegisterBand } from '~/features/content-pages/components/register-band';
import { SampleNote } from '~/features/content-pages/components/sample-note';
import { ContentSection } from '~/features/content-pages/components/section';
import { useParticipantLogos } from '~/features/site-content/api/use-participant-logos';
import { contentPrefill } from '~/features/site-content/api/get-content';
import { QueryContent } from '~/components/ui/load-state';
import { PAGE_LOAD_ERROR } from '~/features/content-pages/lib/page-load-error';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';
import { BRAND_NAME, useEditionFacts } from '~/lib/current-edition';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('participants'), contentEditionsPrefill('participants')],
  meta: ({ i18n }) => ({
    title: i18n._(msg`Participants`),
    description: i18n._(
      msg`Startups, pitchers, investors and partners taking part in Startup Fest Gujarat in Ahmedabad, and how to join them.`,
    ),
    path: '/participants',
  }),
};

/** The spec's /participants page: banner, register call to action, the participant logos (4 per view, no autoplay). */
export default function Participants() {
  const participants = useParticipantLogos();
  const edition = useEditionFacts();
  const { i18n, t } = useLingui();
  const venue = edition?.venue;
  const days = edition?.days;
  return (
    <>
      <PageBanner title={t`Participants`} eyebrow={edition?.name ?? BRAND_NAME}>
        <p>
          {edition
            ? t`Startups, pitchers, investors and partners from across Gujarat and India meet at ${venue} on ${days}.`
            : t`Startups, pitchers, investors and partners from across Gujarat and India meet at the festival.`}
        </p>
      </PageBanner>
      <RegisterBand title={t`Be one of them`}>
        <p>
          <Trans>Pitch on stage, exhibit your startup or meet the founders as an investor.</Trans>
        </p>
      </RegisterBand>
      <QueryContent
        query={participants}
        loadingLabel={t`Loading the participants…`}
        errorMessage={i18n._(PAGE_LOAD_ERROR)}
        retryLabels={useRetryLabels()}
        stateClassName="mx-auto w-full max-w-6xl px-4 py-12"
      >
        {(logos) => (
          <>
            <ContentSection title={t`Our participants`} tone="white">
              <LogoCarousel logos={logos} label={t`Participants`} autoplay={false} />
              {logos.some((logo) => logo.sample) ? (
                <div className="mt-6">
                  <SampleNote>
                    <Trans>these logos are placeholders until the participant list is published.</Trans>
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
