import { ComingSoon } from '~/features/content-pages/components/coming-soon';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: '2024 Sponsors',
    description: 'The sponsors of Startup Fest Gujarat will be announced here soon.',
    path: '/sponser-2024',
  },
};

/** Spec §2 /sponser-2024: 'Content Coming Soon...'. */
export default function Sponsors2024() {
  return <ComingSoon title="2024 Sponsors" />;
}
