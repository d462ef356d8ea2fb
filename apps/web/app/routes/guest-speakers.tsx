import { ComingSoon } from '~/features/content-pages/components/coming-soon';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: '2024 Guest & Speakers',
    description: 'The guests and speakers of Startup Fest Gujarat will be announced here soon.',
    path: '/guest-speakers',
  },
};

/** Spec §2 /guest-speakers: 'Content Coming Soon...'. */
export default function GuestSpeakers() {
  return <ComingSoon title="2024 Guest & Speakers" />;
}
