/**
 * The unpaid reminder: the registration is saved but not paid, and a sign-in link to Manage my
 * registration, where it can be paid. Like the sign-in link email, it carries nothing the
 * registrant typed (mail/layout.ts), since anyone may register under any address.
 */
import type { Locale } from '@festival/shared';
import { mailI18n } from '../mail/i18n.js';
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
  /** The registration's language. */
  locale: Locale;
}

const m = {
  subject: /*i18n*/ {
    id: 'unpaid-reminder.subject',
    message: 'Your {event} registration is not paid yet',
  },
  heading: /*i18n*/ { id: 'unpaid-reminder.heading', message: 'Your registration is not paid yet' },
  hello: /*i18n*/ { id: 'email.hello', message: 'Hello,' },
  intro: /*i18n*/ {
    id: 'unpaid-reminder.intro',
    message:
      'You registered for {event}, and the registration is saved, but it is not paid yet. Passes are issued once it is paid, while seats last.',
  },
  how: /*i18n*/ {
    id: 'unpaid-reminder.how',
    message:
      'Open your registration to pay for it. The link works once, for {hours} hours; after that, ask for a new one on Manage my registration.',
  },
  last: /*i18n*/ {
    id: 'unpaid-reminder.last',
    message: 'If you are not coming, ignore this email: this is the only reminder we send.',
  },
  pay: /*i18n*/ { id: 'unpaid-reminder.pay', message: 'Pay for my registration' },
  paste: /*i18n*/ { id: 'manage-link.paste', message: 'Or paste this address into your browser:' },
};

/** The reminder in the registration's language. */
export function unpaidReminderEmail(input: UnpaidReminderInput): MailMessage {
  const i18n = mailI18n(input.locale);
  const intro = i18n._({ ...m.intro, values: { event: input.event.name } });
  const how = i18n._({ ...m.how, values: { hours: input.linkHours } });
  const last = i18n._(m.last);
  const hello = i18n._(m.hello);
  const pay = i18n._(m.pay);
  const body = renderEmail({
    i18n,
    event: input.event,
    manageUrl: input.manageUrl,
    heading: i18n._(m.heading),
    html: `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#1e1b4b;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(pay)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(i18n._(m.paste))}<br>${escapeHtml(input.url)}</p>
<p>${escapeHtml(last)}</p>`,
    text: [hello, '', intro, '', how, '', `${pay}: ${input.url}`, '', last].join('\n'),
  });
  return {
    to: input.to,
    subject: i18n._({ ...m.subject, values: { event: input.event.name } }),
    ...body,
  };
}
