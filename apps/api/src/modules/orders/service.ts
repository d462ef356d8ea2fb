/**
 * The orders module's public face: what other modules call, by use case.
 * - checkout.ts: checkout (seats reserved, the provider's order opened), the price quote, the
 *   one extension of a reservation; pay-again.ts: an unpaid order's checkout made again;
 * - settlement.ts: a payment settled exactly once, a bank transfer recorded, an unpaid order
 *   cancelled, money going back, lapsed reservations marked expired;
 * - queries.ts: orders by key, of an attendee, the console's list, the dashboard's figures;
 * - hooks.ts: what follows a paid or refunded order (passes, emails, the invoice) subscribes
 *   there (app.ts), so orders imports none of those modules.
 * - console.ts: comps and bank-transfer orders an organizer places, under checkout's rules.
 * Seats are counted by modules/availability; what a buyer may hold unpaid is holds.ts.
 */
export { orderKey, orderPageUrl, viewerOfKey, type OrderViewer } from './access.js';
export { checkout, extendReservation, quotePrice, type CheckoutContext } from './checkout.js';
export type { OrderAttendee, OrderHooks, OrderPaidEvent, OrderRefundedInFullEvent } from './hooks.js';
export {
  getOrder,
  getOrderBuyer,
  getOrderDetails,
  getOrderDetailsWithDocuments,
  linesOfOrders,
  listOrders,
  openOrder,
  orderAttendees,
  ordersOfAttendee,
  ordersWithAttendees,
  ordersWithReportedFailure,
  capturedOrderAmount,
  exportDetailsOfOrders,
  type OrderExportDetails,
  countOrdersByStatus,
  salesByDay,
  salesReport,
  ticketsOfLines,
} from './queries.js';
export type { OrderRow } from './repository.js';
export {
  cancelForFullRefund,
  cancelOrder,
  isPaidOffline,
  lockOrder,
  lockOrderForPayment,
  lockOrderForPaymentByReference,
  lockPaidOrderForRefund,
  recordOrderRefunded,
  recordPassEmailSent,
  settleOfflinePayment,
  settlePayment,
  sweepLapsedOrders,
  type LockedOrder,
  type SettleContext,
  type Settlement,
} from './settlement.js';
export { effectiveStatus, ORDER_STATUS, statusWords, visitorStatus } from './status.js';
export { payAgain, PAY_AGAIN_MESSAGES } from './pay-again.js';
export {
  placeConsoleOrder,
  type ConsoleOrderContext,
  type ConsoleOrderKind,
  type PlacedConsoleOrder,
} from './console.js';
