/**
 * /event-flow in English, Gujarati (`/gu/event-flow`) and Hindi (`/hi/event-flow`): the page's
 * own words are in the page's language (the highlights catalog); the schedule's images and their
 * words show as organizers entered them.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SampleNote } from '~/features/content-pages/components/sample-note';
import { PAGE_LOAD_ERROR } from '~/features/content-pages/lib/page-load-error';
import { QueryContent } from '~/components/ui/load-state';
import { contentPrefill, useContent } from '~/features/site-content/api/get-content';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';
import { useEditionFacts } from '~/lib/current-edition';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('event-flow'), contentEditionsPrefill('event-flow')],
  meta: ({ i18n }) => ({
    title: i18n._(msg`Event Flow`),
    description: i18n._(
      msg`How the two days of Startup Fest Gujarat unfold, from registration to the award ceremony.`,
    ),
    path: '/event-flow',
  }),
};

/** The spec's /event-flow page: 'Event Flow!' and nine images in a grid; each image's words are its alt text. */
export default function EventFlow() {
  const query = useContent('event-flow');
  const edition = useEditionFacts();
  const { i18n, t } = useLingui();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
        <Trans>Event Flow!</Trans>
      </h1>
      {edition ? (
        <p className="mt-3 max-w-3xl text-slate-700">
          {edition.days}, {edition.hours}, {edition.venue}.
        </p>
      ) : null}
      <QueryContent
        query={query}
        loadingLabel={t`Loading the event flow…`}
        errorMessage={i18n._(PAGE_LOAD_ERROR)}
        retryLabels={useRetryLabels()}
        stateClassName="mt-8"
      >
        {(eventFlow) => (
          <>
            {eventFlow.some((slot) => slot.sample) ? (
              <div className="mt-4">
                <SampleNote>
                  <Trans>
                    the schedule below is illustrative; the final programme will be published before the
                    event.
                  </Trans>
                </SampleNote>
              </div>
            ) : null}
            <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="event-flow">
              {eventFlow.map((slot, index) => (
                <li key={slot.id}>
                  {slot.image ? (
                    <img
                      src={slot.image.src}
                      alt={slot.image.alt}
                      width={slot.image.width}
                      height={slot.image.height}
                      loading={index < 3 ? 'eager' : 'lazy'}
                      decoding="async"
                      className="h-auto w-full rounded-2xl"
                    />
                  ) : (
                    <p className="rounded-2xl bg-brand-50 p-6 text-brand-900">
                      {slot.group}, {slot.caption}: {slot.name}
                    </p>
                  )}
                </li>
              ))}
            </ol>
            <EditionArchive collection="event-flow" isEmpty={eventFlow.length === 0} />
          </>
        )}
      </QueryContent>
    </div>
  );
}
