/**
 * The registration confirmation email, sent after the registration commits. It says which
 * address registered as what, for which event, when and where (times in Asia/Kolkata), and what
 * to do next: choose a ticket and pay to receive the event pass.
 *
 * Anyone can type any address into the form, so this mail carries nothing the form's sender
 * wrote: no name, no company (mail/layout.ts). Names first appear in the pass email.
 */
import { managePageUrl, type Locale } from '@festival/shared';
import type { MailMessage } from '../mail/mailer.js';
import { categoryName, mailI18n } from '../mail/i18n.js';
import { escapeHtml, formatEventSchedule, renderEmail } from '../mail/layout.js';

export interface RegistrationEmailInput {
  email: string;
  /** The participant category registered as, named in the registration's language. */
  participantCategoryId: number;
  event: { name: string; venue: string; venueMapUrl: string; startsAt: Date; endsAt: Date };
  /** Public origin of the site, e.g. "https://startupfest.example". */
  siteUrl: string;
  /** The registration's language. */
  locale: Locale;
}

/** "a Pitcher", "an Investor". */
export function withArticle(role: string): string {
  return `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`;
}

const m = {
  subject: /*i18n*/ { id: 'registration.subject', message: 'Your registration for {event}' },
  heading: /*i18n*/ { id: 'registration.heading', message: 'You are registered' },
  hello: /*i18n*/ { id: 'email.hello', message: 'Hello,' },
  thanks: /*i18n*/ {
    id: 'registration.thanks',
    message: 'Thank you for registering as {role} for {event}.',
  },
  when: /*i18n*/ { id: 'registration.when', message: 'When' },
  where: /*i18n*/ { id: 'registration.where', message: 'Where' },
  registeredAs: /*i18n*/ { id: 'registration.registered-as', message: 'Registered as' },
  nextHeading: /*i18n*/ { id: 'registration.next-heading', message: 'What happens next' },
  next: /*i18n*/ {
    id: 'registration.next',
    message:
      'Choose a ticket and complete the payment to receive your event pass. The pass, with its QR code, is emailed to you as soon as the payment is confirmed. If you closed the payment window, ask for a sign-in link on the Manage my registration page and pay from there.',
  },
  manage: /*i18n*/ { id: 'layout.manage', message: 'Manage my registration' },
  notYou: /*i18n*/ {
    id: 'registration.not-you',
    message: 'If you did not register, ignore this email: no pass is issued without a payment.',
  },
};

/** Builds the confirmation message for one registered attendee, in their registration's language. */
export function registrationConfirmationEmail(input: RegistrationEmailInput): MailMessage {
  const { email, event, siteUrl } = input;
  const i18n = mailI18n(input.locale);
  const role = categoryName(i18n, input.participantCategoryId);
  const schedule = formatEventSchedule(event.startsAt, event.endsAt, i18n);
  // Not /register: registering again with this email is refused; the manage page pays this one.
  const manageUrl = managePageUrl(siteUrl, input.locale);
  const next = i18n._(m.next);
  const notYou = i18n._(m.notYou);
  const hello = i18n._(m.hello);
  const manage = i18n._(m.manage);
  // English says "a Pitcher" / "an Investor"; the other languages name the role alone.
  const roleInSentence = i18n.locale === 'en' ? withArticle(role) : role;
  const when = i18n._(m.when);
  const where = i18n._(m.where);
  const registeredAs = i18n._(m.registeredAs);
  const nextHeading = i18n._(m.nextHeading);

  const body = renderEmail({
    i18n,
    event,
    manageUrl,
    heading: i18n._(m.heading),
    html: `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(i18n._({ ...m.thanks, values: { role: roleInSentence, event: event.name } }))}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">
<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(when)}</td><td style="padding:4px 0">${escapeHtml(schedule)}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(where)}</td><td style="padding:4px 0"><a href="${escapeHtml(event.venueMapUrl)}">${escapeHtml(event.venue)}</a></td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(registeredAs)}</td><td style="padding:4px 0">${escapeHtml(role)} (${escapeHtml(email)})</td></tr>
</table>
<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(nextHeading)}</h2>
<p>${escapeHtml(next)}</p>
<p><a href="${escapeHtml(manageUrl)}" style="display:inline-block;background:#1e1b4b;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(manage)}</a></p>
<p style="color:#6b7280">${escapeHtml(notYou)}</p>`,
    text: [
      hello,
      '',
      i18n._({ ...m.thanks, values: { role: roleInSentence, event: event.name } }),
      '',
      `${when}: ${schedule}`,
      `${where}: ${event.venue} (${event.venueMapUrl})`,
      `${registeredAs}: ${role} (${email})`,
      '',
      nextHeading,
      next,
      `${manage}: ${manageUrl}`,
      '',
      notYou,
    ].join('\n'),
  });

  return { to: email, subject: i18n._({ ...m.subject, values: { event: event.name } }), ...body };
}
