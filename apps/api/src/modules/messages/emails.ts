/**
 * An organizer's message as one recipient receives it: the plain-text body with its merge
 * fields filled in, inside the festival's layout (mail/layout.ts). The organizer's words are
 * escaped, never trusted as HTML; the recipient's name was typed by whoever registered, so it
 * is defanged (no link a mail client would make of it). A non-transactional message carries an
 * unsubscribe link in its footer and the List-Unsubscribe headers (RFC 2369, RFC 8058 one-click).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MERGE_FIELD_PATTERN, type MessageMergeField } from '@festival/shared';
import { defang, escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

/** The merge data of one recipient. */
export interface MergeData {
  name: string;
  /** Their order's reference; an empty string where they have none. */
  reference: string | null;
}

export interface MessageEmailInput {
  to: string;
  subject: string;
  body: string;
  merge: MergeData;
  event: MailEvent;
  /** Public origin of the site, e.g. "https://startupfest.example". */
  siteUrl: string;
  /** The recipient's unsubscribe link; absent for a transactional message. */
  unsubscribeUrl?: string | undefined;
}

/** `body` with each merge field replaced by the recipient's value (fields are checked before). */
export function fillMergeFields(body: string, values: Record<MessageMergeField, string>): string {
  return body.replace(
    MERGE_FIELD_PATTERN,
    (_match, field: string) => values[field as MessageMergeField] ?? '',
  );
}

/** The organizer's text as HTML paragraphs: blank lines part paragraphs, single breaks stay. */
function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((part) => `<p>${escapeHtml(part.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** The email of `input.body` for one recipient. */
export function messageEmail(input: MessageEmailInput): MailMessage {
  const manageUrl = `${input.siteUrl}/manage`;
  const text = fillMergeFields(input.body.replace(/\r\n/g, '\n'), {
    name: defang(input.merge.name).replace(/\s+/g, ' ').trim(),
    reference: input.merge.reference ?? '',
    manage_link: manageUrl,
  });
  const why = input.unsubscribeUrl
    ? `You receive this because ${input.to} is on ${input.event.name}'s list. To stop these messages: ${input.unsubscribeUrl}`
    : undefined;
  const html =
    paragraphs(text) +
    (input.unsubscribeUrl
      ? `\n<p style="color:#6b7280;font-size:12px">You receive this because ${escapeHtml(input.to)} is on ${escapeHtml(input.event.name)}'s list. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>`
      : '');
  const body = renderEmail({
    event: input.event,
    heading: input.subject,
    html,
    text: why ? `${text}\n\n${why}` : text,
    manageUrl,
  });
  return {
    to: input.to,
    subject: input.subject,
    ...body,
    ...(input.unsubscribeUrl
      ? {
          headers: {
            'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

function signature(secret: string, recipientId: number): string {
  return createHmac('sha256', secret).update(`message-unsubscribe:${recipientId}`).digest('base64url');
}

/** The unsubscribe token of a recipient: its id and an HMAC-SHA256 of it under OTP_SECRET. */
export function unsubscribeToken(secret: string, recipientId: number): string {
  return `${recipientId}.${signature(secret, recipientId)}`;
}

/** The recipient id a token was made for, or undefined when it was not made under `secret`. */
export function recipientOfToken(secret: string, token: string): number | undefined {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

/** The public unsubscribe address of a token (the route in routes.ts, also the one-click POST target). */
export function unsubscribeUrlOf(siteUrl: string, token: string): string {
  return `${siteUrl}/api/messages/unsubscribe?token=${encodeURIComponent(token)}`;
}
