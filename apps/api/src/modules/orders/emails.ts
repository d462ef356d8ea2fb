/**
 * The buyer's email when an organizer cancels their unpaid order: which order, that no money
 * was taken, what happens to a payment that still arrives, and where to book again, in the
 * language of the order. It greets nobody by name: the buyer's name is whatever the form was
 * sent with (mail/layout.ts).
 */
import { managePageUrl, type Locale } from '@festival/shared';
import { mailI18n } from '../mail/i18n.js';
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

const m = {
  subject: /*i18n*/ {
    id: 'order-cancelled.subject',
    message: 'Your {event} order {reference} was cancelled',
  },
  heading: /*i18n*/ { id: 'order-cancelled.heading', message: 'Your order was cancelled' },
  hello: /*i18n*/ { id: 'email.hello', message: 'Hello,' },
  what: /*i18n*/ {
    id: 'order-cancelled.what',
    message:
      'The festival team has cancelled your order {reference} for {event}. It had not been paid, so no money was taken and its seats are released.',
  },
  late: /*i18n*/ {
    id: 'order-cancelled.late',
    message:
      'If you paid for it after all and the payment reaches us now, it is refunded to the account or card you paid with, in full; you do not need to do anything.',
  },
  again: /*i18n*/ { id: 'order-cancelled.again', message: 'You can still book passes:' },
};

export function orderCancelledEmail(input: {
  to: string;
  reference: string;
  event: MailEvent;
  /** Where passes are bought (`PUBLIC_URL/register`). */
  registerUrl: string;
  /** The order's language. */
  locale: Locale;
}): MailMessage {
  const i18n = mailI18n(input.locale);
  const what = i18n._({ ...m.what, values: { reference: input.reference, event: input.event.name } });
  const late = i18n._(m.late);
  const again = i18n._(m.again);
  const hello = i18n._(m.hello);
  const body = renderEmail({
    i18n,
    event: input.event,
    manageUrl: managePageUrl(new URL(input.registerUrl).origin, input.locale),
    heading: i18n._(m.heading),
    html: `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(what)}</p>
<p>${escapeHtml(late)}</p>
<p>${escapeHtml(again)} <a href="${escapeHtml(input.registerUrl)}">${escapeHtml(input.registerUrl)}</a></p>`,
    text: [hello, '', what, '', late, '', `${again} ${input.registerUrl}`].join('\n'),
  });
  return {
    to: input.to,
    subject: i18n._({ ...m.subject, values: { event: input.event.name, reference: input.reference } }),
    ...body,
  };
}
