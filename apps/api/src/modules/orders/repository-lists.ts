/**
 * Orders as the console lists and counts them: the searched, filtered page of an edition's
 * orders, the lines that name their tickets, and the dashboard's figures (orders per status,
 * captured paise, sales per day).
 */
import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderLines, orders, ticketTypes } from '../../db/schema.js';
import { containsText, rowsOf, withinDays } from '../../db/search.js';
import type { CursorPosition } from '../../lib/cursor.js';
import { ORDER_STATUS as STATUS } from './status.js';

export interface OrderSearch {
  eventId: number;
  /** Searched as a substring of the buyer's name or email, or exactly as a reference. */
  q?: string | undefined;
  status?: string | undefined;
  ticketTypeId?: number | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
  timeZone: string;
  after?: CursorPosition | undefined;
  limit: number;
  now: Date;
}

export interface OrderListRecord {
  id: string;
  reference: string;
  status: string;
  expires_at: Date | string;
  buyer_name: string;
  buyer_email: string;
  amount: number;
  created_at: Date | string;
  /** `created_at::text`, for the next page's cursor. */
  cursor_at: string;
  paid_at: Date | string | null;
  source: string;
  guest_list: string | null;
}

/**
 * A page of an event's orders, newest first, with the buyer (first attendee); their tickets are
 * their lines' (`listLinesOfOrders`). `status: 'expired'` includes pending orders whose reservation has lapsed, and
 * `'pending'` only those still holding seats, as the public pages read them.
 */
export async function searchOrders(db: Executor, search: OrderSearch) {
  const now = search.now.toISOString();
  const conditions = [sql`o.event_id = ${search.eventId}`];
  if (search.q) {
    conditions.push(
      sql`(upper(o.reference) = upper(${search.q}) or ${containsText(sql`b.name || ' ' || b.email`, search.q)})`,
    );
  }
  if (search.status === STATUS.pending) {
    conditions.push(sql`o.status = 'pending' and o.expires_at > ${now}::timestamptz`);
  } else if (search.status === STATUS.expired) {
    conditions.push(
      sql`(o.status = 'expired' or (o.status = 'pending' and o.expires_at <= ${now}::timestamptz))`,
    );
  } else if (search.status) {
    conditions.push(sql`o.status = ${search.status}`);
  }
  if (search.ticketTypeId !== undefined) {
    // Orders holding units of the ticket, as their tickets are named (`unitsByTicket`): a line
    // every attendee of which moved to another ticket no longer puts its order under this one.
    conditions.push(
      sql`exists (select 1 from order_lines l where l.order_id = o.id and l.ticket_type_id = ${search.ticketTypeId}
                     and (l.quantity > 0 or not exists (select 1 from order_lines h where h.order_id = o.id and h.quantity > 0)))`,
    );
  }
  conditions.push(...withinDays(sql`o.created_at`, search.timeZone, search.fromDay, search.toDay));
  if (search.after) {
    conditions.push(
      sql`(o.created_at, o.id) < (${search.after.createdAt}::timestamptz, ${search.after.id}::uuid)`,
    );
  }
  const result = await db.execute(sql`
    select o.id, o.reference, o.status, o.expires_at, b.name as buyer_name, b.email as buyer_email,
           o.amount, o.created_at, o.created_at::text as cursor_at, o.paid_at, o.source, o.guest_list
    from orders o
    join order_attendees oa on oa.order_id = o.id and oa.position = 0
    join registrations b on b.id = oa.registration_id
    where ${sql.join(conditions, sql` and `)}
    order by o.created_at desc, o.id desc
    limit ${search.limit}`);
  return rowsOf<OrderListRecord>(result);
}

/**
 * Orders of an event per status as the buyer would see it at `now`: a pending order whose
 * reservation has lapsed counts as expired (as `effectiveStatus` in status.ts decides for one).
 */
export async function countOrdersByEffectiveStatus(db: Executor, eventId: number, now: Date) {
  const lapsed = and(eq(orders.status, STATUS.pending), lte(orders.expiresAt, now));
  const effective = db
    .select({
      status: sql<string>`case when ${lapsed} then ${STATUS.expired} else ${orders.status} end`.as('status'),
    })
    .from(orders)
    .where(eq(orders.eventId, eventId))
    .as('effective');
  return db.select({ status: effective.status, orders: count() }).from(effective).groupBy(effective.status);
}

/**
 * Paise of an event's orders whose payment was captured: paid, and refund_due or refunded
 * (captured, then owed back). Second payments of a settled order are not orders' amounts;
 * the payments module counts them.
 */
export async function sumCapturedOrderAmounts(db: Executor, eventId: number): Promise<number> {
  const [row] = await db
    .select({ paise: sql<string>`coalesce(sum(${orders.amount}), 0)::bigint` })
    .from(orders)
    .where(
      and(
        eq(orders.eventId, eventId),
        inArray(orders.status, [STATUS.paid, STATUS.refund_due, STATUS.refunded]),
      ),
    );
  return Number(row?.paise ?? 0);
}

/**
 * Sales of an event per calendar day in `timeZone` (an IANA name, PostgreSQL's `at time zone`):
 * orders now paid, by the day they were paid, with their seats and paise. Every day from the
 * first sale to the last is listed, 0 on days without one; no sale, no rows.
 */
export async function salesPerDay(db: Executor, eventId: number, timeZone: string) {
  const paid = db.$with('paid').as(
    db
      .select({
        day: sql<string>`(${orders.paidAt} at time zone ${timeZone})::date`.as('day'),
        // Written out: in a CTE Drizzle leaves columns unqualified, and `id` would be the line's.
        quantity:
          sql<number>`(select sum(l.quantity)::int from order_lines l where l.order_id = orders.id)`.as(
            'quantity',
          ),
        amount: orders.amount,
      })
      .from(orders)
      .where(and(eq(orders.eventId, eventId), eq(orders.status, STATUS.paid))),
  );
  const rows = await db
    .with(paid)
    .select({
      date: sql<string>`to_char(calendar.calendar_day, 'YYYY-MM-DD')`,
      orders: sql<number>`count(${paid.day})::int`,
      seats: sql<number>`coalesce(sum(${paid.quantity}), 0)::int`,
      paise: sql<string>`coalesce(sum(${paid.amount}), 0)::bigint`,
    })
    .from(
      sql`generate_series((select min(day) from paid), (select max(day) from paid), interval '1 day') as calendar(calendar_day)`,
    )
    .leftJoin(paid, sql`${paid.day} = calendar.calendar_day::date`)
    .groupBy(sql`calendar.calendar_day`)
    .orderBy(sql`calendar.calendar_day`);
  return rows.map((row) => ({ ...row, paise: Number(row.paise) }));
}

/**
 * Every line of these orders with its ticket's name (and its translations) and units (0 for a line every attendee of
 * which moved to another ticket or was cancelled), each order's in position order: what names
 * an order's tickets once an attendee of a group changed ticket (decision 031).
 */
export async function listLinesOfOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderLines.orderId,
      ticketName: ticketTypes.name,
      ticketTranslations: ticketTypes.translations,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderLines.ticketTypeId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}
