/**
 * /activities in English, Gujarati (`/gu/activities`) and Hindi (`/hi/activities`): the page's
 * own words are in the page's language (the highlights catalog); the activities show as
 * organizers entered them.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryContent } from '~/components/ui/load-state';
import { PAGE_LOAD_ERROR } from '~/features/content-pages/lib/page-load-error';
import { contentPrefill, useContent } from '~/features/site-content/api/get-content';
import { contentEditionsPrefill } from '~/features/site-content/api/get-content-editions';
import { EditionArchive } from '~/features/site-content/components/edition-archive';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The server renders the page with the organizers' entries (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentPrefill('activities'), contentEditionsPrefill('activities')],
  meta: ({ i18n }) => ({
    title: i18n._(msg`Activities`),
    description: i18n._(
      msg`Panel discussions, workshops, open mic, business simulations, innovation sprints and more: the activities of Startup Fest Gujarat.`,
    ),
    path: '/activities',
  }),
};

/** The spec's /activities page: the 12 activity cards, each with heading, text and image. */
export default function Activities() {
  const query = useContent('activities');
  const { i18n, t } = useLingui();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
        <Trans>Activities</Trans>
      </h1>
      <p className="mt-3 max-w-3xl text-slate-700">
        <Trans>Two days of sessions to learn, pitch, build and connect.</Trans>
      </p>
      <QueryContent
        query={query}
        loadingLabel={t`Loading the activities…`}
        errorMessage={i18n._(PAGE_LOAD_ERROR)}
        retryLabels={useRetryLabels()}
        stateClassName="mt-8"
      >
        {(activities) => (
          <>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="activities">
              {activities.map((activity, index) => (
                <li
                  key={activity.id}
                  className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
                >
                  {activity.image ? (
                    <img
                      src={activity.image.src}
                      alt={activity.image.alt}
                      width={activity.image.width}
                      height={activity.image.height}
                      loading={index < 3 ? 'eager' : 'lazy'}
                      // The first two are on a phone's first screen, one of them its largest paint; the
                      // page's scripts wait for them (lib/hydrate-after-paint.ts).
                      fetchPriority={index < 2 ? 'high' : 'auto'}
                      decoding="async"
                      className="h-auto w-full"
                    />
                  ) : null}
                  <div className="p-5">
                    <h2 className="text-lg font-semibold text-brand-900">{activity.name}</h2>
                    <p className="mt-2 text-slate-700">{activity.caption}</p>
                  </div>
                </li>
              ))}
            </ul>
            <EditionArchive collection="activities" isEmpty={activities.length === 0} />
          </>
        )}
      </QueryContent>
    </div>
  );
}
