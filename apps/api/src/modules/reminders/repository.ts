/**
 * What the automatic reminders read: registrations still unpaid and paid orders with valid
 * passes, each without its reminder recorded yet. Read-only queries over the registrations,
 * orders and passes tables (as messages' filters read them); what is sent is recorded through
 * the messages module (messages/reminders.ts). Every function takes `db: Executor`.
 */
import { and, asc, eq, gt, inArray, isNull, lte, notExists, notLike, or, sql } from 'drizzle-orm';
import type { AutomaticReminderKind } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { automaticReminders, orderAttendees, orders, passes, registrations } from '../../db/schema.js';

/** Statuses of an order that took the money (or gave it back): nothing left to remind about. */
const SETTLED = ['paid', 'refund_due', 'refunded'];

/**
 * The orders that settle `registrationId` or hold its seats at `now`: one that took (or gave
 * back) the money, or a reservation not yet lapsed (the person may be paying right now).
 */
const settledOrHeld = (db: Executor, registrationId: typeof registrations.id | string, now: Date) =>
  db
    .select({ one: sql`1` })
    .from(orderAttendees)
    .innerJoin(orders, eq(orders.id, orderAttendees.orderId))
    .where(
      and(
        eq(orderAttendees.registrationId, registrationId),
        or(inArray(orders.status, SETTLED), and(eq(orders.status, 'pending'), gt(orders.expiresAt, now))),
      ),
    );

const notReminded = (db: Executor, kind: AutomaticReminderKind, subjectId: ReturnType<typeof sql>) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(automaticReminders)
      .where(and(eq(automaticReminders.kind, kind), eq(automaticReminders.subjectId, subjectId))),
  );

/**
 * Registrations of the edition made in (`from`, `to`] by the person who registers the group
 * (not a colleague they added), not erased, with no order settling them or holding their seats
 * at `now`, and without an unpaid reminder; oldest first, at most `limit`.
 */
export async function unpaidRegistrations(
  db: Executor,
  { eventId, from, to, now, limit }: { eventId: number; from: Date; to: Date; now: Date; limit: number },
): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: registrations.id, email: registrations.email })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        isNull(registrations.colleagueOfId),
        gt(registrations.createdAt, from),
        lte(registrations.createdAt, to),
        notLike(registrations.email, '%@erased.invalid'),
        notExists(settledOrHeld(db, registrations.id, now)),
        notReminded(db, 'unpaid', sql`${registrations.id}::text`),
      ),
    )
    .orderBy(asc(registrations.createdAt))
    .limit(limit);
}

/**
 * Paid orders of the edition with at least one valid pass and no day-before reminder, with
 * their attendees' addresses in attendee order (the buyer's first); at most `limit`.
 */
export async function ordersForDayBefore(
  db: Executor,
  eventId: number,
  limit: number,
): Promise<{ orderId: string; emails: string[] }[]> {
  const validPass = db
    .select({ one: sql`1` })
    .from(passes)
    .where(and(eq(passes.orderId, orders.id), isNull(passes.revokedAt)));
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.eventId, eventId),
        eq(orders.status, 'paid'),
        sql`exists ${validPass}`,
        notReminded(db, 'day_before', sql`${orders.id}::text`),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .as('due');
  const rows = await db
    .select({ orderId: due.id, email: registrations.email })
    .from(due)
    .innerJoin(orderAttendees, eq(orderAttendees.orderId, due.id))
    .innerJoin(registrations, eq(registrations.id, orderAttendees.registrationId))
    .orderBy(asc(due.id), asc(orderAttendees.position));
  const byOrder = new Map<string, string[]>();
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row.email]);
  return [...byOrder].map(([orderId, emails]) => ({ orderId, emails }));
}

/** Whether the registration is still unpaid at `now`, as `unpaidRegistrations` means it. */
export async function isStillUnpaid(db: Executor, registrationId: string, now: Date): Promise<boolean> {
  const [row] = await settledOrHeld(db, registrationId, now).limit(1);
  return row === undefined;
}
