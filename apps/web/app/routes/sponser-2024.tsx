import { ArchiveView } from '~/features/content-pages/components/archive-view';
import { contentArchivePrefill, useContentArchive } from '~/features/site-content/api/get-content-editions';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The 2024 edition's sponsors (its year or slug); the server renders them into the page. */
const EDITION = '2024';

export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [contentArchivePrefill('sponsors', EDITION)],
  meta: {
    title: '2024 Sponsors',
    description: 'The sponsors of Startup Fest Gujarat 2024.',
    path: '/sponser-2024',
  },
};

/**
 * The spec's /sponser-2024 page: the sponsors of the edition whose year is 2024, as organizers keep
 * them (its archive once a later edition is current); 'Content Coming Soon...' while it has none.
 */
export default function Sponsors2024() {
  const archive = useContentArchive('sponsors', EDITION);
  return <ArchiveView collection="sponsors" archive={archive} fallbackTitle="2024 Sponsors" />;
}
