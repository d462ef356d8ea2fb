/**
 * The organiser's notification of a contact-form inquiry (the spec's /contact page), sent after the
 * inquiry is stored. Every submitted value is escaped in the HTML part.
 */
import type { MailMessage } from '../mail/mailer.js';
import {
  defang,
  escapeHtml,
  formatEventSchedule,
  quoted,
  renderEmail,
  type MailEvent,
} from '../mail/layout.js';

export interface ContactNotificationInput {
  /** The organisers' address (ORGANIZER_EMAIL). */
  to: string;
  inquiryId: number;
  contactPersonName: string;
  email: string;
  number: string;
  subject: string;
  message: string | null;
  event: MailEvent;
}

/** Builds the notification: who wrote, how to reach them, and what they asked. */
export function contactNotificationEmail(input: ContactNotificationInput): MailMessage {
  const { to, inquiryId, contactPersonName, email, number, subject, message, event } = input;
  const schedule = formatEventSchedule(event.startsAt, event.endsAt);
  const rows: [string, string][] = [
    ['Name', contactPersonName],
    ['Email', email],
    ['Phone', number],
    ['Subject', subject],
  ];
  const body = renderEmail({
    event,
    heading: `New inquiry #${inquiryId}`,
    html: `<p>A visitor sent an inquiry about <strong>${escapeHtml(event.name)}</strong> (${escapeHtml(schedule)}) through the contact form.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">
${rows.map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${label}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p style="white-space:pre-wrap">${message ? escapeHtml(message) : '<em>No message.</em>'}</p>`,
    text: [
      `A visitor sent an inquiry about ${event.name} (${schedule}) through the contact form.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      message ?? '(No message.)',
    ].join('\n'),
  });
  return { to, subject: `Contact inquiry #${inquiryId}: ${subject}`, ...body };
}

/**
 * An organizer's answer to an inquiry: their text, then the question it answers. The inquiry's
 * address was typed by whoever sent it, so what they wrote (subject, message) comes back only as
 * an inert quotation and no greeting repeats their name (mail/layout.ts).
 */
export function inquiryReplyEmail(input: {
  to: string;
  subject: string;
  question: string | null;
  reply: string;
  /** Where a further answer goes (ORGANIZER_EMAIL). */
  replyTo: string;
  event: MailEvent;
}): MailMessage {
  const subject = `Re: ${quoted(input.subject)}`;
  const question = defang(input.question ?? input.subject);
  const body = renderEmail({
    event: input.event,
    heading: subject,
    html: `<p>Hello,</p>
<p style="white-space:pre-wrap">${escapeHtml(input.reply)}</p>
<p style="color:#6b7280;margin-top:24px">Your message:</p>
<blockquote style="white-space:pre-wrap;color:#6b7280;border-left:3px solid #e5e7eb;margin:0;padding-left:12px">${escapeHtml(question)}</blockquote>`,
    text: [
      'Hello,',
      '',
      input.reply,
      '',
      'Your message:',
      ...question.split('\n').map((line) => `> ${line}`),
    ].join('\n'),
  });
  return { to: input.to, subject, replyTo: input.replyTo, ...body };
}
