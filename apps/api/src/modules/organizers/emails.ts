/**
 * The warning an organizer receives when sign-ins to their account keep failing:
 * from which address and when, what the limits do, and what to do if it was not them. It
 * carries no secret, and nothing the person guessing chose but the address they came from.
 */
import { isIP } from 'node:net';
import { EVENT_TIME_ZONE } from '@festival/shared';
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
