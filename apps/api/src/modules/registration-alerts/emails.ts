/**
 * The mail of the "Tell me when registration opens" list: the confirmation that an address is
 * on it, sent after it is stored, and the announcement that registration is open, sent once to
 * each waiting address when an organizer announces it. Anyone can type any address into the
 * form, so both carry nothing but the address itself and the festival's own words and facts
 * (mail/layout.ts): no text typed by anyone.
 */
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml, formatEventSchedule, renderEmail, type MailEvent } from '../mail/layout.js';

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

export interface RegistrationOpenInput {
  email: string;
  /** The current edition, whose registration has opened. */
  event: MailEvent;
  /** The organisers' address (ORGANIZER_EMAIL), for an address that never asked. */
  organizerEmail: string;
  /** Public origin of the site, e.g. "https://startupfest.example"; the mail links its /register. */
  siteUrl: string;
}

/** "Registration is open: <edition>", with the edition's dates (India time), venue and the register page. */
export function registrationOpenEmail(input: RegistrationOpenInput): MailMessage {
  const { email, event, organizerEmail, siteUrl } = input;
  const registerUrl = `${siteUrl}/register`;
  const news = `Registration for ${event.name} is open.`;
  const when = `${formatEventSchedule(event.startsAt, event.endsAt)} at ${event.venue}.`;
  const why = `You receive this because ${email} asked on our site to hear when registration opens. This is the one email we promised: we will not write to this address about it again.`;
  const optOut = `If you did not ask for this, write to ${organizerEmail} and we will remove the address.`;
  const body = renderEmail({
    event,
    heading: 'Registration is open',
    html: `<p>Hello,</p>
<p>${escapeHtml(news)} The festival is on ${escapeHtml(when)}</p>
<p>Register at <a href="${escapeHtml(registerUrl)}">${escapeHtml(registerUrl)}</a>.</p>
<p style="color:#6b7280">${escapeHtml(why)}</p>
<p style="color:#6b7280">${escapeHtml(optOut)}</p>`,
    text: [
      'Hello,',
      '',
      `${news} The festival is on ${when}`,
      '',
      `Register at ${registerUrl}`,
      '',
      why,
      '',
      optOut,
    ].join('\n'),
  });
  return { to: email, subject: `Registration is open: ${event.name}`, ...body };
}
