/**
 * The buyer's email when an organizer cancels their unpaid order: which order, that no money
 * was taken, what happens to a payment that still arrives, and where to book again. It greets
 * nobody by name: the buyer's name is whatever the form was sent with (mail/layout.ts).
 */
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';

export function orderCancelledEmail(input: {
  to: string;
  reference: string;
  event: MailEvent;
  /** Where passes are bought (`PUBLIC_URL/register`). */
  registerUrl: string;
}): MailMessage {
  const what = `The festival team has cancelled your order ${input.reference} for ${input.event.name}. It had not been paid, so no money was taken and its seats are released.`;
  const late =
    'If you paid for it after all and the payment reaches us now, it is refunded to the account or card you paid with, in full; you do not need to do anything.';
  const again = 'You can still book passes:';
  const body = renderEmail({
    event: input.event,
    manageUrl: `${new URL(input.registerUrl).origin}/manage`,
    heading: 'Your order was cancelled',
    html: `<p>Hello,</p>
<p>${escapeHtml(what)}</p>
<p>${escapeHtml(late)}</p>
<p>${escapeHtml(again)} <a href="${escapeHtml(input.registerUrl)}">${escapeHtml(input.registerUrl)}</a></p>`,
    text: ['Hello,', '', what, '', late, '', `${again} ${input.registerUrl}`].join('\n'),
  });
  return {
    to: input.to,
    subject: `Your ${input.event.name} order ${input.reference} was cancelled`,
    ...body,
  };
}
