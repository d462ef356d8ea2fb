/**
 * The pass confirmation email, sent after the payment's transaction commits, from stored
 * state. The first attendee (who paid) receives every pass of the order; each other attendee
 * with a different address receives their own pass too, so nobody depends on the buyer
 * forwarding it. Each pass's QR code is attached as a PNG and shown inline (`cid:`), since
 * email clients do not render inline SVG.
 */
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_TIME_ZONE, formatRupees } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { escapeHtml, renderEmail, type MailEvent } from '../mail/layout.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import { findOrderDetails } from '../orders/repository.js';
import { listPassesOfOrder } from './repository.js';
import { passQrPng, roleName } from './service.js';

export interface PassEmailContext {
  db: Executor;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Origin of the site, for the link to the order page. */
  publicUrl: string;
}

interface PassView {
  code: string;
  name: string;
  email: string;
  role: string;
}

interface OrderView {
  reference: string;
  ticketName: string;
  quantity: number;
  amount: number;
  event: MailEvent;
  when: string;
  orderUrl: string;
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
  recipientName: string,
  passes: PassView[],
): Promise<MailMessage> {
  const plural = passes.length === 1 ? 'pass' : 'passes';
  const summaryRows: [string, string][] = [
    ['Reference No.', order.reference],
    ['Ticket', `${order.ticketName} × ${order.quantity}`],
    ['Amount paid', formatRupees(order.amount)],
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
<div style="font-size:18px;font-weight:bold;margin:6px 0">${escapeHtml(pass.name)}</div>
<div style="color:#374151">${escapeHtml(pass.email)}</div>
<div style="font-family:monospace;font-size:16px;margin-top:8px">${escapeHtml(pass.code)}</div>
</td><td style="padding:16px;width:160px" align="right">
<img src="cid:${escapeHtml(qrContentId(pass.code))}" width="160" height="160" alt="QR code of pass ${escapeHtml(pass.code)}">
</td></tr></table>`,
    )
    .join('');
  const body = renderEmail({
    event: order.event,
    heading: `Your event ${plural}`,
    html: `<p>Dear ${escapeHtml(recipientName)},</p>
<p>Your payment is confirmed. Show the QR code of each pass at the entrance.</p>
<table role="presentation" cellpadding="0" cellspacing="0">${summaryHtml}</table>
${passesHtml}
<p><a href="${escapeHtml(order.orderUrl)}">View your order and passes online</a></p>`,
    text: [
      `Dear ${recipientName},`,
      '',
      'Your payment is confirmed. Show the QR code of each pass at the entrance.',
      '',
      ...summaryRows.map(([label, value]) => `${label}: ${value}`),
      '',
      ...passes.map((pass) => `Pass ${pass.code} — ${pass.name} (${pass.role}), ${pass.email}`),
      '',
      `Your order and passes online: ${order.orderUrl}`,
    ].join('\n'),
  });
  const attachments = await Promise.all(
    passes.map(async (pass) => ({
      filename: `pass-${pass.code}.png`,
      content: await passQrPng(pass.code),
      contentType: 'image/png',
      cid: qrContentId(pass.code),
    })),
  );
  return {
    to,
    subject: `Your ${order.event.name} ${plural} — ${order.reference}`,
    html: body.html,
    text: body.text,
    attachments,
  };
}

/**
 * Sends the confirmation of a paid order. Never throws: the payment stands whatever happens
 * to the email, so failures are logged (with the reference, for a manual resend).
 */
export async function sendPassEmails(ctx: PassEmailContext, orderId: string): Promise<void> {
  try {
    const details = await findOrderDetails(ctx.db, { id: orderId });
    const rows = await listPassesOfOrder(ctx.db, orderId);
    const buyer = rows[0];
    if (!details || !buyer) return;
    const { order, event, ticketName } = details;
    const view: OrderView = {
      reference: order.reference,
      ticketName,
      quantity: order.quantity,
      amount: order.amount,
      event,
      when: eventTimes.formatRange(event.startsAt, event.endsAt),
      orderUrl: `${ctx.publicUrl}/payment-success?reference=${encodeURIComponent(order.reference)}`,
    };
    const passes: PassView[] = rows.map((row) => ({
      code: row.code,
      name: row.name,
      email: row.email,
      role: roleName(row.participantCategoryId),
    }));

    const messages = [await renderPassEmail(view, buyer.email, buyer.name, passes)];
    const buyerAddress = buyer.email.toLowerCase();
    const others = new Map<string, PassView[]>();
    for (const pass of passes) {
      const address = pass.email.toLowerCase();
      if (address !== buyerAddress) others.set(address, [...(others.get(address) ?? []), pass]);
    }
    for (const own of others.values()) {
      const first = own[0];
      if (first) messages.push(await renderPassEmail(view, first.email, first.name, own));
    }

    for (const message of messages) {
      try {
        await ctx.mailer.send(message);
      } catch (error) {
        ctx.log.error({ err: error, reference: order.reference, to: message.to }, 'pass email not sent');
      }
    }
  } catch (error) {
    ctx.log.error({ err: error, orderId }, 'pass email could not be prepared');
  }
}
