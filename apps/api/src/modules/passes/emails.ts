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
  formatGstRate,
  formatRupees,
  formatTicketUnits,
  LocaleSchema,
  type TaxBreakdown,
  type TicketUnits,
  managePageUrl,
  ticketUnitsIn,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { invoicePdfOf } from '../invoices/service.js';
import { categoryName, dateFormat, mailI18n, type I18n } from '../mail/i18n.js';
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
  /** The recipient's language: the order's for the buyer, the registration's for an attendee. */
  i18n: I18n;
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

const m = {
  subject: /*i18n*/ {
    id: 'pass.subject',
    message: 'Your {event} {count, plural, one {pass} other {passes}} — {reference}',
  },
  subjectDayBefore: /*i18n*/ {
    id: 'pass.subject-day-before',
    message: 'Tomorrow: {event} — your {count, plural, one {pass} other {passes}}',
  },
  heading: /*i18n*/ {
    id: 'pass.heading',
    message: 'Your event {count, plural, one {pass} other {passes}}',
  },
  headingDayBefore: /*i18n*/ { id: 'pass.heading-day-before', message: 'See you tomorrow' },
  hello: /*i18n*/ { id: 'email.hello', message: 'Hello,' },
  confirmed: /*i18n*/ {
    id: 'pass.intro',
    message: 'Your payment is confirmed. Show the QR code of each pass at the entrance.',
  },
  dayBefore: /*i18n*/ {
    id: 'pass.intro-day-before',
    message:
      '{event} starts tomorrow at {venue}. Show the QR code of each pass at the entrance; the {count, plural, one {pass is} other {passes are}} also attached as a PDF to print.',
  },
  reference: /*i18n*/ { id: 'pass.reference', message: 'Reference No.' },
  ticket: /*i18n*/ { id: 'pass.ticket', message: 'Ticket' },
  amountPaid: /*i18n*/ { id: 'pass.amount-paid', message: 'Amount paid' },
  amountPaidWithGst: /*i18n*/ { id: 'pass.amount-paid-with-gst', message: '{amount} incl. GST' },
  taxableValue: /*i18n*/ { id: 'pass.taxable-value', message: 'Taxable value' },
  taxInvoice: /*i18n*/ { id: 'pass.tax-invoice', message: 'Tax invoice' },
  attached: /*i18n*/ { id: 'pass.attached', message: '{number} (attached)' },
  event: /*i18n*/ { id: 'pass.event', message: 'Event' },
  when: /*i18n*/ { id: 'pass.when', message: 'When' },
  eventPass: /*i18n*/ { id: 'pass.card-title', message: 'Event pass · {role}' },
  qrAlt: /*i18n*/ { id: 'pass.qr-alt', message: 'QR code of pass {code}' },
  passLine: /*i18n*/ { id: 'pass.text-line', message: 'Pass {code} — {name} ({role}), {email}' },
  viewOnline: /*i18n*/ { id: 'pass.view-online', message: 'View your order and passes online' },
  online: /*i18n*/ { id: 'pass.online', message: 'Your order and passes online: {url}' },
};

/** Summary lines of the GST in an amount: "CGST 9 %: ₹1,525.42" and the like. */
function taxRows(i18n: I18n, tax: TaxBreakdown | undefined): [string, string][] {
  if (!tax || tax.rateBp === 0) return [];
  const half = formatGstRate(tax.rateBp / 2);
  return [
    [i18n._(m.taxableValue), formatRupees(tax.taxable)],
    ...(tax.interState
      ? ([[`IGST ${formatGstRate(tax.rateBp)}`, formatRupees(tax.igst)]] as [string, string][])
      : ([
          [`CGST ${half}`, formatRupees(tax.cgst)],
          [`${tax.stateTaxName} ${half}`, formatRupees(tax.sgst)],
        ] as [string, string][])),
  ];
}

/** "Amount paid" and its GST split, for the buyer's message. */
function paidRows(i18n: I18n, paid: OrderView['paid']): [string, string][] {
  if (!paid) return [];
  const amount = formatRupees(paid.amount);
  const shown =
    paid.tax && paid.tax.rateBp > 0 ? i18n._({ ...m.amountPaidWithGst, values: { amount } }) : amount;
  return [[i18n._(m.amountPaid), shown], ...taxRows(i18n, paid.tax)];
}

/** "Sun, 20 Oct 2024, 10:00 am – Mon, 21 Oct 2024, 7:00 pm IST" in the recipient's language. */
const eventTimes = (i18n: I18n) =>
  dateFormat(i18n, {
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
  const { i18n } = order;
  const count = passes.length;
  const intro = order.dayBefore
    ? i18n._({ ...m.dayBefore, values: { event: order.event.name, venue: order.dayBefore.venue, count } })
    : i18n._(m.confirmed);
  const summaryRows: [string, string][] = [
    [i18n._(m.reference), order.reference],
    // "2 × Investor Pass"; "1 × Delegate Day Pass, 1 × Investor Pass" once one of a group changed.
    [i18n._(m.ticket), formatTicketUnits(order.tickets)],
    ...paidRows(i18n, order.paid),
    ...(order.invoice
      ? ([[i18n._(m.taxInvoice), i18n._({ ...m.attached, values: { number: order.invoice.number } })]] as [
          string,
          string,
        ][])
      : []),
    [i18n._(m.event), order.event.name],
    [i18n._(m.when), order.when],
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
<div style="font-size:12px;letter-spacing:2px;color:#6b7280;text-transform:uppercase">${escapeHtml(i18n._({ ...m.eventPass, values: { role: pass.role } }))}</div>
<div style="font-size:18px;font-weight:bold;margin:6px 0">${escapeHtml(quoted(pass.name))}</div>
<div style="color:#374151">${escapeHtml(pass.email)}</div>
<div style="font-family:monospace;font-size:16px;margin-top:8px">${escapeHtml(pass.code)}</div>
</td><td style="padding:16px;width:160px" align="right">
<img src="cid:${escapeHtml(qrContentId(pass.code))}" width="160" height="160" alt="${escapeHtml(i18n._({ ...m.qrAlt, values: { code: pass.code } }))}">
</td></tr></table>`,
    )
    .join('');
  const hello = i18n._(m.hello);
  const body = renderEmail({
    i18n,
    event: order.event,
    manageUrl: order.manageUrl,
    heading: order.dayBefore ? i18n._(m.headingDayBefore) : i18n._({ ...m.heading, values: { count } }),
    html: `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0">${summaryHtml}</table>
${passesHtml}
<p><a href="${escapeHtml(order.orderUrl)}">${escapeHtml(i18n._(m.viewOnline))}</a></p>`,
    text: [
      hello,
      '',
      intro,
      '',
      ...summaryRows.map(([label, value]) => `${label}: ${value}`),
      '',
      ...passes.map((pass) =>
        i18n._({
          ...m.passLine,
          values: { code: pass.code, name: quoted(pass.name), role: pass.role, email: pass.email },
        }),
      ),
      '',
      i18n._({ ...m.online, values: { url: order.orderUrl } }),
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
      ? i18n._({ ...m.subjectDayBefore, values: { event: order.event.name, count } })
      : i18n._({ ...m.subject, values: { event: order.event.name, count, reference: order.reference } }),
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
  // The buyer reads the language they checked out in; a colleague the one they registered in.
  const locale = isBuyer ? LocaleSchema.parse(order.locale) : first.locale;
  const lines = isBuyer
    ? ((await linesOfOrders(db, [order.id])).get(order.id) ?? [])
    : own.map((row) => ({
        ticketName: row.ticketName,
        ticketTranslations: row.ticketTranslations,
        quantity: 1,
      }));
  const tickets = ticketUnitsIn(lines, locale);
  const i18n = mailI18n(locale);
  const view: OrderView = {
    i18n,
    reference: order.reference,
    tickets,
    event,
    when: eventTimes(i18n).formatRange(event.startsAt, event.endsAt),
    orderUrl: orderPageUrl(publicUrl, secret, order, viewer, locale),
    manageUrl: managePageUrl(publicUrl, locale),
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
    role: categoryName(i18n, row.participantCategoryId),
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
