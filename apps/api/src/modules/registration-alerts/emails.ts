/**
 * The mail of the "Tell me when registration opens" list: the confirmation that an address is
 * on it, sent after it is stored, and the announcement that registration is open, sent once to
 * each waiting address when an organizer announces it. Anyone can type any address into the
 * form, so both carry nothing but the address itself and the festival's own words and facts
 * (mail/layout.ts): no text typed by anyone. Both are in the language of the page the address
 * was left on (the row's `locale`; decision 033).
 */
import type { Locale } from '@festival/shared';
import { mailI18n } from '../mail/i18n.js';
import type { MailMessage } from '../mail/mailer.js';
import {
  escapeHtml,
  formatEventSchedule,
  renderEmail,
  sentenceWithLink,
  type MailEvent,
} from '../mail/layout.js';

const m = {
  hello: /*i18n*/ { id: 'email.hello', message: 'Hello,' },
  alertSubject: /*i18n*/ {
    id: 'registration-alert.subject',
    message: 'Registration for {event}: we will tell you when it opens',
  },
  alertHeading: /*i18n*/ {
    id: 'registration-alert.heading',
    message: 'We will tell you when registration opens',
  },
  promise: /*i18n*/ {
    id: 'registration-alert.promise',
    message:
      'We will write to {email} once registration for {event} opens. Nothing else is sent to this address.',
  },
  news: /*i18n*/ {
    id: 'registration-alert.news',
    message: 'Meanwhile, the festival’s news is on {url}.',
  },
  alertOptOut: /*i18n*/ {
    id: 'registration-alert.opt-out',
    message:
      'If you did not ask for this, or no longer want to hear from us, write to {organizerEmail} and we will remove the address.',
  },
  openSubject: /*i18n*/ { id: 'registration-open.subject', message: 'Registration is open: {event}' },
  openHeading: /*i18n*/ { id: 'registration-open.heading', message: 'Registration is open' },
  open: /*i18n*/ {
    id: 'registration-open.news',
    message: 'Registration for {event} is open. The festival is on {schedule} at {venue}.',
  },
  register: /*i18n*/ { id: 'registration-open.register', message: 'Register at {url}.' },
  why: /*i18n*/ {
    id: 'registration-open.why',
    message:
      'You receive this because {email} asked on our site to hear when registration opens. This is the one email we promised: we will not write to this address about it again.',
  },
  openOptOut: /*i18n*/ {
    id: 'registration-open.opt-out',
    message: 'If you did not ask for this, write to {organizerEmail} and we will remove the address.',
  },
};

export interface AlertConfirmationInput {
  email: string;
  /** The edition the site showed when the address was left. */
  event: MailEvent;
  /** The organisers' address (ORGANIZER_EMAIL), for taking the address off the list. */
  organizerEmail: string;
  /** Public origin of the site, e.g. "https://startupfest.example". */
  siteUrl: string;
  /** The language of the page the address was left on. */
  locale: Locale;
}

/** "We will tell you when registration opens", in the address's language. */
export function alertConfirmationEmail(input: AlertConfirmationInput): MailMessage {
  const { email, event, organizerEmail, siteUrl } = input;
  const i18n = mailI18n(input.locale);
  const hello = i18n._(m.hello);
  const promise = i18n._({ ...m.promise, values: { email, event: event.name } });
  const optOut = i18n._({ ...m.alertOptOut, values: { organizerEmail } });
  const body = renderEmail({
    i18n,
    event,
    heading: i18n._(m.alertHeading),
    html: `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(promise)}</p>
<p>${sentenceWithLink(i18n, m.news, { url: siteUrl }, 'url')}</p>
<p style="color:#6b7280">${escapeHtml(optOut)}</p>`,
    text: [hello, '', promise, '', i18n._({ ...m.news, values: { url: siteUrl } }), '', optOut].join('\n'),
  });
  return { to: email, subject: i18n._({ ...m.alertSubject, values: { event: event.name } }), ...body };
}

export interface RegistrationOpenInput {
  email: string;
  /** The current edition, whose registration has opened. */
  event: MailEvent;
  /** The organisers' address (ORGANIZER_EMAIL), for an address that never asked. */
  organizerEmail: string;
  /** Public origin of the site, e.g. "https://startupfest.example"; the mail links its /register. */
  siteUrl: string;
  /** The language of the page the address was left on. */
  locale: Locale;
}

/**
 * "Registration is open: <edition>", with the edition's dates (India time), venue and the
 * register page, in the address's language.
 */
export function registrationOpenEmail(input: RegistrationOpenInput): MailMessage {
  const { email, event, organizerEmail, siteUrl } = input;
  const i18n = mailI18n(input.locale);
  const registerUrl = `${siteUrl}/register`;
  const hello = i18n._(m.hello);
  const news = i18n._({
    ...m.open,
    values: {
      event: event.name,
      schedule: formatEventSchedule(event.startsAt, event.endsAt, i18n),
      venue: event.venue,
    },
  });
  const why = i18n._({ ...m.why, values: { email } });
  const optOut = i18n._({ ...m.openOptOut, values: { organizerEmail } });
  const body = renderEmail({
    i18n,
    event,
    heading: i18n._(m.openHeading),
    html: `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(news)}</p>
<p>${sentenceWithLink(i18n, m.register, { url: registerUrl }, 'url')}</p>
<p style="color:#6b7280">${escapeHtml(why)}</p>
<p style="color:#6b7280">${escapeHtml(optOut)}</p>`,
    text: [
      hello,
      '',
      news,
      '',
      i18n._({ ...m.register, values: { url: registerUrl } }),
      '',
      why,
      '',
      optOut,
    ].join('\n'),
  });
  return { to: email, subject: i18n._({ ...m.openSubject, values: { event: event.name } }), ...body };
}
