/**
 * The waiting list's emails: the confirmation of joining (where the person stands and what
 * happens next), and the offer: the person's voucher code, the seats it holds and until when
 * (India time), and where to use it. Anyone can join a list under any address, so neither
 * carries anything the joiner typed, not even the name (mail/layout.ts). Both are in the
 * language of the page the person joined from (the entry's `locale`; decision 033); the ticket's
 * name is the organizers' and stays as typed.
 */
import {
  ParticipantCategory,
  type Locale,
  type ParticipantCategoryId,
  managePageUrl,
} from '@festival/shared';
import { dateFormat, mailI18n } from '../mail/i18n.js';
import { escapeHtml, renderEmail, sentenceWithBold, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

/** The /register tab of each category (apps/web/app/lib/register-tabs.ts). */
const REGISTER_TAB: Record<ParticipantCategoryId, string> = {
  [ParticipantCategory.Pitcher]: 'pitcher',
  [ParticipantCategory.StartUp]: 'startup',
  [ParticipantCategory.Investor]: 'investor',
  [ParticipantCategory.Visitor]: 'visitor',
};

/** "Sat, 19 Oct, 6:30 pm IST": when an offer runs out, in India time. */
const UNTIL_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

const m = {
  hello: /*i18n*/ { id: 'email.hello', message: 'Hello,' },
  offerSubject: /*i18n*/ {
    id: 'waiting-list.offer-subject',
    message: 'Your seats for {ticket}: voucher {code}',
  },
  offerHeading: /*i18n*/ { id: 'waiting-list.offer-heading', message: '{ticket}: your seats are waiting' },
  offerBack: /*i18n*/ {
    id: 'waiting-list.offer-back',
    message:
      'Seats of {ticket} came back, and you are next on the waiting list. We are holding {seats, plural, one {# seat} other {# seats}} for you until {until}.',
  },
  offerCode: /*i18n*/ { id: 'waiting-list.offer-code', message: 'Your personal voucher code:' },
  offerHow: /*i18n*/ {
    id: 'waiting-list.offer-how',
    message:
      'Register, choose {ticket} in Select Tickets, enter the code and pay. It works once, for up to {seats, plural, one {# seat} other {# seats}}. If you do not use it by then, the seats go to the next person in line.',
  },
  register: /*i18n*/ { id: 'waiting-list.register', message: 'Register' },
  joinedSubject: /*i18n*/ { id: 'waiting-list.joined-subject', message: 'Waiting list: {ticket}' },
  joinedHeading: /*i18n*/ {
    id: 'waiting-list.joined-heading',
    message: 'You are on the waiting list for {ticket}',
  },
  joined: /*i18n*/ {
    id: 'waiting-list.joined',
    message: 'You joined the waiting list for {ticket} ({seats, plural, one {# seat} other {# seats}}).',
  },
  first: /*i18n*/ { id: 'waiting-list.first', message: 'You are first in line.' },
  ahead: /*i18n*/ {
    id: 'waiting-list.ahead',
    message: '{ahead, plural, one {# person is ahead of you.} other {# people are ahead of you.}}',
  },
  next: /*i18n*/ {
    id: 'waiting-list.next',
    message:
      'When seats come back, we email you a personal voucher code that holds {seats, plural, one {# seat} other {# seats}} for you for {hours, plural, one {# hour} other {# hours}}. There is nothing to pay until then.',
  },
  notYou: /*i18n*/ {
    id: 'waiting-list.not-you',
    message:
      'If you did not ask for this, ignore this email: nothing is reserved in your name, and an offer that goes unused passes to the next person.',
  },
};

export interface OfferEmailInput {
  to: string;
  ticketName: string;
  participantCategoryId: number;
  seats: number;
  code: string;
  until: Date;
  publicUrl: string;
  event: MailEvent;
  /** The entry's language. */
  locale: Locale;
}

/** Builds the offer message, in the entry's language. */
export function offerEmail(input: OfferEmailInput): MailMessage {
  const i18n = mailI18n(input.locale);
  const tab = REGISTER_TAB[input.participantCategoryId as ParticipantCategoryId] ?? 'pitcher';
  const url = `${input.publicUrl}/register?tab=${tab}`;
  const values = {
    ticket: input.ticketName,
    seats: input.seats,
    until: dateFormat(i18n, UNTIL_FORMAT).format(input.until),
  };
  const hello = i18n._(m.hello);
  const codeLabel = i18n._(m.offerCode);
  const how = i18n._({ ...m.offerHow, values });
  const register = i18n._(m.register);
  const body = renderEmail({
    i18n,
    event: input.event,
    manageUrl: managePageUrl(input.publicUrl, input.locale),
    heading: i18n._({ ...m.offerHeading, values }),
    html: `<p>${escapeHtml(hello)}</p>
<p>${sentenceWithBold(i18n, m.offerBack, values, 'until')}</p>
<p>${escapeHtml(codeLabel)}</p>
<p style="font-family:monospace;font-size:22px;font-weight:bold;letter-spacing:2px">${escapeHtml(input.code)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1e1b4b;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(register)}</a></p>`,
    text: [
      hello,
      '',
      i18n._({ ...m.offerBack, values }),
      '',
      `${codeLabel} ${input.code}`,
      '',
      how,
      `${register}: ${url}`,
    ].join('\n'),
  });
  return {
    to: input.to,
    subject: i18n._({ ...m.offerSubject, values: { ticket: input.ticketName, code: input.code } }),
    ...body,
  };
}

export interface JoinedEmailInput {
  to: string;
  ticketName: string;
  seats: number;
  /** Open entries ahead of this one. */
  ahead: number;
  /** How long an offer holds its seats. */
  holdHours: number;
  publicUrl: string;
  event: MailEvent;
  /** The entry's language. */
  locale: Locale;
}

/** Builds the confirmation of joining a waiting list, in the entry's language. */
export function joinedEmail(input: JoinedEmailInput): MailMessage {
  const i18n = mailI18n(input.locale);
  const values = { ticket: input.ticketName, seats: input.seats };
  const place = input.ahead === 0 ? i18n._(m.first) : i18n._({ ...m.ahead, values: { ahead: input.ahead } });
  const next = i18n._({ ...m.next, values: { seats: input.seats, hours: input.holdHours } });
  const notYou = i18n._(m.notYou);
  const hello = i18n._(m.hello);
  const body = renderEmail({
    i18n,
    event: input.event,
    manageUrl: managePageUrl(input.publicUrl, input.locale),
    heading: i18n._({ ...m.joinedHeading, values }),
    html: `<p>${escapeHtml(hello)}</p>
<p>${sentenceWithBold(i18n, m.joined, values, 'ticket')} ${escapeHtml(place)}</p>
<p>${escapeHtml(next)}</p>
<p style="color:#6b7280">${escapeHtml(notYou)}</p>`,
    text: [hello, '', `${i18n._({ ...m.joined, values })} ${place}`, '', next, '', notYou].join('\n'),
  });
  return { to: input.to, subject: i18n._({ ...m.joinedSubject, values }), ...body };
}
