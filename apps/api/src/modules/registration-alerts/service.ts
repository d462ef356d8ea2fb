/**
 * "Tell me when registration opens": while the current edition's sales are not open,
 * the public form leaves an address on the list; once they open, an organizer announces it and
 * every waiting address is emailed once. Organizers also list and export the addresses, and
 * mark them notified when they wrote to them another way. An address is kept once however it
 * is typed (trimmed, lower-cased): leaving it again changes nothing and mails nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  LocaleSchema,
  SALES_NOT_OPEN_CODE,
  type AnnounceRegistrationOpenResult,
  type MarkAlertsNotifiedResult,
  type RegistrationAlert,
  type RegistrationAlertList,
  type RegistrationAlertListQuery,
  type RegistrationAlertPage,
  type RegistrationAlertRequest,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotOnSaleError } from '../../errors.js';
import { decodeCursor, pageOf } from '../../lib/cursor.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent, getEvent } from '../current-edition/service.js';
import { currentSales, toEventSales, type Sales } from '../editions/sales.js';
import type { Mailer } from '../mail/mailer.js';
import { alertConfirmationEmail, registrationOpenEmail } from './emails.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Confirms to an address that it is on the list (registration-alerts/jobs.ts). */
    'registration-alert-email': { alertId: number };
    /** Tells an address that registration is open, after an announcement (registration-alerts/jobs.ts). */
    'registration-alert-open-email': { alertId: number };
  }
}

export interface AlertDeps {
  db: Database;
  now(): Date;
  jobs: JobQueue;
}

/** The machine-readable code of the refusal while registration is open: the page offers the form instead. */
export const SALES_OPEN_CODE = 'SALES_OPEN';

/**
 * Puts `email` on the list, with the current edition, the client's address and the language of
 * the page (`locale`, which both emails use), and queues its confirmation in the same
 * transaction (sent after commit by the job). An address already on the list is left as it is,
 * language included, and no second confirmation is sent.
 * @returns whether the address was new
 * @throws NotOnSaleError registration is open now: register instead (409, code SALES_OPEN)
 */
export async function leaveAlert(
  deps: AlertDeps,
  { email, locale }: RegistrationAlertRequest,
  ip: string | undefined,
): Promise<{ added: boolean }> {
  const now = deps.now();
  const { event, sales } = await currentSales(deps.db, now);
  if (sales.state === 'open') {
    throw new NotOnSaleError('Registration is open: you can register now.', undefined, SALES_OPEN_CODE);
  }
  return deps.db.transaction(async (tx) => {
    const row = await repository.insertAlert(tx, {
      email: email.trim().toLowerCase(),
      eventId: event.id,
      ip: ip ?? null,
      locale,
      createdAt: now,
    });
    if (!row) return { added: false };
    await deps.jobs.enqueue(tx, 'registration-alert-email', { alertId: row.id });
    return { added: true };
  });
}

export interface AlertMailDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  organizerEmail: string;
  siteUrl: string;
}

/**
 * The `registration-alert-email` job: confirms to an address that it is on the list. Nothing
 * when the address has gone meanwhile (erased). Throws when the mail server refuses (the job
 * retries).
 */
export async function sendAlertConfirmation(deps: AlertMailDeps, alertId: number): Promise<void> {
  const row = await repository.findAlert(deps.db, alertId);
  if (!row) return;
  await deps.mailer.send(
    alertConfirmationEmail({
      email: row.email,
      locale: LocaleSchema.parse(row.locale),
      // The edition the site showed when the address was left, even if another is current now.
      event:
        (row.eventId === null ? undefined : await getEvent(deps.db, row.eventId)) ??
        (await getCurrentEvent(deps.db)),
      organizerEmail: deps.organizerEmail,
      siteUrl: deps.siteUrl,
    }),
  );
}

/**
 * The `registration-alert-open-email` job: tells an address that registration for the current
 * edition is open. Nothing when the address has gone meanwhile (erased). Throws when the mail
 * server refuses (the job retries).
 */
export async function sendRegistrationOpen(deps: AlertMailDeps, alertId: number): Promise<void> {
  const row = await repository.findAlert(deps.db, alertId);
  if (!row) return;
  await deps.mailer.send(
    registrationOpenEmail({
      email: row.email,
      locale: LocaleSchema.parse(row.locale),
      event: await getCurrentEvent(deps.db),
      organizerEmail: deps.organizerEmail,
      siteUrl: deps.siteUrl,
    }),
  );
}

/** The console's list, newest first, cursor-paged, with the count of addresses not notified yet. */
export async function listAlerts(
  db: Executor,
  query: RegistrationAlertListQuery,
): Promise<RegistrationAlertPage> {
  const rows = await repository.searchAlerts(db, {
    status: query.status,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ createdAt: row.cursorAt, id: row.id }));
  return {
    items: page.map((row): RegistrationAlert => ({
      id: row.id,
      email: row.email,
      editionName: row.editionName,
      createdAt: row.createdAt.toISOString(),
      notifiedAt: row.notifiedAt?.toISOString() ?? null,
    })),
    nextCursor,
    waiting: await repository.countWaiting(db),
  };
}

/**
 * The console's list (`listAlerts`) with the current edition and its sales state at `now`,
 * which decide whether the list can be announced.
 */
export async function listAlertsForConsole(
  db: Executor,
  query: RegistrationAlertListQuery,
  now: Date,
): Promise<RegistrationAlertList> {
  const { event, sales } = await currentSales(db, now);
  return {
    ...(await listAlerts(db, query)),
    current: { editionName: event.name, sales: toEventSales(sales) },
  };
}

/** The organizer's reason why the list cannot be announced, per sales state other than open. */
const NOT_OPEN_REFUSAL: Record<Exclude<Sales['state'], 'open'>, (edition: string) => string> = {
  upcoming: (edition) =>
    `Registration for ${edition} has not opened yet: email the list once its ticket types are on sale.`,
  closed: (edition) => `Registration for ${edition} has closed: there is no open registration to announce.`,
  ended: (edition) => `${edition} is over: there is no open registration to announce.`,
};

/**
 * The announcement the list exists for: while the current edition's sales are open, marks every
 * address not notified yet as notified at `now` and queues one `registration-alert-open-email`
 * per address, in one transaction, audited with the count. The conditional UPDATE hands each
 * address to one announcement only, so a second press, or two organizers pressing at once,
 * mail nobody twice.
 * @throws NotOnSaleError sales are not open: nothing to announce yet, or any more (409, code SALES_NOT_OPEN)
 */
export async function announceRegistrationOpen(
  deps: AlertDeps,
  actor: Actor,
): Promise<AnnounceRegistrationOpenResult> {
  const now = deps.now();
  const { event, sales } = await currentSales(deps.db, now);
  if (sales.state !== 'open') {
    throw new NotOnSaleError(NOT_OPEN_REFUSAL[sales.state](event.name), undefined, SALES_NOT_OPEN_CODE);
  }
  return deps.db.transaction(async (tx) => {
    const ids = await repository.markAllWaitingNotified(tx, now);
    await deps.jobs.enqueueMany(
      tx,
      'registration-alert-open-email',
      ids.map((alertId) => ({ alertId })),
    );
    await recordAudit(tx, actor, {
      at: now,
      action: 'registration_alert.announce',
      entityType: 'registration_alert',
      entityId: 'list',
      before: null,
      after: { emailed: ids.length, edition: event.name },
    });
    return { emailed: ids.length };
  });
}

/**
 * Marks the addresses not notified yet that were left at or before `createdUpTo` as notified
 * at `now` (the organizer wrote to them); audited with the count.
 */
export async function markNotified(
  db: Database,
  actor: Actor,
  createdUpTo: Date,
  now: Date,
): Promise<MarkAlertsNotifiedResult> {
  return db.transaction(async (tx) => {
    const ids = await repository.markNotified(tx, createdUpTo, now);
    await recordAudit(tx, actor, {
      at: now,
      action: 'registration_alert.mark_notified',
      entityType: 'registration_alert',
      entityId: 'list',
      before: null,
      after: { marked: ids.length, createdUpTo: createdUpTo.toISOString() },
    });
    return { marked: ids.length };
  });
}

/** An erasure (self-service deletion requests): takes the address off the list; answers how many rows went. */
export async function erasePersonalData(tx: Executor, email: string): Promise<number> {
  return (await repository.deleteAlertsOf(tx, email)).length;
}
