/**
 * Who may open an order by its public reference.
 *
 * The reference names an order but does not open it: it is printed on every PDF pass, in every
 * attendee's email and on the gate desk's screen, so anyone who sees a colleague's pass knows it.
 * Reading the order (its attendees' names, addresses and QR codes), its passes' PDF or its tax
 * invoice takes a key as well: HMAC-SHA256 under OTP_SECRET of the order's id and who reads it.
 *
 * - The buyer's key opens the whole order. Checkout hands it to the browser that buys, and the
 *   buyer's confirmation and refund emails carry it in their link.
 * - An attendee's key, one per email address among the order's attendees, opens that address's
 *   own passes and nothing the buyer paid. Their confirmation email carries it.
 *
 * Keys are derived, not stored: the same order and reader always give the same key, so a
 * confirmation re-sent a week later links the same page, and nothing in the database opens an
 * order. Links put the key in the fragment (`#key=`), which a browser never sends to a server.
 * Changing OTP_SECRET makes every emailed order link stop working; the passes stay valid and
 * the manage page still opens them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { pagePathIn, type Locale } from '@festival/shared';

/** Who opened an order: its buyer, or one attendee by email address (lower case). */
export type OrderViewer = { kind: 'buyer' } | { kind: 'attendee'; email: string };

const scopeOf = (viewer: OrderViewer) =>
  viewer.kind === 'buyer' ? 'buyer' : `attendee:${viewer.email.toLowerCase()}`;

/** The key that opens order `orderId` for `viewer`: 43 characters of base64url (256 bits). */
export function orderKey(secret: string, orderId: string, viewer: OrderViewer): string {
  return createHmac('sha256', secret)
    .update(`order-view:${orderId}:${scopeOf(viewer)}`)
    .digest('base64url');
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whom `key` opens order `orderId` for: the buyer, or the attendee among `attendeeEmails` (the
 * order's attendees' addresses, the buyer's first) whose key it is. Undefined for a missing or
 * wrong key, which callers answer exactly as an unknown reference, so a reference alone tells
 * nobody whether its order exists.
 */
export function viewerOfKey(
  secret: string,
  orderId: string,
  attendeeEmails: readonly string[],
  key: string | undefined,
): OrderViewer | undefined {
  if (!key) return undefined;
  if (sameKey(key, orderKey(secret, orderId, { kind: 'buyer' }))) return { kind: 'buyer' };
  const buyer = attendeeEmails[0]?.toLowerCase();
  for (const email of new Set(attendeeEmails.map((address) => address.toLowerCase()))) {
    // The buyer's own address is the buyer's key, never a narrower one.
    if (email === buyer) continue;
    if (sameKey(key, orderKey(secret, orderId, { kind: 'attendee', email })))
      return { kind: 'attendee', email };
  }
  return undefined;
}

/**
 * The address of an order's page for `viewer` in `locale` (the language the email carrying it
 * is in), key in the fragment: `{publicUrl}/payment-success?reference=SFG-…#key=…`, or
 * `{publicUrl}/gu/payment-success?…` in Gujarati.
 */
export function orderPageUrl(
  publicUrl: string,
  secret: string,
  order: { id: string; reference: string },
  viewer: OrderViewer,
  locale: Locale,
): string {
  const key = orderKey(secret, order.id, viewer);
  const page = pagePathIn(locale, '/payment-success');
  return `${publicUrl}${page}?reference=${encodeURIComponent(order.reference)}#key=${key}`;
}
