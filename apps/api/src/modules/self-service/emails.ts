/** The sign-in link email of "Manage my registration". */
import { MANAGE_LINK_MINUTES } from '@festival/shared';
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

export function manageLinkEmail(input: {
  to: string;
  url: string;
  manageUrl: string;
  event: MailEvent;
}): MailMessage {
  const intro = `Use this link to see your registration, pay for it, download your passes or correct a name. It works once, for ${MANAGE_LINK_MINUTES} minutes.`;
  const ignore = 'If you did not ask for it, ignore this email: nothing changes.';
  const body = renderEmail({
    event: input.event,
    manageUrl: input.manageUrl,
    heading: 'Your sign-in link',
    html: `<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#1e1b4b;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Open my registration</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this address into your browser:<br>${escapeHtml(input.url)}</p>
<p>${escapeHtml(ignore)}</p>`,
    text: [intro, '', `Open my registration: ${input.url}`, '', ignore].join('\n'),
  });
  return { to: input.to, subject: `Your sign-in link for ${input.event.name}`, ...body };
}
