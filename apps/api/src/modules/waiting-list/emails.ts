/**
 * The waiting list's emails: the confirmation of joining (where the person stands and what
 * happens next), and the offer: the person's voucher code, the seats it holds and until when
 * (India time), and where to use it. Anyone can join a list under any address, so neither
 * carries anything the joiner typed, not even the name (mail/layout.ts).
 */
import { EVENT_TIME_ZONE, ParticipantCategory, type ParticipantCategoryId } from '@festival/shared';
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

/** The /register tab of each category (apps/web/app/lib/register-tabs.ts). */
const REGISTER_TAB: Record<ParticipantCategoryId, string> = {
  [ParticipantCategory.Pitcher]: 'pitcher',
  [ParticipantCategory.StartUp]: 'startup',
  [ParticipantCategory.Investor]: 'investor',
  [ParticipantCategory.Visitor]: 'visitor',
};

const untilFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export interface OfferEmailInput {
  to: string;
  ticketName: string;
  participantCategoryId: number;
  seats: number;
  code: string;
  until: Date;
  publicUrl: string;
  event: MailEvent;
}

/** Builds the offer message. */
export function offerEmail(input: OfferEmailInput): MailMessage {
  const tab = REGISTER_TAB[input.participantCategoryId as ParticipantCategoryId] ?? 'pitcher';
  const url = `${input.publicUrl}/register?tab=${tab}`;
  const seats = `${input.seats} ${input.seats === 1 ? 'seat' : 'seats'}`;
  const until = untilFormat.format(input.until);
  const body = renderEmail({
    event: input.event,
    manageUrl: `${input.publicUrl}/manage`,
    heading: `${input.ticketName}: your seats are waiting`,
    html: `<p>Hello,</p>
<p>Seats of <strong>${escapeHtml(input.ticketName)}</strong> came back, and you are next on the waiting list. We are holding ${escapeHtml(seats)} for you until <strong>${escapeHtml(until)}</strong>.</p>
<p>Your personal voucher code:</p>
<p style="font-family:monospace;font-size:22px;font-weight:bold;letter-spacing:2px">${escapeHtml(input.code)}</p>
<p><a href="${escapeHtml(url)}">Register</a>, choose ${escapeHtml(input.ticketName)} in Select Tickets, enter the code and pay. It works once, for up to ${escapeHtml(seats)}. If you do not use it by then, the seats go to the next person in line.</p>`,
    text: [
      'Hello,',
      '',
      `Seats of ${input.ticketName} came back, and you are next on the waiting list. We are holding ${seats} for you until ${until}.`,
      '',
      `Your personal voucher code: ${input.code}`,
      '',
      `Register at ${url}, choose ${input.ticketName} in Select Tickets, enter the code and pay. It works once, for up to ${seats}. If you do not use it by then, the seats go to the next person in line.`,
    ].join('\n'),
  });
  return { to: input.to, subject: `Your seats for ${input.ticketName}: voucher ${input.code}`, ...body };
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
}

/** Builds the confirmation of joining a waiting list. */
export function joinedEmail(input: JoinedEmailInput): MailMessage {
  const seats = `${input.seats} ${input.seats === 1 ? 'seat' : 'seats'}`;
  const place =
    input.ahead === 0
      ? 'You are first in line.'
      : `${input.ahead} ${input.ahead === 1 ? 'person is' : 'people are'} ahead of you.`;
  const hold = `${input.holdHours} ${input.holdHours === 1 ? 'hour' : 'hours'}`;
  const next = `When seats come back, we email you a personal voucher code that holds ${seats} for you for ${hold}. There is nothing to pay until then.`;
  const notYou = `If you did not ask for this, ignore this email: nothing is reserved in your name, and an offer that goes unused passes to the next person.`;
  const body = renderEmail({
    event: input.event,
    manageUrl: `${input.publicUrl}/manage`,
    heading: `You are on the waiting list for ${input.ticketName}`,
    html: `<p>Hello,</p>
<p>You joined the waiting list for <strong>${escapeHtml(input.ticketName)}</strong> (${escapeHtml(seats)}). ${escapeHtml(place)}</p>
<p>${escapeHtml(next)}</p>
<p style="color:#6b7280">${escapeHtml(notYou)}</p>`,
    text: [
      'Hello,',
      '',
      `You joined the waiting list for ${input.ticketName} (${seats}). ${place}`,
      '',
      next,
      '',
      notYou,
    ].join('\n'),
  });
  return { to: input.to, subject: `Waiting list: ${input.ticketName}`, ...body };
}
