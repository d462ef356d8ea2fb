/**
 * Organizers' emails: the invitation, the password reset, and the warning an organizer receives
 * when sign-ins to their account keep failing (from which address and when, what the limits
 * do, and what to do if it was not them; it carries no secret, and nothing the person guessing
 * chose but the address they came from).
 */
import { isIP } from 'node:net';
import { EVENT_TIME_ZONE, ROLES_REQUIRING_TWO_FACTOR, type OrganizerRole } from '@festival/shared';
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';
import { SIGN_IN_PER_ACCOUNT_AND_ADDRESS } from './sign-in-limits.js';

const instantFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  dateStyle: 'long',
  timeStyle: 'short',
});

export function signInWarningEmail(input: {
  to: string;
  /** The client address of the latest failed attempt, as the server resolved it. */
  address: string;
  at: Date;
  /** The console's account page, where the password and two-factor are changed. */
  accountUrl: string;
  event: MailEvent;
}): MailMessage {
  // Behind a proxy the address comes from a header; print it only when it is one.
  const address = isIP(input.address) ? input.address : 'an address we could not read';
  const minutes = SIGN_IN_PER_ACCOUNT_AND_ADDRESS.blockSeconds / 60;
  const what = `Someone keeps trying to sign in to your ${input.event.name} organizer account with a wrong password, most recently from ${address} on ${instantFormat.format(input.at)} IST.`;
  const limits = `An address that keeps failing is paused for ${minutes} minutes, and repeated attempts from anywhere are slowed down. Your own sign-in with your password still works.`;
  const advice =
    'If it was you, there is nothing to do. If not, none of these attempts opened your account: make sure your password is used nowhere else, and set up two-factor authentication or a passkey on your account page.';
  const body = renderEmail({
    event: input.event,
    heading: 'Failed sign-ins to your organizer account',
    html: `<p>${escapeHtml(what)}</p>
<p>${escapeHtml(limits)}</p>
<p>${escapeHtml(advice)}</p>
<p><a href="${escapeHtml(input.accountUrl)}" style="color:#1e1b4b">Your account page</a></p>`,
    text: [what, '', limits, '', advice, '', `Your account page: ${input.accountUrl}`].join('\n'),
  });
  return { to: input.to, subject: `Failed sign-ins to your ${input.event.name} organizer account`, ...body };
}

/** Role words for the invitation: what the role lets them do in the console. */
const ROLE_WORDS: Record<OrganizerRole, string> = {
  owner: 'owner (everything, organizers included)',
  manager: 'manager (registrations, orders, tickets and content)',
  finance: 'finance (orders, refunds, invoices and exports)',
  content: 'content editor (the website’s pages and lists)',
  gate: 'gate steward (check-in at the entrance)',
};

/**
 * The invitation of a new organizer: who invited them, in which role, the link to choose their
 * password (valid `validDays`), and, for a role that needs it, the two-factor step that follows.
 * The names are an owner's words, shown as typed (escaped).
 */
export function invitationEmail(input: {
  to: string;
  name: string;
  role: OrganizerRole;
  invitedBy: string;
  url: string;
  validDays: number;
  event: MailEvent;
}): MailMessage {
  const console = `the ${input.event.name} organizer console`;
  const what = `${input.invitedBy} has added you to ${console} as ${ROLE_WORDS[input.role]}.`;
  const step = `Choose your password with the link below. It works once, for ${input.validDays} days; if it has lapsed, ask ${input.invitedBy} to send a new one.`;
  const twoFactor = ROLES_REQUIRING_TWO_FACTOR.includes(input.role)
    ? 'Your role needs two-factor authentication: after your first sign-in the console asks you to set up an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password or similar) and to keep ten backup codes.'
    : '';
  const body = renderEmail({
    event: input.event,
    heading: `Hello ${input.name}`,
    html: `<p>${escapeHtml(what)}</p>
<p>${escapeHtml(step)}</p>
<p><a href="${escapeHtml(input.url)}" style="color:#1e1b4b;font-weight:bold">Choose your password</a></p>
${twoFactor ? `<p>${escapeHtml(twoFactor)}</p>` : ''}
<p>${escapeHtml(`Sign in afterwards with ${input.to}.`)}</p>`,
    text: [
      what,
      '',
      step,
      '',
      `Choose your password: ${input.url}`,
      '',
      ...(twoFactor ? [twoFactor, ''] : []),
      `Sign in afterwards with ${input.to}.`,
    ].join('\n'),
  });
  return { to: input.to, subject: `You are invited to ${console}`, ...body };
}

/**
 * The password reset an organizer asked for on the sign-in page: the link (valid
 * `validMinutes`), and what to do if they did not ask. Anyone can ask for any address, so it
 * carries nothing but the link.
 */
export function passwordResetEmail(input: {
  to: string;
  url: string;
  validMinutes: number;
  event: MailEvent;
}): MailMessage {
  const what = `Someone, hopefully you, asked to reset the password of your ${input.event.name} organizer account.`;
  const step = `Choose a new password with the link below. It works once, for ${input.validMinutes} minutes, and signs you out everywhere. Your two-factor authentication stays as it is.`;
  const advice = 'If you did not ask, ignore this email: your password stays as it is.';
  const body = renderEmail({
    event: input.event,
    heading: 'Reset your password',
    html: `<p>${escapeHtml(what)}</p>
<p>${escapeHtml(step)}</p>
<p><a href="${escapeHtml(input.url)}" style="color:#1e1b4b;font-weight:bold">Choose a new password</a></p>
<p>${escapeHtml(advice)}</p>`,
    text: [what, '', step, '', `Choose a new password: ${input.url}`, '', advice].join('\n'),
  });
  return { to: input.to, subject: `Reset your ${input.event.name} organizer password`, ...body };
}
