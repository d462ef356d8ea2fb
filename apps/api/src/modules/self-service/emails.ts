/** The sign-in link email of "Manage my registration", in the language it was asked in. */
import { MANAGE_LINK_MINUTES, type Locale } from '@festival/shared';
import { mailI18n } from '../mail/i18n.js';
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

const m = {
  subject: /*i18n*/ { id: 'manage-link.subject', message: 'Your sign-in link for {event}' },
  heading: /*i18n*/ { id: 'manage-link.heading', message: 'Your sign-in link' },
  intro: /*i18n*/ {
    id: 'manage-link.intro',
    message:
      'Use this link to see your registration, pay for it, download your passes or correct a name. It works once, for {minutes} minutes.',
  },
  ignore: /*i18n*/ {
    id: 'manage-link.ignore',
    message: 'If you did not ask for it, ignore this email: nothing changes.',
  },
  open: /*i18n*/ { id: 'manage-link.open', message: 'Open my registration' },
  paste: /*i18n*/ { id: 'manage-link.paste', message: 'Or paste this address into your browser:' },
};

export function manageLinkEmail(input: {
  to: string;
  url: string;
  manageUrl: string;
  event: MailEvent;
  locale: Locale;
}): MailMessage {
  const i18n = mailI18n(input.locale);
  const intro = i18n._({ ...m.intro, values: { minutes: MANAGE_LINK_MINUTES } });
  const ignore = i18n._(m.ignore);
  const open = i18n._(m.open);
  const body = renderEmail({
    i18n,
    event: input.event,
    manageUrl: input.manageUrl,
    heading: i18n._(m.heading),
    html: `<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#1e1b4b;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(open)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(i18n._(m.paste))}<br>${escapeHtml(input.url)}</p>
<p>${escapeHtml(ignore)}</p>`,
    text: [intro, '', `${open}: ${input.url}`, '', ignore].join('\n'),
  });
  return { to: input.to, subject: i18n._({ ...m.subject, values: { event: input.event.name } }), ...body };
}
