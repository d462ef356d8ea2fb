import { guestSpeakersTitle } from '~/components/layout/nav-links';
import { ComingSoon } from '~/features/content-pages/components/coming-soon';
import { useEditionFacts } from '~/lib/current-edition';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: ({ edition }) => ({
    title: guestSpeakersTitle(edition?.year),
    description: 'The guests and speakers of Startup Fest Gujarat will be announced here soon.',
    path: '/guest-speakers',
  }),
};

/** Spec /guest-speakers: 'Content Coming Soon...', under the current edition's year. */
export default function GuestSpeakers() {
  return <ComingSoon title={guestSpeakersTitle(useEditionFacts()?.year)} />;
}
