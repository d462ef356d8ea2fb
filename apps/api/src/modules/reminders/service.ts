/**
 * Automatic reminders (the organizer switches each on or off in the message settings):
 * - **unpaid**: a registration still unpaid `unpaidReminderHours` after it was made gets one
 *   email with a sign-in link to Manage my registration, where it can be paid (the link works
 *   once, for REMINDER_LINK_HOURS). Only registrations made within UNPAID_WINDOW_DAYS before
 *   they fall due are reminded, so switching reminders on, or upgrading a running install, does
 *   not mail everyone who ever registered and left.
 * - **day before**: from 09:00 India time on the day before the festival until it starts, every
 *   paid order's buyer gets their passes again, and each other attendee their own, with the
 *   printable PDF attached (the `pass-email` job, kind 'day-before').
 * The waiting-list confirmation, the third reminder, is queued by the waiting list when someone
 * joins. A periodic sweep (`reminder-sweep`, every REMINDER_SWEEP_SECONDS) finds what is due
 * in the current edition; each reminder is claimed (messages/reminders.ts) in the transaction
 * that queues its email, so two sweeps at once, or one after a crash, send it once.
 */
import { kolkataDate } from '@festival/shared';
import type { Database, Transaction } from '../../db/client.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { getCurrentEvent, type Event } from '../current-edition/service.js';
import { claimReminder } from '../messages/reminders.js';
import { settingsOf } from '../messages/service.js';
import { queuePassEmails } from '../passes/confirmation.js';
import { issueLink } from '../self-service/sign-in.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Finds and queues the reminders due (reminders/jobs.ts). */
    'reminder-sweep': Record<string, never>;
    /** The unpaid reminder of one registration, with its sign-in link's id and nonce. */
    'unpaid-reminder-email': { registrationId: string; eventId: number; linkId: number; nonce: string };
  }
}

/** How often the sweep looks for reminders due, in seconds. */
export const REMINDER_SWEEP_SECONDS = 300;
/** How long the unpaid reminder's sign-in link works, in hours. */
export const REMINDER_LINK_HOURS = 72;
/** How far back, before a reminder falls due, a registration is still reminded, in days. */
export const UNPAID_WINDOW_DAYS = 7;
/** Reminders claimed per transaction: a large edition is swept in several short ones. */
const BATCH = 200;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface ReminderDeps {
  db: Database;
  jobs: JobQueue;
  /** OTP_SECRET, which the sign-in links are derived under. */
  secret: string;
}

/**
 * When the day-before reminders start: 09:00 India time on the day before the edition's first
 * day (India has one offset all year, +05:30).
 */
export function dayBeforeFrom(event: Pick<Event, 'startsAt'>): Date {
  return new Date(Date.parse(`${kolkataDate(event.startsAt)}T09:00:00+05:30`) - DAY_MS);
}

/**
 * Queues every reminder of the current edition due at `now` that the settings allow, in
 * batches of BATCH per transaction. Answers how many of each kind were queued.
 */
export async function sweepReminders(
  deps: ReminderDeps,
  now: Date,
): Promise<{ unpaid: number; dayBefore: number }> {
  const event = await getCurrentEvent(deps.db);
  const settings = await settingsOf(deps.db, event.id);
  const result = { unpaid: 0, dayBefore: 0 };
  if (settings.unpaidReminder && now < event.startsAt) {
    const to = new Date(now.getTime() - settings.unpaidReminderHours * HOUR_MS);
    const window = { eventId: event.id, from: new Date(to.getTime() - UNPAID_WINDOW_DAYS * DAY_MS), to, now };
    result.unpaid = await inBatches(deps.db, async (tx) => {
      const due = await repository.unpaidRegistrations(tx, { ...window, limit: BATCH });
      for (const registration of due) {
        if (!(await claimReminder(tx, 'unpaid', registration.id, now))) continue;
        const link = await issueLink(tx, deps.secret, registration.email, {
          minutes: REMINDER_LINK_HOURS * 60,
          ip: undefined,
          now,
        });
        await deps.jobs.enqueue(tx, 'unpaid-reminder-email', {
          registrationId: registration.id,
          eventId: event.id,
          ...link,
        });
      }
      return due.length;
    });
  }
  if (settings.dayBeforeReminder && now >= dayBeforeFrom(event) && now < event.startsAt) {
    result.dayBefore = await inBatches(deps.db, async (tx) => {
      const due = await repository.ordersForDayBefore(tx, event.id, BATCH);
      for (const order of due) {
        if (!(await claimReminder(tx, 'day_before', order.orderId, now))) continue;
        await queuePassEmails(tx, deps.jobs, order.orderId, order.emails, 'day-before');
      }
      return due.length;
    });
  }
  return result;
}

/**
 * Runs `batch` in transactions of its own until one handles fewer than BATCH rows; answers the
 * rows handled in all.
 */
async function inBatches(db: Database, batch: (tx: Transaction) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const handled = await db.transaction(batch);
    total += handled;
    if (handled < BATCH) return total;
  }
}

/** Whether the registration of an unpaid reminder is still unpaid at `now` (else nothing is sent). */
export function stillUnpaid(db: Database, registrationId: string, now: Date): Promise<boolean> {
  return repository.isStillUnpaid(db, registrationId, now);
}
