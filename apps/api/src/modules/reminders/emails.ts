/**
 * The unpaid reminder: the registration is saved but not paid, and a sign-in link to Manage my
 * registration, where it can be paid. Like the sign-in link email, it carries nothing the
 * registrant typed (mail/layout.ts), since anyone may register under any address.
 */
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

export interface UnpaidReminderInput {
  to: string;
  /** The sign-in link (self-service `manageLinkUrl`). */
  url: string;
  manageUrl: string;
  /** How long the link works, in hours. */
  linkHours: number;
  event: MailEvent;
}

export function unpaidReminderEmail(input: UnpaidReminderInput): MailMessage {
  const intro = `You registered for ${input.event.name}, and the registration is saved, but it is not paid yet. Passes are issued once it is paid, while seats last.`;
  const how = `Open your registration to pay for it. The link works once, for ${input.linkHours} hours; after that, ask for a new one on Manage my registration.`;
  const last = 'If you are not coming, ignore this email: this is the only reminder we send.';
  const body = renderEmail({
    event: input.event,
    manageUrl: input.manageUrl,
    heading: 'Your registration is not paid yet',
    html: `<p>Hello,</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#1e1b4b;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Pay for my registration</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this address into your browser:<br>${escapeHtml(input.url)}</p>
<p>${escapeHtml(last)}</p>`,
    text: ['Hello,', '', intro, '', how, '', `Pay for my registration: ${input.url}`, '', last].join('\n'),
  });
  return { to: input.to, subject: `Your ${input.event.name} registration is not paid yet`, ...body };
}
