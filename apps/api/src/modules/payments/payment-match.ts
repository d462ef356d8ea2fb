/**
 * Whether a payment the provider captured pays an order: its amount (integer paise) and currency
 * are the order's. A webhook settles an order only when they are (Razorpay signs the event, not
 * the price: https://razorpay.com/docs/webhooks/validate-test/), and the order's timeline says
 * when a captured payment was not.
 */
import type { OrderRow } from '../orders/service.js';

/** What a Razorpay payment entity says of the money. */
export interface CapturedMoney {
  amount?: number | undefined;
  currency?: string | undefined;
}

/**
 * True when `payment` is exactly the order's amount, in the order's currency. Checkout's
 * callback carries neither: its signature covers the provider order id, and Razorpay takes a
 * payment of an order only for the order's amount (no partial payments are enabled), which
 * `createOrder` checked against ours.
 */
export function paysOrder(payment: CapturedMoney, order: Pick<OrderRow, 'amount' | 'currency'>): boolean {
  return payment.amount === order.amount && payment.currency === order.currency;
}
