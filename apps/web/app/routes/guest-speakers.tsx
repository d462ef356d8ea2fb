import { ComingSoon } from '~/features/content-pages/components/coming-soon';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/guest-speakers';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: '2024 Guest & Speakers',
    description: 'The guests and speakers of Startup Fest Gujarat 2024 will be announced here soon.',
    path: '/guest-speakers',
  });

/** Spec §2 /guest-speakers: 'Content Coming Soon...'. */
export default function GuestSpeakers() {
  return <ComingSoon title="2024 Guest & Speakers" />;
}
