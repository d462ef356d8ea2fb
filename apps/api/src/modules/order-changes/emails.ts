/**
 * Emails of changes to a paid order: to an attendee cancelled from it (their pass no longer
 * admits them) and to a pass's new holder (their pass, in the pass email of the order).
 * The attendee's name is not repeated back: it is whatever the buyer typed (mail/layout.ts).
 */
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

export interface CancelledAttendeeEmailInput {
  to: string;
  reference: string;
  passCode: string;
  ticketName: string;
  event: MailEvent;
  manageUrl: string;
}

/** Tells a cancelled attendee that their pass stops working and who to ask. */
export function cancelledAttendeeEmail(input: CancelledAttendeeEmailInput): MailMessage {
  const lines = [
    `The festival team has cancelled your place in order ${input.reference} (${input.ticketName}).`,
    `Your pass ${input.passCode} no longer admits you at the gate.`,
    'Any refund goes back to whoever paid for the order. If you think this is a mistake, reply to this email.',
  ];
  const body = renderEmail({
    event: input.event,
    manageUrl: input.manageUrl,
    heading: 'Your pass has been cancelled',
    html: `<p>Hello,</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}`,
    text: ['Hello,', '', ...lines.flatMap((line) => [line, ''])].join('\n').trimEnd(),
  });
  return {
    to: input.to,
    subject: `Your pass for ${input.event.name} has been cancelled — ${input.reference}`,
    ...body,
  };
}

export interface TicketChangedEmailInput {
  to: string;
  reference: string;
  passCode: string;
  ticketName: string;
  event: MailEvent;
  manageUrl: string;
}

/** Tells an attendee that their pass, same code, is now of another ticket, with a new QR code (the pass email). */
export function ticketChangedEmail(input: TicketChangedEmailInput): MailMessage {
  const lines = [
    `The festival team has changed your ticket in order ${input.reference} to ${input.ticketName}.`,
    `Your pass ${input.passCode} keeps its code and now admits you as ${input.ticketName}. Its QR code is new: it follows in a separate email. Show the new one at the gate; the old QR code no longer scans.`,
    'Any difference in price is settled with whoever paid for the order. If you think this is a mistake, reply to this email.',
  ];
  const body = renderEmail({
    event: input.event,
    manageUrl: input.manageUrl,
    heading: `Your ticket is now ${input.ticketName}`,
    html: `<p>Hello,</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}`,
    text: ['Hello,', '', ...lines.flatMap((line) => [line, ''])].join('\n').trimEnd(),
  });
  return {
    to: input.to,
    subject: `Your ticket for ${input.event.name} is now ${input.ticketName} — ${input.reference}`,
    ...body,
  };
}
