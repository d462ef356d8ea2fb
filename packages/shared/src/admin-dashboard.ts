/**
 * The organizer console's dashboard: `GET /api/admin/dashboard` answers `DashboardSchema` for the
 * current edition. Money is integer paise (INR); days are calendar days in EVENT_TIME_ZONE
 * (Asia/Kolkata), `YYYY-MM-DD`; instants are ISO 8601 UTC.
 *
 * Who sees what: every role in DASHBOARD_ROLES opens the dashboard; only
 * DASHBOARD_MONEY_ROLES see money. For the others (content) `revenue` and each day's
 * `revenue` are null; every count (registrations, orders, seats, inquiries, votes) is shown
 * to all, since none of them is money and the seat figures are public on /register anyway.
 */
import { z } from 'zod';
import type { OrganizerRole } from './admin.js';
import { OrderStatusSchema } from './checkout.js';

/** Roles that may open the dashboard: gate only checks passes in. */
export const DASHBOARD_ROLES = [
  'owner',
  'manager',
  'finance',
  'content',
] as const satisfies readonly OrganizerRole[];

/** Roles that see revenue: owners and managers run the festival, finance keeps its books. */
export const DASHBOARD_MONEY_ROLES = [
  'owner',
  'manager',
  'finance',
] as const satisfies readonly OrganizerRole[];

/** True when `role` sees the dashboard's money figures. */
export function seesDashboardMoney(role: OrganizerRole | undefined): boolean {
  return (DASHBOARD_MONEY_ROLES as readonly string[]).includes(role ?? '');
}

const count = z.number().int().nonnegative();
const paise = z.number().int();

/** Registrations of one participant category (every category is listed, with 0 if none). */
export const DashboardCategorySchema = z.object({
  participantCategoryId: z.number().int(),
  name: z.string(),
  registrations: count,
});

/**
 * Orders per status; a record keyed by an enum requires every status. A pending order whose reservation has lapsed counts
 * as `expired`, as the order pages show it, even before anyone marks it.
 */
export const DashboardOrdersSchema = z.record(OrderStatusSchema, count);

/**
 * Money taken, in paise. `gross`: every captured payment of the edition: orders paid,
 * refund_due and refunded (their payment was captured before it had to go back) plus second
 * payments of an already settled order. `refunded`: refunds the provider has processed.
 * `net` = gross − refunded. Refunds still on their way count in `pendingRefunds`.
 */
export const DashboardRevenueSchema = z.object({
  currency: z.literal('INR'),
  gross: paise,
  refunded: paise,
  net: paise,
  pendingRefunds: paise,
});

/**
 * Seats of one ticket type: `sold` by paid orders, `reserved` by pending orders whose
 * reservation has not lapsed; `available` = capacity − sold − reserved, never below 0.
 */
export const DashboardTicketTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  participantCategoryId: z.number().int(),
  capacity: count,
  sold: count,
  reserved: count,
  available: count,
});

/** Contact inquiries: `open` are those no organizer has marked handled. */
export const DashboardInquiriesSchema = z.object({ open: count, total: count });

/** Verified votes of one nominee page (every nominee is listed, with 0 if none). */
export const DashboardNomineeSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  votes: count,
});

/**
 * One calendar day (Asia/Kolkata) of sales: orders paid that day and still paid, their seats
 * and amount. Days between the first and the last sale are all listed (0 when none), so the
 * chart's axis has no holes. `revenue` is null for roles that do not see money.
 */
export const DashboardSalesDaySchema = z.object({
  date: z.iso.date(),
  orders: count,
  seats: count,
  revenue: paise.nullable(),
});

export const DashboardSchema = z.object({
  event: z.object({ id: z.number().int(), name: z.string() }),
  /** The instant the figures were read at (reservations lapse with time). */
  asOf: z.iso.datetime(),
  registrations: z.object({ total: count, byCategory: z.array(DashboardCategorySchema) }),
  orders: DashboardOrdersSchema,
  /** Null for roles that do not see money (DASHBOARD_MONEY_ROLES). */
  revenue: DashboardRevenueSchema.nullable(),
  ticketTypes: z.array(DashboardTicketTypeSchema),
  inquiries: DashboardInquiriesSchema,
  votes: z.object({ total: count, byNominee: z.array(DashboardNomineeSchema) }),
  salesByDay: z.array(DashboardSalesDaySchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
