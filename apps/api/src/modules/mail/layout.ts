/**
 * The festival's email frame: one HTML layout and its plain-text twin, so every template
 * only writes its body. Values interpolated into HTML must go through `escapeHtml`.
 *
 * Text someone typed into a form (a name, a company, a message) can be written to look like the
 * festival's own words ("Your account is suspended, visit http://…") and sent to any address
 * typed with it. So mail that a stranger's form alone triggers carries none of it, and mail that
 * does carry it (passes after a payment, an organizer's answer) shows it through `quoted` or
 * `defang`: marked as someone's input, with nothing a mail client would turn into a link.
 */
import escapeHtml from 'escape-html';
import { dateFormat, mailI18n, type I18n, type MessageDescriptor } from './i18n.js';

export { escapeHtml };

/**
 * Anything a mail client may render as a link, or as text running another way: a scheme's
 * "://", a dot or "@" between letters or digits (domains and addresses, also with the
 * full-width and ideographic dots IDNA reads as dots).
 */
const LINK_MAKERS = /:\/\/|(?<=[\p{L}\p{N}])[.\uFF0E\u3002\uFF61@](?=[\p{L}\p{N}])/gu;
/**
 * Control and format characters (bidirectional overrides, zero-width spaces) that can hide or
 * reorder text; not line breaks and tabs, nor the zero-width joiner and non-joiner that Indic
 * scripts and emoji are spelt with.
 */
const HIDDEN_CHARACTERS = /(?![\n\t\u200C\u200D])[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu;

/**
 * `value` with its would-be links broken the way security notices write them ("http[://]",
 * "phish[.]example", "name[@]host") and its hidden characters removed, line breaks kept. For
 * typed text shown as a quotation in mail.
 */
export function defang(value: string): string {
  return value.replace(HIDDEN_CHARACTERS, '').replace(LINK_MAKERS, (match) => `[${match}]`);
}

/**
 * Typed text as one inert line in quotation marks (“…”), for a name or subject shown as data in
 * mail: `defang`, with every run of white space (line breaks too) made one space.
 */
export function quoted(value: string): string {
  return `“${defang(value).replace(/\s+/gu, ' ').trim()}”`;
}

/** The event an email is about, as its row in `events` holds it (instants in UTC). */
export interface MailEvent {
  name: string;
  venue: string;
  startsAt: Date;
  endsAt: Date;
}

export interface EmailBody {
  /** Heading shown at the top of the message. */
  heading: string;
  /** Inner HTML; callers escape every value they interpolate. */
  html: string;
  text: string;
  /** Names the festival in the header, and its dates and venue in the footer. */
  event: MailEvent;
  /**
   * The site's "Manage my registration" page (`<PUBLIC_URL>/manage`): every email to a
   * registrant links it in the footer. Omitted for mail to others (voters, inquirers).
   */
  manageUrl?: string;
  /**
   * The recipient's language (modules/mail/i18n.ts), for the frame's own words and `lang`;
   * English when omitted (mail to organizers, and legal documents, stay English).
   */
  i18n?: I18n;
}

const m = {
  manage: /*i18n*/ { id: 'layout.manage', message: 'Manage my registration' },
  manageHint: /*i18n*/ { id: 'layout.manage-hint', message: 'pay, download passes, correct a name' },
};

/** English, for mail with no recipient's language. */
const ENGLISH = mailI18n();

/**
 * "20–21 October 2024, 10:00 am – 7:00 pm IST": the days, then the daily opening hours, in the
 * language of `i18n` (English without it), in India time with Latin digits.
 */
export function formatEventSchedule(startsAt: Date, endsAt: Date, i18n: I18n = ENGLISH): string {
  const days = dateFormat(i18n, { day: 'numeric', month: 'long', year: 'numeric' });
  const time = dateFormat(i18n, { hour: 'numeric', minute: '2-digit' });
  return `${days.formatRange(startsAt, endsAt)}, ${time.format(startsAt)} – ${time.format(endsAt)} IST`;
}

/**
 * A translated sentence as HTML with the value `bold` names in `<strong>`: wherever the
 * language puts it, the sentence is escaped around the value and the value on its own.
 */
export function sentenceWithBold(
  i18n: I18n,
  descriptor: MessageDescriptor,
  values: Record<string, string | number>,
  bold: string,
): string {
  return sentenceWithHtml(i18n, descriptor, values, bold, (value) => `<strong>${value}</strong>`);
}

/**
 * A translated sentence as HTML with the address the value `link` names made a link to itself,
 * wherever the language puts it ("Register at <a href=…>…</a>.").
 */
export function sentenceWithLink(
  i18n: I18n,
  descriptor: MessageDescriptor,
  values: Record<string, string | number>,
  link: string,
): string {
  return sentenceWithHtml(i18n, descriptor, values, link, (url) => `<a href="${url}">${url}</a>`);
}

/** The sentence escaped around the value `key`, and the escaped value as `html` draws it. */
function sentenceWithHtml(
  i18n: I18n,
  descriptor: MessageDescriptor,
  values: Record<string, string | number>,
  key: string,
  html: (escapedValue: string) => string,
): string {
  const marker = '\u0000';
  const [before = '', after = ''] = escapeHtml(
    i18n._({ ...descriptor, values: { ...values, [key]: marker } }),
  ).split(marker);
  return `${before}${html(escapeHtml(String(values[key] ?? '')))}${after}`;
}

/** Wraps a body in the festival's layout; the festival's facts come from the event row. */
export function renderEmail({ heading, html, text, event, manageUrl, i18n = ENGLISH }: EmailBody): {
  html: string;
  text: string;
} {
  const festival = event.name;
  const footer = `${formatEventSchedule(event.startsAt, event.endsAt, i18n)} · ${event.venue}`;
  const manage = i18n._(m.manage);
  const manageHtml = manageUrl
    ? `<br><a href="${escapeHtml(manageUrl)}" style="color:#1e1b4b">${escapeHtml(manage)}</a> — ${escapeHtml(i18n._(m.manageHint))}`
    : '';
  const manageText = manageUrl ? `\n${manage}: ${manageUrl}` : '';
  return {
    html: `<!doctype html><html lang="${escapeHtml(i18n.locale)}"><body style="margin:0;background:#f4f4f7;font-family:Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:#1e1b4b;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(festival)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${html}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(footer)}${manageHtml}</td></tr>
</table></td></tr></table></body></html>`,
    text: `${festival}\n\n${heading}\n\n${text}\n\n--\n${footer}${manageText}\n`,
  };
}
