/**
 * /about: the organizers' page from the server and the festival in numbers. In English at
 * `/about`, Gujarati at `/gu/about` and Hindi at `/hi/about` (lib/i18n/localized-routes.ts): the
 * page's own words are translated; the organizers' text shows as they entered it.
 */
import { msg } from '@lingui/core/macro';
import { sitePagePrefill } from '~/features/cms/api/get-site-page';
import { SitePageContent } from '~/features/cms/components/site-page-content';
import { FestivalInNumbers } from '~/features/content-pages/components/festival-in-numbers';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The server renders the page with its content (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [sitePagePrefill('about')],
  meta: ({ i18n }) => ({
    title: i18n._(msg`About the Event`),
    description: i18n._(
      msg`About Startup Fest Gujarat: a two-day festival in Ahmedabad where startups, investors and innovators meet, themed on innovation at the bottom of the pyramid.`,
    ),
    path: '/about',
  }),
};

/** Spec /about: the server's content (in the served HTML; loaded in the browser after a client-side navigation). */
export default function About() {
  return (
    // At least a screen tall: after a client-side navigation the content arrives after the first
    // paint, and the footer must not start on screen and then jump (layout shift).
    <div className="mx-auto min-h-dvh w-full max-w-3xl px-4 py-12 sm:py-16">
      <SitePageContent slug="about" />
      <FestivalInNumbers />
    </div>
  );
}
