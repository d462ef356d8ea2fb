/**
 * The registration confirmation email, sent after the registration commits. It says which
 * address registered as what, for which event, when and where (times in Asia/Kolkata), and what
 * to do next: choose a ticket and pay to receive the event pass.
 *
 * Anyone can type any address into the form, so this mail carries nothing the form's sender
 * wrote: no name, no company (mail/layout.ts). Names first appear in the pass email.
 */
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml, formatEventSchedule, renderEmail } from '../mail/layout.js';

export interface RegistrationEmailInput {
  email: string;
  /** Participant category name, e.g. "Pitcher". */
  role: string;
  event: { name: string; venue: string; venueMapUrl: string; startsAt: Date; endsAt: Date };
  /** Public origin of the site, e.g. "https://startupfest.example". */
  siteUrl: string;
}

function articleFor(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** "a Pitcher", "an Investor". */
export function withArticle(role: string): string {
  return `${articleFor(role)} ${role}`;
}

/** Builds the confirmation message for one registered attendee. */
export function registrationConfirmationEmail(input: RegistrationEmailInput): MailMessage {
  const { email, role, event, siteUrl } = input;
  const schedule = formatEventSchedule(event.startsAt, event.endsAt);
  // Not /register: registering again with this email is refused; the manage page pays this one.
  const manageUrl = `${siteUrl}/manage`;
  const next =
    'Choose a ticket and complete the payment to receive your event pass. ' +
    'The pass, with its QR code, is emailed to you as soon as the payment is confirmed. ' +
    'If you closed the payment window, ask for a sign-in link on the Manage my registration page and pay from there.';
  const notYou = 'If you did not register, ignore this email: no pass is issued without a payment.';

  const body = renderEmail({
    event,
    manageUrl,
    heading: 'You are registered',
    html: `<p>Hello,</p>
<p>Thank you for registering as ${articleFor(role)} <strong>${escapeHtml(role)}</strong> for <strong>${escapeHtml(event.name)}</strong>.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">
<tr><td style="padding:4px 12px 4px 0;color:#6b7280">When</td><td style="padding:4px 0">${escapeHtml(schedule)}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#6b7280">Where</td><td style="padding:4px 0"><a href="${escapeHtml(event.venueMapUrl)}">${escapeHtml(event.venue)}</a></td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#6b7280">Registered as</td><td style="padding:4px 0">${escapeHtml(role)} (${escapeHtml(email)})</td></tr>
</table>
<h2 style="font-size:16px;margin:24px 0 8px">What happens next</h2>
<p>${escapeHtml(next)}</p>
<p><a href="${escapeHtml(manageUrl)}" style="display:inline-block;background:#1e1b4b;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Manage my registration</a></p>
<p style="color:#6b7280">${escapeHtml(notYou)}</p>`,
    text: [
      'Hello,',
      '',
      `Thank you for registering as ${withArticle(role)} for ${event.name}.`,
      '',
      `When: ${schedule}`,
      `Where: ${event.venue} (${event.venueMapUrl})`,
      `Registered as: ${role} (${email})`,
      '',
      'What happens next',
      next,
      `Manage my registration: ${manageUrl}`,
      '',
      notYou,
    ].join('\n'),
  });

  return { to: email, subject: `Your registration for ${event.name}`, ...body };
}
