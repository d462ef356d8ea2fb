/**
 * Helpers for the ticketing and payment tests: attendees and ticket types inserted straight
 * into the database, checkout and sandbox payment through the API, webhook signing and the
 * mail outbox.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { UpdateSettings } from '@festival/shared';
import type { App } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { countries, registrations, ticketTypes } from '../src/db/schema.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';

export interface AttendeeOptions {
  participantCategoryId?: number;
  /** Email per attendee index; defaults to a unique address. */
  email?: (index: number) => string;
}

/** Inserts `count` registrations for the current event in one statement; returns their ids in order. */
export async function insertAttendees(
  db: Database,
  count: number,
  options: AttendeeOptions = {},
): Promise<string[]> {
  const event = await getCurrentEvent(db);
  const [india] = await db.select({ id: countries.id }).from(countries).where(eq(countries.isoCode, 'IN'));
  if (!india) throw new Error('seed has no India');
  const batch = randomUUID().slice(0, 8);
  const rows = await db
    .insert(registrations)
    .values(
      Array.from({ length: count }, (_, index) => ({
        eventId: event.id,
        participantCategoryId: options.participantCategoryId ?? 3,
        name: `Attendee ${batch}-${index}`,
        email: options.email?.(index) ?? `attendee-${batch}-${index}@example.com`,
        countryCode: '+91',
        contactNo: '9876543210',
        city: 'Ahmedabad',
        countryId: india.id,
        termsAcceptedAt: new Date(),
      })),
    )
    .returning({ id: registrations.id });
  return rows.map((row) => row.id);
}

/** Inserts a ticket type of the current event (defaults: Investor, ₹500, capacity 10). */
export async function insertTicketType(
  db: Database,
  values: Partial<
    Pick<
      typeof ticketTypes.$inferInsert,
      | 'capacity'
      | 'amount'
      | 'participantCategoryId'
      | 'salesEndAt'
      | 'name'
      | 'gstRateBp'
      | 'placeOfSupply'
      | 'sacCode'
      | 'translations'
    >
  > = {},
): Promise<number> {
  const event = await getCurrentEvent(db);
  const [row] = await db
    .insert(ticketTypes)
    .values({
      eventId: event.id,
      participantCategoryId: 3,
      name: `Test Pass ${randomUUID().slice(0, 8)}`,
      amount: 50_000,
      capacity: 10,
      sortOrder: 99,
      ...values,
    })
    .returning({ id: ticketTypes.id });
  if (!row) throw new Error('ticket type insert returned no row');
  return row.id;
}

/** The seeded ticket type with this name in this category. */
export async function seededTicketId(
  db: Database,
  participantCategoryId: number,
  name: string,
): Promise<number> {
  const rows = await db.select().from(ticketTypes).where(eq(ticketTypes.name, name));
  const row = rows.find((ticket) => ticket.participantCategoryId === participantCategoryId);
  if (!row) throw new Error(`no seeded ticket ${name}`);
  return row.id;
}

let checkouts = 0;

/**
 * Checks out through the API, from `remoteAddress` or else from an address of its own (each
 * call a buyer on their own device), so the per-address limit on unpaid seats stays out of
 * tests about something else.
 */
export function checkout(
  app: App,
  startupIds: string[],
  selectedTicket: number,
  extra: Record<string, unknown> = {},
  remoteAddress?: string,
) {
  checkouts += 1;
  return app.inject({
    method: 'POST',
    url: '/api/auth/payment/checkout',
    remoteAddress: remoteAddress ?? `198.18.${(checkouts >> 8) & 255}.${checkouts & 255}`,
    payload: { startupIds, selectedTicket, ...extra },
  });
}

/** The text of a PDF, pages separated by form feeds (poppler's `pdftotext -layout`). */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Hidden inputs of the first form of an HTML page (the auto-submit page's fields). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[decodeEntities(match[1] ?? '')] = decodeEntities(match[2] ?? '');
  }
  return fields;
}

/** The action of the first form on a page. */
export function formAction(html: string): string {
  const match = /<form id="payment-result" method="post" action="([^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error('no auto-submit form');
  return decodeEntities(match[1]);
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Posts fields as an HTML form would (application/x-www-form-urlencoded). */
export function postForm(app: App, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Presses a button of the sandbox page (`pay` or `fail`) and returns the fields it would post to the callback. */
export async function pressSandboxButton(app: App, providerOrderId: string, button: 'pay' | 'fail') {
  const response = await postForm(app, `/api/auth/payment/sandbox/${providerOrderId}/${button}`, {});
  if (response.statusCode !== 200)
    throw new Error(`sandbox ${button}: ${response.statusCode} ${response.body}`);
  return { action: formAction(response.body), fields: hiddenFields(response.body) };
}

/** Pays an order on the sandbox page and delivers the result to the callback; returns the callback's answer. */
export async function payWithSandbox(app: App, providerOrderId: string) {
  const { action, fields } = await pressSandboxButton(app, providerOrderId, 'pay');
  return postForm(app, action, fields);
}

export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** A Razorpay-shaped webhook body for a payment of an order (`amount` in the currency's subunit). */
export function webhookBody(
  event: string,
  providerOrderId: string,
  paymentId: string,
  amount: number,
  currency = 'INR',
): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_TestAccount0001',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency,
          status: event === 'payment.failed' ? 'failed' : 'captured',
          order_id: providerOrderId,
          method: 'upi',
        },
      },
    },
    created_at: 1_729_400_000,
  });
}

/** Delivers a webhook signed with `secret` over the exact bytes sent. */
export function deliverWebhook(app: App, body: string, secret: string, eventId?: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/payment/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature ?? hmacHex(secret, body),
      ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
    },
    payload: body,
  });
}

/**
 * The organizer's settings as the GST tests save them: a Gujarat trust (a GSTIN made for
 * tests, its check character computed), prices plus GST, the event in Gujarat.
 */
export const GST_SETTINGS: UpdateSettings = {
  legalName: 'Startup Fest Gujarat Foundation',
  address: 'Science City Road, Ahmedabad 380060',
  stateCode: '24',
  gstin: '24AAATS9999K1ZK',
  pricesIncludeGst: false,
  eventStateCode: '24',
  publicEmail: 'hello@startupfest.example',
  publicPhone: '+91 98250 12345',
};
