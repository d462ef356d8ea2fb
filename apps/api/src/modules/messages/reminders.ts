/**
 * The record of automatic reminders (modules/reminders, and the waiting list's confirmation):
 * each kind is sent once per subject. A sender claims the reminder in the transaction that
 * queues its email, and the email's job marks it sent after the mail server took it, so a
 * retried job sends nothing twice and a second sweep claims nothing twice.
 */
import type { AutomaticReminderKind } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import * as repository from './repository.js';

/**
 * Claims the reminder of `kind` about `subjectId` (a registration, order or waiting-list
 * entry id) in the caller's transaction: true when this call claimed it and should queue the
 * email, false when it was claimed before.
 */
export function claimReminder(
  tx: Executor,
  kind: AutomaticReminderKind,
  subjectId: string,
  now: Date,
): Promise<boolean> {
  return repository.insertReminder(tx, kind, subjectId, now);
}

/** Whether a claimed reminder still waits for its email (false once sent, or never claimed). */
export function reminderUnsent(
  db: Executor,
  kind: AutomaticReminderKind,
  subjectId: string,
): Promise<boolean> {
  return repository.reminderUnsent(db, kind, subjectId);
}

/** Records that the reminder's email was handed to the mail server. */
export function markReminderSent(
  db: Executor,
  kind: AutomaticReminderKind,
  subjectId: string,
  now: Date,
): Promise<void> {
  return repository.markReminderSent(db, kind, subjectId, now);
}
