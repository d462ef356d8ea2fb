/**
 * The event pages' texts from app/content (event-pages.ts, stall-packages.ts) in the page's
 * language. The content files stay English, as the organisers edit and the build checks them;
 * each line known here, keyed by its English text, is a message translated in the registration
 * catalog. A line the organisers change or add is not known until it is translated, so it shows
 * as they wrote it (as /terms does with the refund policy).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

const CONTENT_TEXT: Record<string, MessageDescriptor> = {
  // Friday AfterHours (/pitcher, /investor); its title is the event's name and stays.
  'Friday, 13 September 2024': msg`Friday, 13 September 2024`,
  '07:30 pm to 09:30 pm (GMT+05:30)': msg`07:30 pm to 09:30 pm (GMT+05:30)`,
  'An evening of unplugged Sufi music for the festival community: founders, pitchers, investors and friends of Startup Fest Gujarat meet before the main event.': msg`An evening of unplugged Sufi music for the festival community: founders, pitchers, investors and friends of Startup Fest Gujarat meet before the main event.`,
  'Come for the music, stay for the conversations — a relaxed way to meet the people you will see on stage and at the stalls in October.': msg`Come for the music, stay for the conversations — a relaxed way to meet the people you will see on stage and at the stalls in October.`,
  'A cafe in Ahmedabad': msg`A cafe in Ahmedabad`,
  'Ahmedabad, Gujarat, India (the cafe is confirmed with your ticket)': msg`Ahmedabad, Gujarat, India (the cafe is confirmed with your ticket)`,
  'Map of Ahmedabad, Gujarat': msg`Map of Ahmedabad, Gujarat`,
  // The host.
  'The festival is run by a foundation that connects innovators, startups, investors and visitors across Gujarat.': msg`The festival is run by a foundation that connects innovators, startups, investors and visitors across Gujarat.`,
  'Follow Startup Fest Gujarat on Instagram': msg`Follow Startup Fest Gujarat on Instagram`,
  // The Review Purchase popup and the register bands.
  'Sales end on October 20': msg`Sales end on October 20`,
  'All sales are final; no refunds.': msg`All sales are final; no refunds.`,
  'Register Yourself As Pitcher': msg`Register Yourself As Pitcher`,
  'Register Yourself As Investor': msg`Register Yourself As Investor`,
  // /startup: the refund policy (also the terms') and the ticket text.
  'Registration and ticket fees are non-refundable.': msg`Registration and ticket fees are non-refundable.`,
  'If the event is cancelled, your fee is carried over to the new date. There is no refund if you cannot attend on the new date.': msg`If the event is cancelled, your fee is carried over to the new date. There is no refund if you cannot attend on the new date.`,
  'One ticket admits one person. Buy one ticket for each attendee you register.': msg`One ticket admits one person. Buy one ticket for each attendee you register.`,
  'Your event pass, with its QR code, is emailed after payment; show it at the entrance.': msg`Your event pass, with its QR code, is emailed after payment; show it at the entrance.`,
  // /visitor.
  "Walk the startups' stalls, watch founders pitch to investors and join the sessions — two days of rural innovation and entrepreneurship in Ahmedabad.": msg`Walk the startups' stalls, watch founders pitch to investors and join the sessions — two days of rural innovation and entrepreneurship in Ahmedabad.`,
  'Entry on both days of the festival, during its opening hours': msg`Entry on both days of the festival, during its opening hours`,
  'The startup exhibition and the pitching stage': msg`The startup exhibition and the pitching stage`,
  'Panel discussions, workshops, storytelling sessions and the other festival activities': msg`Panel discussions, workshops, storytelling sessions and the other festival activities`,
  'An event pass with a QR code, sent to your email': msg`An event pass with a QR code, sent to your email`,
  'Press Register Now below: our event-listing partner’s page opens in a new tab.': msg`Press Register Now below: our event-listing partner’s page opens in a new tab.`,
  'Book your Visitor Pass there.': msg`Book your Visitor Pass there.`,
  // The passes of 'Grab Your Tickets' (stall-packages.ts).
  'Both days, every stall and the pitching stage: talk to all the startups.': msg`Both days, every stall and the pitching stage: talk to all the startups.`,
  'Both days: the exhibition, the pitches and the sessions.': msg`Both days: the exhibition, the pitches and the sessions.`,
};

/** `text` in `i18n`'s language when it is a known content line, else as written. */
export function contentText(text: string, i18n: I18n): string {
  const known = Object.hasOwn(CONTENT_TEXT, text) ? CONTENT_TEXT[text] : undefined;
  return known ? i18n._(known) : text;
}

/** `contentText` bound to the page's Lingui instance. */
export function useContentText(): (text: string) => string {
  const { i18n } = useLingui();
  return (text) => contentText(text, i18n);
}
