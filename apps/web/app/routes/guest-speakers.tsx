/**
 * /guest-speakers in English, Gujarati (`/gu/guest-speakers`) and Hindi (`/hi/guest-speakers`):
 * 'Content Coming Soon...' under the current edition's year, in the page's language.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ComingSoon } from '~/features/content-pages/components/coming-soon';
import { useEditionFacts } from '~/lib/current-edition';
import type { PageMetaHandle } from '~/lib/seo';

/** "2024 Guest & Speakers" (the menu's words); no year while it is unknown. */
function guestSpeakersTitle(i18n: I18n, year: string | undefined) {
  return i18n._(year ? msg`${year} Guest & Speakers` : msg`Guest & Speakers`);
}

export const handle: PageMetaHandle = {
  meta: ({ edition, i18n }) => ({
    title: guestSpeakersTitle(i18n, edition?.year),
    description: i18n._(msg`The guests and speakers of Startup Fest Gujarat will be announced here soon.`),
    path: '/guest-speakers',
  }),
};

/** Spec /guest-speakers: 'Content Coming Soon...', under the current edition's year. */
export default function GuestSpeakers() {
  const { i18n } = useLingui();
  return <ComingSoon title={guestSpeakersTitle(i18n, useEditionFacts()?.year)} />;
}
