/**
 * /highlights: the recap of an earlier season. In English at `/highlights`, Gujarati at
 * `/gu/highlights` and Hindi at `/hi/highlights` (lib/i18n/localized-routes.ts): the page's own
 * words are translated; the organizers' recap and its title show as they entered them.
 */
import { msg } from '@lingui/core/macro';
import { HIGHLIGHTS_FALLBACK } from '~/components/layout/nav-links';
import { sitePagePrefill } from '~/features/cms/api/get-site-page';
import { SitePageContent } from '~/features/cms/components/site-page-content';
import { FestivalInNumbers } from '~/features/content-pages/components/festival-in-numbers';
import { RegisterCta } from '~/features/registration-alerts/components/register-cta';
import { useCurrentEdition } from '~/lib/current-edition';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The server renders the page with its content (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [sitePagePrefill('highlights')],
  meta: ({ highlightsTitle, i18n }) => ({
    title: highlightsTitle ?? i18n._(HIGHLIGHTS_FALLBACK),
    description: i18n._(
      msg`What happened at Startup Fest Gujarat: the investments, the Award Night, the startup showcase, the Shark Tank featured startups and the speakers.`,
    ),
    path: '/highlights',
  }),
};

/**
 * /highlights: the recap of an earlier season, as organizers write it in the console (Site
 * content, Pages); its title names the menu's highlights group. The spec does not show this
 * page's content; the seed's recap of season one is built from what the spec says about it.
 */
export default function HighlightsPage() {
  const sales = useCurrentEdition()?.sales;
  return (
    // A screen tall at least: after a client-side navigation the content arrives after the
    // first paint, and the footer must not start on screen and then jump.
    <div className="mx-auto min-h-dvh w-full max-w-3xl px-4 py-12 sm:py-16">
      <SitePageContent slug="highlights" visibleTitle />
      <FestivalInNumbers />
      <RegisterCta sales={sales} tone="light" className="mt-8" />
    </div>
  );
}
