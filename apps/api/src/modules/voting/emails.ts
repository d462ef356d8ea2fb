/**
 * The award-voting OTP email (the spec's vote popup): the festival's name and dates, the code,
 * and how long it stays valid, in the language of the page the vote was cast from. Sent after
 * the code's row commits.
 */
import type { Locale } from '@festival/shared';
import type { MailMessage } from '../mail/mailer.js';
import { mailI18n } from '../mail/i18n.js';
import {
  escapeHtml,
  formatEventSchedule,
  renderEmail,
  sentenceWithBold,
  type MailEvent,
} from '../mail/layout.js';

export interface OtpEmailInput {
  to: string;
  /** The one-time code, e.g. "042917". */
  code: string;
  /** How long the code stays valid, in seconds (shown in whole minutes). */
  ttlSeconds: number;
  event: MailEvent;
  /** The language the code was asked in. */
  locale: Locale;
}

const m = {
  subject: /*i18n*/ { id: 'otp.subject', message: 'Your voting code for {event}' },
  heading: /*i18n*/ { id: 'otp.heading', message: 'Your award voting code' },
  use: /*i18n*/ {
    id: 'otp.use',
    message: 'Use this one-time code to confirm your vote in the {event} awards ({schedule}):',
  },
  expiry: /*i18n*/ {
    id: 'otp.expiry',
    message: 'This code expires in {minutes, plural, one {# minute} other {# minutes}} and can be used once.',
  },
  ignore: /*i18n*/ {
    id: 'otp.ignore',
    message: 'If you did not ask to vote, ignore this email: no vote is recorded without the code.',
  },
};

/** Builds the OTP message; the subject names the code's purpose, never the code itself. */
export function otpEmail({ to, code, ttlSeconds, event, locale }: OtpEmailInput): MailMessage {
  const i18n = mailI18n(locale);
  const schedule = formatEventSchedule(event.startsAt, event.endsAt, i18n);
  const expiry = i18n._({ ...m.expiry, values: { minutes: Math.round(ttlSeconds / 60) } });
  const ignore = i18n._(m.ignore);
  const body = renderEmail({
    i18n,
    event,
    heading: i18n._(m.heading),
    html: `<p>${sentenceWithBold(i18n, m.use, { event: event.name, schedule }, 'event')}</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:24px 0">${escapeHtml(code)}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#6b7280">${escapeHtml(ignore)}</p>`,
    text: [
      i18n._({ ...m.use, values: { event: event.name, schedule } }),
      '',
      `    ${code}`,
      '',
      expiry,
      '',
      ignore,
    ].join('\n'),
  });
  return { to, subject: i18n._({ ...m.subject, values: { event: event.name } }), ...body };
}
