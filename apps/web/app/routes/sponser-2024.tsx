import { ComingSoon } from '~/features/content-pages/components/coming-soon';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/sponser-2024';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: '2024 Sponsors',
    description: 'The sponsors of Startup Fest Gujarat 2024 will be announced here soon.',
    path: '/sponser-2024',
  });

/** Spec §2 /sponser-2024: 'Content Coming Soon...'. */
export default function Sponsors2024() {
  return <ComingSoon title="2024 Sponsors" />;
}
