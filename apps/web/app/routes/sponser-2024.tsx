/**
 * /sponser-2024 in English, Gujarati (`/gu/sponser-2024`) and Hindi (`/hi/sponser-2024`): the
 * page's own words are in the page's language (the highlights catalog); the sponsors show as
 * organizers entered them.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ArchiveView } from '~/features/content-pages/components/archive-view';
import { contentArchivePrefill, useContentArchive } from '~/features/site-content/api/get-content-editions';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The 2024 edition's sponsors (its year or slug); the server renders them into the page. */
const EDITION = '2024';

/** "2024 Sponsors" (the menu's words). */
const year = EDITION;
const TITLE = msg`${year} Sponsors`;

export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentArchivePrefill('sponsors', EDITION)],
  meta: ({ i18n }) => ({
    title: i18n._(TITLE),
    description: i18n._(msg`The sponsors of Startup Fest Gujarat ${year}.`),
    path: '/sponser-2024',
  }),
};

/**
 * The spec's /sponser-2024 page: the sponsors of the edition whose year is 2024, as organizers keep
 * them (its archive once a later edition is current); 'Content Coming Soon...' while it has none.
 */
export default function Sponsors2024() {
  const archive = useContentArchive('sponsors', EDITION);
  const { i18n } = useLingui();
  return <ArchiveView collection="sponsors" archive={archive} fallbackTitle={i18n._(TITLE)} />;
}
