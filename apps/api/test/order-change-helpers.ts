/**
 * What the order-change test files share: an app whose organizers of every role are signed in
 * and whose GST settings are saved (so a payment issues a tax invoice, and a change a credit
 * or debit note), and the console's address of one attendee of an order.
 */
import { expect } from 'vitest';
import { build, clockFrom, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { GST_SETTINGS } from './ticketing-helpers.js';

/** A test app on the real clock from the seeded edition's sales, every role signed in, GST set. */
export async function buildWithGst(): Promise<{ t: TestContext; signedIn: SignedIn }> {
  const t = await build({ now: clockFrom() });
  const signedIn = await signInEveryRole(t.app);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: headersOf(signedIn, 'owner'),
    payload: GST_SETTINGS,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { t, signedIn };
}

/** The console's address of attendee `registrationId` of order `reference`. */
export const attendeeUrl = (reference: string, registrationId: string) =>
  `/api/admin/orders/${reference}/attendees/${registrationId}`;
