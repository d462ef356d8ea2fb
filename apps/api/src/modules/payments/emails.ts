/**
 * The buyer's refund email, sent by the `refund-email` job once the provider has accepted the
 * refund: why the payment could not be kept, how much goes back and when to expect it, with the
 * refund's GST credit note attached when one was issued, in the language of the order. It
 * greets nobody by name: the buyer's name is whatever the form was sent with (mail/layout.ts).
 */
import { formatRupees, type Locale, managePageUrl } from '@festival/shared';
import { mailI18n, type MessageDescriptor } from '../mail/i18n.js';
import { escapeHtml, renderEmail, sentenceWithBold, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';
import { REFUND_REASON, type RefundReason } from './refund-status.js';

export interface RefundEmailInput {
  to: string;
  reference: string;
  event: MailEvent;
  /** Paise. */
  amount: number;
  reason: RefundReason;
  providerRefundId: string;
  orderUrl: string;
  /** The refund's GST credit note, attached when one was issued (the festival has a GSTIN). */
  creditNote?: { fileName: string; pdf: Uint8Array } | undefined;
  /** The order's language. */
  locale: Locale;
}

const m = {
  subject: /*i18n*/ {
    id: 'refund.subject',
    message: 'Refund of {amount} for {event} — {reference}',
  },
  heading: /*i18n*/ { id: 'refund.heading', message: 'Your payment is being refunded' },
  hello: /*i18n*/ { id: 'email.hello', message: 'Hello,' },
  refunded: /*i18n*/ {
    id: 'refund.refunded',
    message:
      'We have refunded {amount} to the account or card you paid with. Banks usually credit it within 5–7 working days.',
  },
  reference: /*i18n*/ { id: 'pass.reference', message: 'Reference No.' },
  amount: /*i18n*/ { id: 'refund.amount', message: 'Refund amount' },
  refundId: /*i18n*/ { id: 'refund.refund-id', message: 'Refund id' },
  creditNote: /*i18n*/ {
    id: 'refund.credit-note',
    message: 'The GST credit note for this refund is attached, against your tax invoice.',
  },
  viewOnline: /*i18n*/ { id: 'refund.view-online', message: 'See your order online' },
  online: /*i18n*/ { id: 'refund.online', message: 'Your order online: {url}' },
};

const WHY: Record<RefundReason, MessageDescriptor> = {
  [REFUND_REASON.latePayment]: /*i18n*/ {
    id: 'refund.why-late-payment',
    message:
      'Your payment reached us after this order had closed (its reservation ran out, or a newer order for the same attendees replaced it), and it could not be honoured: the ticket sold out in the meantime, or an attendee of the order already holds a pass.',
  },
  [REFUND_REASON.duplicatePayment]: /*i18n*/ {
    id: 'refund.why-duplicate-payment',
    message: 'Your order had already been paid, so this second payment was not needed.',
  },
  [REFUND_REASON.organizer]: /*i18n*/ {
    id: 'refund.why-organizer',
    message: 'The festival team has refunded your order.',
  },
};

/** Builds the message in the order's language (the credit note itself stays English). */
export function refundEmail(input: RefundEmailInput): MailMessage {
  const i18n = mailI18n(input.locale);
  const amount = formatRupees(input.amount);
  const rows: [string, string][] = [
    [i18n._(m.reference), input.reference],
    [i18n._(m.amount), amount],
    [i18n._(m.refundId), input.providerRefundId],
  ];
  const hello = i18n._(m.hello);
  const why = i18n._(WHY[input.reason]);
  const creditNote = i18n._(m.creditNote);
  const body = renderEmail({
    i18n,
    event: input.event,
    manageUrl: managePageUrl(new URL(input.orderUrl).origin, input.locale),
    heading: i18n._(m.heading),
    html: `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(why)}</p>
<p>${sentenceWithBold(i18n, m.refunded, { amount }, 'amount')}</p>
<table role="presentation" cellpadding="0" cellspacing="0">${rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
${input.creditNote ? `<p>${escapeHtml(creditNote)}</p>` : ''}
<p><a href="${escapeHtml(input.orderUrl)}">${escapeHtml(i18n._(m.viewOnline))}</a></p>`,
    text: [
      hello,
      '',
      why,
      '',
      i18n._({ ...m.refunded, values: { amount } }),
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      ...(input.creditNote ? [creditNote, ''] : []),
      i18n._({ ...m.online, values: { url: input.orderUrl } }),
    ].join('\n'),
  });
  return {
    to: input.to,
    subject: i18n._({
      ...m.subject,
      values: { amount, event: input.event.name, reference: input.reference },
    }),
    ...body,
    ...(input.creditNote
      ? {
          attachments: [
            {
              filename: input.creditNote.fileName,
              content: Buffer.from(input.creditNote.pdf),
              contentType: 'application/pdf',
            },
          ],
        }
      : {}),
  };
}
