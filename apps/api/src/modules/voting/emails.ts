/**
 * The award-voting OTP email (the spec's vote popup): the festival's name and dates, the code,
 * and how long it stays valid. Sent after the code's row commits.
 */
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml, formatEventSchedule, renderEmail, type MailEvent } from '../mail/layout.js';
import { minutesPhrase } from '../../lib/minutes.js';

export interface OtpEmailInput {
  to: string;
  /** The one-time code, e.g. "042917". */
  code: string;
  /** How long the code stays valid, in seconds (shown in whole minutes). */
  ttlSeconds: number;
  event: MailEvent;
}

/** Builds the OTP message; the subject names the code's purpose, never the code itself. */
export function otpEmail({ to, code, ttlSeconds, event }: OtpEmailInput): MailMessage {
  const schedule = formatEventSchedule(event.startsAt, event.endsAt);
  const minutes = Math.round(ttlSeconds / 60);
  const expiry = `This code expires in ${minutesPhrase(minutes)} and can be used once.`;
  const ignore = 'If you did not ask to vote, ignore this email: no vote is recorded without the code.';
  const body = renderEmail({
    event,
    heading: 'Your award voting code',
    html: `<p>Use this one-time code to confirm your vote in the <strong>${escapeHtml(event.name)}</strong> awards (${escapeHtml(schedule)}):</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:24px 0">${escapeHtml(code)}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#6b7280">${escapeHtml(ignore)}</p>`,
    text: [
      `Use this one-time code to confirm your vote in the ${event.name} awards (${schedule}):`,
      '',
      `    ${code}`,
      '',
      expiry,
      '',
      ignore,
    ].join('\n'),
  });
  return { to, subject: `Your voting code for ${event.name}`, ...body };
}
