/**
 * The order confirmation with its passes, rendered from stored state by the `pass-email` job
 * (passes/jobs.ts) after the payment's transaction commits. The first attendee (who paid)
 * receives every pass of the order; each other attendee with a different address receives
 * their own pass too, so nobody depends on the buyer forwarding it. Each pass's QR code is
 * attached as a PNG and shown inline (`cid:`), since email clients do not render inline SVG.
 *
 * A pass names its attendee, so this mail carries names; but the buyer typed every attendee's
 * name and address, and paying proves who paid, not who reads an inbox. So names appear only
 * as quoted data on the pass cards, never in the greeting (mail/layout.ts `quoted`).
 */
import {
  EVENT_TIME_ZONE,
  formatGstRate,
  formatRupees,
  formatTicketUnits,
  type TaxBreakdown,
  type TicketUnits,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { invoicePdfOf } from '../invoices/service.js';
import { escapeHtml, quoted, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage } from '../mail/mailer.js';
import {
  getOrderBuyer,
  getOrderDetailsWithDocuments,
  linesOfOrders,
  orderPageUrl,
  type OrderViewer,
} from '../orders/service.js';
import { orderTaxOf } from '../tax/service.js';
import { passesPdfFor } from './order-page.js';
import { passesWithPayloads, passQrPng } from './service.js';

/** Which email of a paid order's passes: the confirmation, or the reminder the day before. */
export type PassEmailKind = 'confirmation' | 'day-before';

interface PassView {
  code: string;
  /** The QR code's text (passQrPayload). */
  qrPayload: string;
  name: string;
  email: string;
  role: string;
}

interface OrderView {
  reference: string;
  /** Units per ticket: the order's lines for the buyer, their own passes for an attendee. */
  tickets: TicketUnits[];
  /** What the buyer paid (paise) and its GST split, when recorded: in the buyer's message only. */
  paid?: { amount: number; tax?: TaxBreakdown | undefined } | undefined;
  event: MailEvent;
  when: string;
  orderUrl: string;
  manageUrl: string;
  /** The tax invoice PDF, attached to the buyer's message. */
  invoice?: { number: string; fileName: string; pdf: Uint8Array } | undefined;
  /** The day-before reminder: its printable passes PDF, attached; absent in the confirmation. */
  dayBefore?: { pdf: Buffer; venue: string } | undefined;
}

/** Summary lines of the GST in an amount: "CGST 9 %: ₹1,525.42" and the like. */
function taxRows(tax: TaxBreakdown | undefined): [string, string][] {
  if (!tax || tax.rateBp === 0) return [];
  const half = formatGstRate(tax.rateBp / 2);
  return [
    ['Taxable value', formatRupees(tax.taxable)],
    ...(tax.interState
      ? ([[`IGST ${formatGstRate(tax.rateBp)}`, formatRupees(tax.igst)]] as [string, string][])
      : ([
          [`CGST ${half}`, formatRupees(tax.cgst)],
          [`${tax.stateTaxName} ${half}`, formatRupees(tax.sgst)],
        ] as [string, string][])),
  ];
}

/** "Amount paid" and its GST split, for the buyer's message. */
function paidRows(paid: OrderView['paid']): [string, string][] {
  if (!paid) return [];
  const withGst = paid.tax && paid.tax.rateBp > 0 ? ' incl. GST' : '';
  return [['Amount paid', `${formatRupees(paid.amount)}${withGst}`], ...taxRows(paid.tax)];
}

const eventTimes = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const qrContentId = (code: string) => `qr-${code}@startupfest`;

/** Builds one confirmation message for `to` carrying `passes` (QR images attached). */
export async function renderPassEmail(
  order: OrderView,
  to: string,
  passes: PassView[],
): Promise<MailMessage> {
  const plural = passes.length === 1 ? 'pass' : 'passes';
  const intro = order.dayBefore
    ? `${order.event.name} starts tomorrow at ${order.dayBefore.venue}. Show the QR code of each pass at the entrance; the ${plural} are also attached as a PDF to print.`
    : 'Your payment is confirmed. Show the QR code of each pass at the entrance.';
  const summaryRows: [string, string][] = [
    ['Reference No.', order.reference],
    // "2 × Investor Pass"; "1 × Delegate Day Pass, 1 × Investor Pass" once one of a group changed.
    ['Ticket', formatTicketUnits(order.tickets)],
    ...paidRows(order.paid),
    ...(order.invoice ? ([['Tax invoice', `${order.invoice.number} (attached)`]] as [string, string][]) : []),
    ['Event', order.event.name],
    ['When', order.when],
  ];
  const summaryHtml = summaryRows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const passesHtml = passes
    .map(
      (
        pass,
      ) => `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:16px 0;border:1px solid #e5e7eb;border-radius:8px">
<tr><td style="padding:16px;vertical-align:top">
<div style="font-size:12px;letter-spacing:2px;color:#6b7280;text-transform:uppercase">Event pass · ${escapeHtml(pass.role)}</div>
<div style="font-size:18px;font-weight:bold;margin:6px 0">${escapeHtml(quoted(pass.name))}</div>
<div style="color:#374151">${escapeHtml(pass.email)}</div>
<div style="font-family:monospace;font-size:16px;margin-top:8px">${escapeHtml(pass.code)}</div>
</td><td style="padding:16px;width:160px" align="right">
<img src="cid:${escapeHtml(qrContentId(pass.code))}" width="160" height="160" alt="QR code of pass ${escapeHtml(pass.code)}">
</td></tr></table>`,
    )
    .join('');
  const body = renderEmail({
    event: order.event,
    manageUrl: order.manageUrl,
    heading: order.dayBefore ? 'See you tomorrow' : `Your event ${plural}`,
    html: `<p>Hello,</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0">${summaryHtml}</table>
${passesHtml}
<p><a href="${escapeHtml(order.orderUrl)}">View your order and passes online</a></p>`,
    text: [
      'Hello,',
      '',
      intro,
      '',
      ...summaryRows.map(([label, value]) => `${label}: ${value}`),
      '',
      ...passes.map((pass) => `Pass ${pass.code} — ${quoted(pass.name)} (${pass.role}), ${pass.email}`),
      '',
      `Your order and passes online: ${order.orderUrl}`,
    ].join('\n'),
  });
  const attachments: NonNullable<MailMessage['attachments']> = await Promise.all(
    passes.map(async (pass) => ({
      filename: `pass-${pass.code}.png`,
      content: await passQrPng(pass.qrPayload),
      contentType: 'image/png',
      cid: qrContentId(pass.code),
    })),
  );
  if (order.invoice) {
    attachments.push({
      filename: order.invoice.fileName,
      content: Buffer.from(order.invoice.pdf),
      contentType: 'application/pdf',
    });
  }
  if (order.dayBefore) {
    attachments.push({
      filename: `passes-${order.reference}.pdf`,
      content: order.dayBefore.pdf,
      contentType: 'application/pdf',
    });
  }
  return {
    to,
    subject: order.dayBefore
      ? `Tomorrow: ${order.event.name} — your ${plural}`
      : `Your ${order.event.name} ${plural} — ${order.reference}`,
    html: body.html,
    text: body.text,
    attachments,
  };
}

/**
 * The confirmation message of a paid order for one recipient, or with `kind` 'day-before' the
 * reminder the day before the festival (the passes again, with the printable PDF, without the
 * amount or the invoice): the buyer (first attendee)
 * receives every pass of the order, any other address the passes of its own attendees.
 * `toBuyer` says which. Each link opens what its recipient may see: the buyer's the whole order,
 * a colleague's only their own passes (orders/access.ts; `secret` is OTP_SECRET). Undefined when
 * the order has no pass for that address (nothing to send).
 */
export async function renderOrderConfirmation(
  db: Executor,
  { publicUrl, secret }: { publicUrl: string; secret: string },
  orderId: string,
  recipient: string,
  kind: PassEmailKind = 'confirmation',
): Promise<{ message: MailMessage; toBuyer: boolean } | undefined> {
  const details = await getOrderDetailsWithDocuments(db, { id: orderId });
  if (!details) return undefined;
  const { order, event } = details;
  // Every pass of the order signed at once: a token costs far less than another query.
  const [rows, buyer] = await Promise.all([
    passesWithPayloads(db, orderId),
    // The order's first attendee, pass or not: the buyer stays the buyer when their own pass was
    // cancelled or transferred (modules/order-changes), and a pass's new holder never becomes it.
    getOrderBuyer(db, orderId),
  ]);
  if (!buyer) return undefined;
  const address = recipient.toLowerCase();
  const isBuyer = buyer.email.toLowerCase() === address;
  const own = rows.filter((row) => isBuyer || row.email.toLowerCase() === address);
  const first = own[0];
  if (!first) return undefined;
  const viewer: OrderViewer = isBuyer ? { kind: 'buyer' } : { kind: 'attendee', email: address };
  // The buyer's order by its lines (a package's one unit admits several passes); a colleague's
  // by the passes sent to them, each of its own line's ticket.
  const tickets = isBuyer
    ? ((await linesOfOrders(db, [order.id])).get(order.id) ?? [])
    : own.map((row) => ({ ticketName: row.ticketName, quantity: 1 }));
  const view: OrderView = {
    reference: order.reference,
    tickets,
    event,
    when: eventTimes.formatRange(event.startsAt, event.endsAt),
    orderUrl: orderPageUrl(publicUrl, secret, order, viewer),
    manageUrl: `${publicUrl}/manage`,
  };
  if (kind === 'day-before') {
    view.dayBefore = { pdf: await passesPdfFor(db, order.reference, viewer), venue: event.venue };
  } else if (isBuyer) {
    // What the order cost, its tax and its invoice are the buyer's; a colleague gets their pass.
    const tax =
      details.tax && details.firstLineTax ? orderTaxOf(details.tax, details.firstLineTax) : undefined;
    view.paid = { amount: order.amount, tax: tax?.breakdown };
    view.invoice = await invoicePdfOf(db, details.invoice);
  }
  const passes: PassView[] = own.map((row) => ({
    code: row.code,
    qrPayload: row.qrPayload,
    name: row.attendeeName,
    email: row.email,
    role: row.role,
  }));
  const message = await renderPassEmail(view, isBuyer ? buyer.email : first.email, passes);
  return { message, toBuyer: isBuyer };
}

/** The distinct addresses an order's confirmation goes to, the buyer's first. */
export function confirmationRecipients(attendees: { email: string }[]): string[] {
  const seen = new Map<string, string>();
  for (const { email } of attendees) if (!seen.has(email.toLowerCase())) seen.set(email.toLowerCase(), email);
  return [...seen.values()];
}
