/**
 * The organizer console's dashboard: figures of the current edition gathered from
 * the modules that own them (registrations, orders, tickets, payments, contact, voting), each
 * through its service. Shapes and units: `DashboardSchema` in @festival/shared (money integer
 * paise; days in EVENT_TIME_ZONE).
 */
import { CURRENCY, seesDashboardMoney, type Dashboard, type OrganizerRole } from '@festival/shared';
import type { Database } from '../../db/client.js';
import { ticketTypeSeats } from '../availability/service.js';
import { countInquiries } from '../contact/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { capturedOrderAmount, countOrdersByStatus, salesByDay } from '../orders/service.js';
import { refundTotals } from '../payments/refunds.js';
import { countRegistrationsByCategory } from '../registrations/service.js';
import { countVotesByNominee } from '../voting/service.js';

/**
 * The dashboard of the current edition at `now`, as `role` may see it: money (revenue, each
 * day's revenue) only for DASHBOARD_MONEY_ROLES, null for the others; an unknown role (no
 * signed-in organizer) sees no money either.
 *
 * Revenue: gross = the amounts of paid, refund_due and refunded orders (each payment was
 * captured) + second payments of settled orders; refunded = refunds the provider processed;
 * net = gross − refunded; pendingRefunds = refunds requested or accepted, not yet processed.
 *
 * Read in one read-only REPEATABLE READ transaction, so the figures agree with each other
 * even while payments arrive (a sale is never in the orders count but missing from revenue).
 *
 * @throws NotFoundError no edition exists (404)
 */
export async function getDashboard(
  db: Database,
  now: Date,
  role: OrganizerRole | undefined,
): Promise<Dashboard> {
  const money = seesDashboardMoney(role);
  return db.transaction(
    async (tx) => {
      const event = await getCurrentEvent(tx);
      const byCategory = await countRegistrationsByCategory(tx, event.id);
      const orders = await countOrdersByStatus(tx, event.id, now);
      const ticketTypes = await ticketTypeSeats(tx, event.id, now);
      const inquiries = await countInquiries(tx);
      const byNominee = await countVotesByNominee(tx);
      const days = await salesByDay(tx, event.id);

      let revenue: Dashboard['revenue'] = null;
      if (money) {
        const orderPaise = await capturedOrderAmount(tx, event.id);
        const refunds = await refundTotals(tx, event.id);
        const gross = orderPaise + refunds.duplicatePayments;
        revenue = {
          currency: CURRENCY,
          gross,
          refunded: refunds.processed,
          net: gross - refunds.processed,
          pendingRefunds: refunds.inFlight,
        };
      }

      return {
        event: { id: event.id, name: event.name },
        asOf: now.toISOString(),
        registrations: { total: sum(byCategory.map((row) => row.registrations)), byCategory },
        orders,
        revenue,
        ticketTypes,
        inquiries,
        votes: { total: sum(byNominee.map((row) => row.votes)), byNominee },
        salesByDay: days.map((day) => ({
          date: day.date,
          orders: day.orders,
          seats: day.seats,
          revenue: money ? day.paise : null,
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
