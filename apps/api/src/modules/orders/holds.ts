/**
 * What checkout lets one buyer hold without paying. Seats of pending orders are limited per
 * buyer email and per client address (the organizer's settings), so a visitor cannot empty a
 * ticket type by reserving it unpaid; and the same checkout sent again while its order still
 * holds its seats answers that order, so pressing Pay twice, or coming back to pay, holds the
 * seats once, with the countdown where it was.
 */
import { createHash } from 'node:crypto';
import { CURRENCY, type CheckoutRequest, type CheckoutResponse, type TaxBreakdown } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { UnpaidSeatLimitError } from '../../errors.js';
import type { PaymentProvider } from '../payment-providers/provider.js';
import type { TaxSettings } from '../settings/service.js';
import { orderKey } from './access.js';
import { countUnpaidSeats, lockBuyerKeys, type OrderRow } from './repository.js';

/** Who is checking out: the buyer's (first attendee's) email and the client address. */
export interface Buyer {
  email: string;
  clientAddress: string;
}

/** Seats pending, unexpired orders hold for a buyer's email and for their client address. */
export interface UnpaidSeats {
  byEmail: number;
  byAddress: number;
}

/**
 * Hex SHA-256 of what a checkout request asks for: the attendees in their order, the ticket
 * type, the voucher code and the GST invoice details, after the schema's normalisation. Two
 * requests with one digest would make the same order.
 */
export function checkoutDigest(request: CheckoutRequest): string {
  const { startupIds, selectedTicket, voucherCode, gstInvoice } = request;
  const asked = JSON.stringify([startupIds, selectedTicket, voucherCode ?? null, gstInvoice ?? null]);
  return createHash('sha256').update(asked).digest('hex');
}

/**
 * Locks the buyer's email and client address until the transaction ends, then counts the seats
 * their pending orders hold at `now`: checkouts of one buyer, whatever their ticket types, then
 * count one after another, so parallel ones cannot pass the limits together.
 */
export async function lockUnpaidSeatsOf(tx: Executor, buyer: Buyer, now: Date): Promise<UnpaidSeats> {
  await lockBuyerKeys(tx, [
    `unpaid-seats:email:${buyer.email.toLowerCase()}`,
    `unpaid-seats:ip:${buyer.clientAddress}`,
  ]);
  return countUnpaidSeats(tx, buyer, now);
}

const seats = (count: number) => `${count} ${count === 1 ? 'seat' : 'seats'}`;

/**
 * Checks that an order of `quantity` units, added to the seats the buyer's pending orders hold
 * (`held`), stays within the settings' limits per email and per client address.
 * @throws UnpaidSeatLimitError over either limit (409), saying what is held and what to do
 */
export function assertWithinUnpaidSeatLimits(
  settings: Pick<TaxSettings, 'maxUnpaidSeatsPerEmail' | 'maxUnpaidSeatsPerAddress'>,
  held: UnpaidSeats,
  quantity: number,
): void {
  const perEmail = settings.maxUnpaidSeatsPerEmail;
  if (held.byEmail + quantity > perEmail) {
    throw new UnpaidSeatLimitError(
      held.byEmail === 0
        ? `At most ${seats(perEmail)} can await payment at once for one buyer, and this order has ${quantity}. Pay for up to ${perEmail} attendees first, then check out the others.`
        : `You already hold ${seats(held.byEmail)} awaiting payment, and at most ${seats(perEmail)} can await payment at once for one buyer. Pay for your earlier order, or wait until its reservation ends, then check out these attendees.`,
    );
  }
  const perAddress = settings.maxUnpaidSeatsPerAddress;
  if (held.byAddress + quantity > perAddress) {
    throw new UnpaidSeatLimitError(
      held.byAddress === 0
        ? `At most ${seats(perAddress)} can await payment at once from one network, and this order has ${quantity}. Pay for up to ${perAddress} attendees first, then check out the others.`
        : `Orders from your network already hold ${seats(held.byAddress)} awaiting payment, and at most ${seats(perAddress)} can await payment at once from one network. Pay for those orders, or try again once their reservations end.`,
    );
  }
}

/**
 * Checkout's answer for the order a repeated checkout found holding its seats, as it stands:
 * its amount (paise), tax and expiry from when it was made, its provider order, and the
 * buyer's key (access.ts; `secret` is OTP_SECRET).
 */
export function answerOfHoldingOrder(
  provider: PaymentProvider,
  secret: string,
  holding: {
    order: Pick<OrderRow, 'id' | 'amount' | 'reference' | 'expiresAt'>;
    providerOrderId: string;
    tax: TaxBreakdown;
  },
  person: CheckoutResponse['person'],
): CheckoutResponse {
  const { order, providerOrderId, tax } = holding;
  return {
    order: {
      id: providerOrderId,
      amount: order.amount,
      currency: CURRENCY,
      reference: order.reference,
      expiresAt: order.expiresAt.toISOString(),
      key: orderKey(secret, order.id, { kind: 'buyer' }),
    },
    person,
    tax,
    checkout: provider.checkoutFor(providerOrderId),
  };
}
