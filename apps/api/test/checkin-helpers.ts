/**
 * Helpers for the check-in tests: paid passes bought through checkout and the
 * sandbox, with the signed QR tokens the gate scans, and check-in lists created through the
 * console's API as a manager.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CheckinListSchema, CheckoutResponseSchema } from '@festival/shared';
import type { App } from '../src/app.js';
import { orders, passes } from '../src/db/schema.js';
import { passQrPayload } from '../src/modules/passes/service.js';
import { headersOf, type SignedIn } from './organizer-helpers.js';
import { checkout, insertAttendees, payWithSandbox } from './ticketing-helpers.js';

/** Buys `count` passes of a ticket type in one order; returns the order's id and its passes with their QR tokens. */
export async function buyPasses(app: App, ticketTypeId: number, count: number) {
  const attendees = await insertAttendees(app.db, count);
  const response = await checkout(app, attendees, ticketTypeId);
  const { order } = CheckoutResponseSchema.parse(response.json());
  await payWithSandbox(app, order.id);
  const [paid] = await app.db.select().from(orders).where(eq(orders.reference, order.reference));
  const rows = await app.db.select().from(passes).where(eq(passes.orderId, paid!.id));
  const withTokens = await Promise.all(
    rows.map(async (row) => ({ ...row, token: await passQrPayload(app.db, row.code) })),
  );
  return { orderId: paid!.id, passes: withTokens };
}

/** Creates a check-in list admitting `ticketTypeIds` on both days; `body` overrides any field. */
export async function createCheckinList(
  app: App,
  signedIn: SignedIn,
  ticketTypeIds: number[],
  body: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/checkin/lists',
    headers: headersOf(signedIn, 'manager'),
    payload: {
      name: `Gate ${randomUUID().slice(0, 4)}`,
      ticketTypeIds,
      days: [1, 2],
      allowExit: true,
      allowReentry: true,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return CheckinListSchema.parse(response.json().data);
}
