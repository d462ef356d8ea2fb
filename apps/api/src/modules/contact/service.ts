/**
 * Contact-form use case (spec §2 /contact, §4 contact form, §7 `/api/auth/contact`): the
 * inquiry and the job that notifies the organisers are written in one transaction, so an
 * accepted inquiry is always followed by its email, even across a crash or a mail outage
 * (the job retries). `notifiedAt` records when the notification was handed over.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ContactInquiry } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { Mailer } from '../mail/mailer.js';
import * as referenceData from '../reference-data/service.js';
import { contactNotificationEmail } from './emails.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Notifies the organisers of an inquiry (contact/jobs.ts). */
    'contact-notification': { inquiryId: number };
  }
}

export interface ContactDeps {
  db: Database;
  now(): Date;
  jobs: JobQueue;
}

/** Stores an inquiry and queues the organisers' notification. @returns the inquiry's id. */
export async function submitInquiry(
  deps: ContactDeps,
  input: ContactInquiry,
  ip: string | undefined,
): Promise<{ id: number }> {
  return deps.db.transaction(async (tx) => {
    const row = await repository.insertInquiry(tx, {
      contactPersonName: input.contactPersonName,
      email: input.email,
      number: input.number,
      subject: input.subject,
      message: input.message ?? null,
      ip: ip ?? null,
      createdAt: deps.now(),
    });
    await deps.jobs.enqueue(tx, 'contact-notification', { inquiryId: row.id });
    return { id: row.id };
  });
}

export interface NotifyDeps {
  db: Database;
  now(): Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Where inquiries are sent (ORGANIZER_EMAIL). */
  organizerEmail: string;
}

/**
 * The `contact-notification` job: emails the organisers an inquiry not notified yet, then
 * records it. Throws when the mail server refuses (the job retries).
 */
export async function notifyOrganizers(deps: NotifyDeps, inquiryId: number): Promise<void> {
  const row = await repository.findInquiry(deps.db, inquiryId);
  if (!row || row.notifiedAt) return;
  const event = await referenceData.getCurrentEvent(deps.db);
  await deps.mailer.send(
    contactNotificationEmail({
      to: deps.organizerEmail,
      inquiryId: row.id,
      contactPersonName: row.contactPersonName,
      email: row.email,
      number: row.number,
      subject: row.subject,
      message: row.message,
      event,
    }),
  );
  await repository.markNotified(deps.db, row.id, deps.now());
}

/**
 * How many contact inquiries there are, and how many are open (not marked handled by an
 * organizer). Inquiries belong to no edition: the form is the site's, not an event's.
 */
export async function countInquiries(db: Executor): Promise<{ open: number; total: number }> {
  return repository.countInquiries(db);
}
