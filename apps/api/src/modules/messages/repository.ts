/**
 * Rows of messages to attendees: the people a filter matches, the messages, their recipients,
 * the unsubscribed addresses and the settings. Every function takes `db: Executor`, the
 * database or an open transaction.
 */
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AutomaticReminderKind, MessageFilter, MessageRecipientStatus } from '@festival/shared';
import { EVENT_TIME_ZONE } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import {
  automaticReminders,
  events,
  messageRecipients,
  messages,
  messageSettings,
  messageUnsubscribes,
} from '../../db/schema.js';
import { rowsOf } from '../../db/search.js';

/** One person a filter matched, with the merge data of their row. */
export interface MatchedPerson {
  /** Trimmed, lower-cased. */
  email: string;
  name: string;
  registrationId: string | null;
  /** Their order's reference (a paid one first, else the latest); null without an order. */
  reference: string | null;
  unsubscribed: boolean;
}

/** `sha256(lower(trim(address)))` in hex, as `message_unsubscribes` keys it, computed by PostgreSQL. */
function addressHashOf(email: SQL): SQL {
  return sql`encode(sha256(convert_to(lower(trim(${email})), 'UTF8')), 'hex')`;
}

const idList = (values: number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The registrations of the filter's edition that every condition holds for. */
function registrationsMatching(filter: MessageFilter): SQL {
  const conditions: SQL[] = [sql`r.event_id = ${filter.editionId}`];
  if (filter.participantCategoryIds?.length) {
    conditions.push(sql`r.participant_category_id in (${idList(filter.participantCategoryIds)})`);
  }
  if (filter.ticketTypeIds?.length) {
    const types = idList(filter.ticketTypeIds);
    conditions.push(sql`(r.ticket_type_id in (${types}) or exists (
      select 1 from order_attendees oa join order_lines ol on ol.order_id = oa.order_id
      where oa.registration_id = r.id and ol.ticket_type_id in (${types})))`);
  }
  const ordersIn = (statuses: string) => sql`exists (
    select 1 from order_attendees oa join orders o on o.id = oa.order_id
    where oa.registration_id = r.id and o.status in (${sql.raw(statuses)}))`;
  if (filter.payment === 'paid') conditions.push(ordersIn(`'paid'`));
  if (filter.payment === 'refunded') {
    conditions.push(sql`${ordersIn(`'refunded', 'refund_due'`)} and not ${ordersIn(`'paid'`)}`);
  }
  if (filter.payment === 'unpaid') {
    conditions.push(sql`not ${ordersIn(`'paid', 'refunded', 'refund_due'`)}`);
  }
  const checkedIn = sql`exists (select 1 from passes p where p.registration_id = r.id and p.checked_in_at is not null)`;
  if (filter.checkedIn === 'yes') conditions.push(checkedIn);
  if (filter.checkedIn === 'no') conditions.push(sql`not ${checkedIn}`);
  return sql`
    select lower(trim(r.email)) as email, r.name, r.id::text as registration_id,
      (select o.reference from order_attendees oa join orders o on o.id = oa.order_id
        where oa.registration_id = r.id
        order by (o.status = 'paid') desc, o.created_at desc limit 1) as reference,
      r.created_at, r.id::text as tiebreak
    from registrations r
    where ${sql.join(conditions, sql` and `)}`;
}

function waitingListMatching(filter: MessageFilter): SQL {
  const conditions: SQL[] = [sql`w.event_id = ${filter.editionId}`, sql`w.status in ('waiting', 'offered')`];
  if (filter.ticketTypeIds?.length)
    conditions.push(sql`w.ticket_type_id in (${idList(filter.ticketTypeIds)})`);
  return sql`
    select lower(trim(w.email)) as email, w.name, null::text as registration_id, null::text as reference,
      w.created_at, lpad(w.id::text, 12, '0') as tiebreak
    from waiting_list_entries w
    where ${sql.join(conditions, sql` and `)}`;
}

/** The list has no names; the greeting says "there" ("Hello there"). */
const ALERT_NAME = 'there';

function alertsMatching(): SQL {
  return sql`
    select a.email, ${ALERT_NAME}::text as name, null::text as registration_id, null::text as reference,
      a.created_at, lpad(a.id::text, 12, '0') as tiebreak
    from registration_alerts a`;
}

/**
 * Everyone `filter` matches now, one row per address (the earliest row of an address wins:
 * the same person registered in two categories is written to once), in the order they came,
 * each marked whether the address unsubscribed.
 */
export async function matchPeople(db: Executor, filter: MessageFilter): Promise<MatchedPerson[]> {
  const source =
    filter.audience === 'registrations'
      ? registrationsMatching(filter)
      : filter.audience === 'waiting_list'
        ? waitingListMatching(filter)
        : alertsMatching();
  const rows = rowsOf<{
    email: string;
    name: string;
    registration_id: string | null;
    reference: string | null;
    unsubscribed: boolean;
  }>(
    await db.execute(sql`
      with matched as (${source}),
      first_of_address as (
        select distinct on (email) * from matched order by email, created_at, tiebreak
      )
      select f.email, f.name, f.registration_id, f.reference,
        exists (select 1 from message_unsubscribes u where u.address_hash = ${addressHashOf(sql`f.email`)}) as unsubscribed
      from first_of_address f
      order by f.created_at, f.tiebreak`),
  );
  return rows.map((row) => ({
    email: row.email,
    name: row.name,
    registrationId: row.registration_id,
    reference: row.reference,
    unsubscribed: row.unsubscribed,
  }));
}

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type RecipientRow = typeof messageRecipients.$inferSelect;

/** Inserts the message; undefined when its client key made one already (a second press). */
export async function insertMessage(db: Executor, values: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: messages.clientKey })
    .returning();
  return row;
}

export async function findMessage(db: Executor, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

export async function findMessageByClientKey(
  db: Executor,
  clientKey: string,
): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.clientKey, clientKey));
  return row;
}

/** Rows per INSERT: a festival's list goes in a few statements of bounded size. */
const INSERT_BATCH = 1000;

/** Inserts the recipients (an address already there for the message is skipped); answers their ids. */
export async function insertRecipients(
  db: Executor,
  rows: (typeof messageRecipients.$inferInsert)[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const inserted = await db
      .insert(messageRecipients)
      .values(rows.slice(start, start + INSERT_BATCH))
      .onConflictDoNothing()
      .returning({ id: messageRecipients.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** The recipient and its message, for the job that mails it. */
export async function findRecipientWithMessage(db: Executor, recipientId: number) {
  const [row] = await db
    .select({ recipient: messageRecipients, message: messages })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(eq(messageRecipients.id, recipientId));
  return row;
}

export async function findRecipient(db: Executor, recipientId: number): Promise<RecipientRow | undefined> {
  const [row] = await db.select().from(messageRecipients).where(eq(messageRecipients.id, recipientId));
  return row;
}

/**
 * Records the outcome of a recipient still queued; answers false when it was not queued (a
 * job run twice: the first run decided).
 */
export async function settleRecipient(
  db: Executor,
  recipientId: number,
  outcome: { status: Exclude<MessageRecipientStatus, 'queued'>; error: string | null; sentAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(messageRecipients)
    .set(outcome)
    .where(and(eq(messageRecipients.id, recipientId), eq(messageRecipients.status, 'queued')))
    .returning({ id: messageRecipients.id });
  return rows.length > 0;
}

/** Queues the message's failed and bounced recipients again at `at`; answers their ids. */
export async function requeueFailed(db: Executor, messageId: number, at: Date): Promise<number[]> {
  const rows = await db
    .update(messageRecipients)
    .set({ status: 'queued', error: null, queuedAt: at })
    .where(
      and(
        eq(messageRecipients.messageId, messageId),
        inArray(messageRecipients.status, ['failed', 'bounced']),
      ),
    )
    .returning({ id: messageRecipients.id });
  return rows.map((row) => row.id);
}

/** Failed and bounced recipients of the message. */
export async function countFailed(db: Executor, messageId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messageRecipients)
    .where(
      and(
        eq(messageRecipients.messageId, messageId),
        inArray(messageRecipients.status, ['failed', 'bounced']),
      ),
    );
  return row?.n ?? 0;
}

/** Recipients per status of each message. */
export async function countsByStatus(db: Executor, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({ messageId: messageRecipients.messageId, status: messageRecipients.status, n: count() })
    .from(messageRecipients)
    .where(inArray(messageRecipients.messageId, messageIds))
    .groupBy(messageRecipients.messageId, messageRecipients.status);
}

/** A page of messages, newest first, with their edition's name. */
export function listMessages(db: Executor, search: { afterId?: number | undefined; limit: number }) {
  return db
    .select({ message: messages, editionName: events.name })
    .from(messages)
    .innerJoin(events, eq(events.id, messages.eventId))
    .where(search.afterId === undefined ? undefined : sql`${messages.id} < ${search.afterId}`)
    .orderBy(desc(messages.id))
    .limit(search.limit);
}

/** The edition's facts the email layout shows. */
export async function findEdition(db: Executor, eventId: number) {
  const [row] = await db
    .select({
      id: events.id,
      name: events.name,
      venue: events.venue,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** A page of a message's recipients in the order they were queued. */
export function listRecipients(
  db: Executor,
  messageId: number,
  search: { status?: MessageRecipientStatus | undefined; afterId?: number | undefined; limit: number },
) {
  const conditions = [eq(messageRecipients.messageId, messageId)];
  if (search.status) conditions.push(eq(messageRecipients.status, search.status));
  if (search.afterId !== undefined) conditions.push(sql`${messageRecipients.id} > ${search.afterId}`);
  return db
    .select()
    .from(messageRecipients)
    .where(and(...conditions))
    .orderBy(messageRecipients.id)
    .limit(search.limit);
}

/** Recipients of the edition's messages queued on the India-time day of `now`. */
export async function countQueuedOnDayOf(db: Executor, eventId: number, now: Date): Promise<number> {
  const day = sql`(${now.toISOString()}::timestamptz at time zone ${EVENT_TIME_ZONE})::date`;
  const [row] = await db
    .select({ n: count() })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(
      and(
        eq(messages.eventId, eventId),
        sql`${messageRecipients.queuedAt} >= ${day}::timestamp at time zone ${EVENT_TIME_ZONE}`,
        sql`${messageRecipients.queuedAt} < (${day} + 1)::timestamp at time zone ${EVENT_TIME_ZONE}`,
      ),
    );
  return row?.n ?? 0;
}

export async function findSettings(db: Executor, eventId: number) {
  const [row] = await db.select().from(messageSettings).where(eq(messageSettings.eventId, eventId));
  return row;
}

export async function upsertSettings(db: Executor, values: typeof messageSettings.$inferInsert) {
  await db
    .insert(messageSettings)
    .values(values)
    .onConflictDoUpdate({
      target: messageSettings.eventId,
      set: {
        dailyCap: values.dailyCap,
        unpaidReminder: values.unpaidReminder,
        unpaidReminderHours: values.unpaidReminderHours,
        dayBeforeReminder: values.dayBeforeReminder,
        waitingListConfirmation: values.waitingListConfirmation,
        updatedAt: values.updatedAt,
      },
    });
}

/**
 * Records an automatic reminder of `kind` about `subjectId` unless one is recorded: true when
 * this call recorded it (the caller sends it), false when it was there already.
 */
export async function insertReminder(
  db: Executor,
  kind: AutomaticReminderKind,
  subjectId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(automaticReminders)
    .values({ kind, subjectId, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: automaticReminders.id });
  return rows.length > 0;
}

/** Whether the reminder of `kind` about `subjectId` was recorded and is not yet marked sent. */
export async function reminderUnsent(db: Executor, kind: AutomaticReminderKind, subjectId: string) {
  const [row] = await db
    .select({ id: automaticReminders.id })
    .from(automaticReminders)
    .where(
      and(
        eq(automaticReminders.kind, kind),
        eq(automaticReminders.subjectId, subjectId),
        isNull(automaticReminders.sentAt),
      ),
    );
  return row !== undefined;
}

export async function markReminderSent(
  db: Executor,
  kind: AutomaticReminderKind,
  subjectId: string,
  at: Date,
): Promise<void> {
  await db
    .update(automaticReminders)
    .set({ sentAt: at })
    .where(and(eq(automaticReminders.kind, kind), eq(automaticReminders.subjectId, subjectId)));
}

/** Records that the address (hashed here by PostgreSQL) unsubscribed; nothing when it had. */
export async function insertUnsubscribe(db: Executor, email: string, at: Date): Promise<void> {
  await db
    .insert(messageUnsubscribes)
    .values({ addressHash: sql`${addressHashOf(sql`${email}`)}`, createdAt: at })
    .onConflictDoNothing();
}

/** Deletes the recipients rows of an address (an erasure); answers how many went. */
export async function deleteRecipientsOf(db: Executor, email: string): Promise<number> {
  const rows = await db
    .delete(messageRecipients)
    .where(eq(messageRecipients.email, email.trim().toLowerCase()))
    .returning({ id: messageRecipients.id });
  return rows.length;
}
