/**
 * Emails of changes to a paid order: to an attendee cancelled from it (their pass no longer
 * admits them) and to a pass's new holder (their pass, in the pass email of the order), in the
 * attendee's language. The attendee's name is not repeated back: it is whatever the buyer typed
 * (mail/layout.ts).
 */
import type { Locale } from '@festival/shared';
import { mailI18n, type I18n } from '../mail/i18n.js';
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

const m = {
  hello: /*i18n*/ { id: 'email.hello', message: 'Hello,' },
  cancelledSubject: /*i18n*/ {
    id: 'attendee-cancelled.subject',
    message: 'Your pass for {event} has been cancelled — {reference}',
  },
  cancelledHeading: /*i18n*/ { id: 'attendee-cancelled.heading', message: 'Your pass has been cancelled' },
  cancelledWhat: /*i18n*/ {
    id: 'attendee-cancelled.what',
    message: 'The festival team has cancelled your place in order {reference} ({ticket}).',
  },
  cancelledPass: /*i18n*/ {
    id: 'attendee-cancelled.pass',
    message: 'Your pass {code} no longer admits you at the gate.',
  },
  cancelledRefund: /*i18n*/ {
    id: 'attendee-cancelled.refund',
    message:
      'Any refund goes back to whoever paid for the order. If you think this is a mistake, reply to this email.',
  },
  changedSubject: /*i18n*/ {
    id: 'ticket-changed.subject',
    message: 'Your ticket for {event} is now {ticket} — {reference}',
  },
  changedHeading: /*i18n*/ { id: 'ticket-changed.heading', message: 'Your ticket is now {ticket}' },
  changedWhat: /*i18n*/ {
    id: 'ticket-changed.what',
    message: 'The festival team has changed your ticket in order {reference} to {ticket}.',
  },
  changedPass: /*i18n*/ {
    id: 'ticket-changed.pass',
    message:
      'Your pass {code} keeps its code and now admits you as {ticket}. Its QR code is new: it follows in a separate email. Show the new one at the gate; the old QR code no longer scans.',
  },
  changedPrice: /*i18n*/ {
    id: 'ticket-changed.price',
    message:
      'Any difference in price is settled with whoever paid for the order. If you think this is a mistake, reply to this email.',
  },
};

export interface AttendeeChangeEmailInput {
  to: string;
  reference: string;
  passCode: string;
  ticketName: string;
  event: MailEvent;
  manageUrl: string;
  /** The attendee's registration language. */
  locale: Locale;
}

/** The greeting and `lines` as one body in the layout. */
function paragraphs(i18n: I18n, input: AttendeeChangeEmailInput, heading: string, lines: string[]) {
  const hello = i18n._(m.hello);
  return renderEmail({
    i18n,
    event: input.event,
    manageUrl: input.manageUrl,
    heading,
    html: `<p>${escapeHtml(hello)}</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}`,
    text: [hello, '', ...lines.flatMap((line) => [line, ''])].join('\n').trimEnd(),
  });
}

/** Tells a cancelled attendee that their pass stops working and who to ask. */
export function cancelledAttendeeEmail(input: AttendeeChangeEmailInput): MailMessage {
  const i18n = mailI18n(input.locale);
  const values = {
    reference: input.reference,
    ticket: input.ticketName,
    code: input.passCode,
    event: input.event.name,
  };
  const lines = [
    i18n._({ ...m.cancelledWhat, values }),
    i18n._({ ...m.cancelledPass, values }),
    i18n._(m.cancelledRefund),
  ];
  return {
    to: input.to,
    subject: i18n._({ ...m.cancelledSubject, values }),
    ...paragraphs(i18n, input, i18n._(m.cancelledHeading), lines),
  };
}

/** Tells an attendee that their pass, same code, is now of another ticket, with a new QR code (the pass email). */
export function ticketChangedEmail(input: AttendeeChangeEmailInput): MailMessage {
  const i18n = mailI18n(input.locale);
  const values = {
    reference: input.reference,
    ticket: input.ticketName,
    code: input.passCode,
    event: input.event.name,
  };
  const lines = [
    i18n._({ ...m.changedWhat, values }),
    i18n._({ ...m.changedPass, values }),
    i18n._(m.changedPrice),
  ];
  return {
    to: input.to,
    subject: i18n._({ ...m.changedSubject, values }),
    ...paragraphs(i18n, input, i18n._({ ...m.changedHeading, values }), lines),
  };
}
