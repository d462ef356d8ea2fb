/**
 * The confirmation that an address is on the "Tell me when registration opens" list, sent
 * after it is stored. Anyone can type any address into the form, so the mail carries nothing
 * but the address itself and the festival's own words (mail/layout.ts).
 */
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';

export interface AlertConfirmationInput {
  email: string;
  /** The edition the site showed when the address was left. */
  event: MailEvent;
  /** The organisers' address (ORGANIZER_EMAIL), for taking the address off the list. */
  organizerEmail: string;
  /** Public origin of the site, e.g. "https://startupfest.example". */
  siteUrl: string;
}

export function alertConfirmationEmail(input: AlertConfirmationInput): MailMessage {
  const { email, event, organizerEmail, siteUrl } = input;
  const promise = `We will write to ${email} once registration for ${event.name} opens. Nothing else is sent to this address.`;
  const optOut = `If you did not ask for this, or no longer want to hear from us, write to ${organizerEmail} and we will remove the address.`;
  const body = renderEmail({
    event,
    heading: 'We will tell you when registration opens',
    html: `<p>Hello,</p>
<p>${escapeHtml(promise)}</p>
<p>Meanwhile, the festival's news is on <a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a>.</p>
<p style="color:#6b7280">${escapeHtml(optOut)}</p>`,
    text: ['Hello,', '', promise, '', `The festival's news: ${siteUrl}`, '', optOut].join('\n'),
  });
  return { to: email, subject: `Registration for ${event.name}: we will tell you when it opens`, ...body };
}
