/**
 * The buyer's refund email, sent by the `refund-email` job once the provider has accepted the
 * refund: why the payment could not be kept, how much goes back and when to expect it, with the
 * refund's GST credit note attached when one was issued. It
 * greets nobody by name: the buyer's name is whatever the form was sent with (mail/layout.ts).
 */
import { formatRupees } from '@festival/shared';
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
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
}

const WHY: Record<RefundReason, string> = {
  [REFUND_REASON.latePayment]:
    'Your payment reached us after this order had closed (its reservation ran out, or a newer order for the same attendees replaced it), and it could not be honoured: the ticket sold out in the meantime, or an attendee of the order already holds a pass.',
  [REFUND_REASON.duplicatePayment]:
    'Your order had already been paid, so this second payment was not needed.',
  [REFUND_REASON.organizer]: 'The festival team has refunded your order.',
};

const CREDIT_NOTE_WORDS = 'The GST credit note for this refund is attached, against your tax invoice.';

/** Builds the message. */
export function refundEmail(input: RefundEmailInput): MailMessage {
  const amount = formatRupees(input.amount);
  const rows: [string, string][] = [
    ['Reference No.', input.reference],
    ['Refund amount', amount],
    ['Refund id', input.providerRefundId],
  ];
  const body = renderEmail({
    event: input.event,
    manageUrl: `${new URL(input.orderUrl).origin}/manage`,
    heading: 'Your payment is being refunded',
    html: `<p>Hello,</p>
<p>${escapeHtml(WHY[input.reason])}</p>
<p>We have refunded <strong>${escapeHtml(amount)}</strong> to the account or card you paid with. Banks usually credit it within 5–7 working days.</p>
<table role="presentation" cellpadding="0" cellspacing="0">${rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
${input.creditNote ? `<p>${escapeHtml(CREDIT_NOTE_WORDS)}</p>` : ''}
<p><a href="${escapeHtml(input.orderUrl)}">See your order online</a></p>`,
    text: [
      'Hello,',
      '',
      WHY[input.reason],
      '',
      `We have refunded ${amount} to the account or card you paid with. Banks usually credit it within 5–7 working days.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      ...(input.creditNote ? [CREDIT_NOTE_WORDS, ''] : []),
      `Your order online: ${input.orderUrl}`,
    ].join('\n'),
  });
  return {
    to: input.to,
    subject: `Refund of ${amount} for ${input.event.name} — ${input.reference}`,
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
