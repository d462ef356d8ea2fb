/**
 * Contact-form use case (the spec's /contact page and `/api/auth/contact` call): the
 * inquiry and the job that notifies the organisers are written in one transaction, so an
 * accepted inquiry is always followed by its email, even across a crash or a mail outage
 * (the job retries). `notifiedAt` records when the notification was handed over.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ContactInquiry, Inquiry, InquiryListQuery, InquiryPage } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { decodeCursor, pageOf } from '../../lib/cursor.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { Mailer } from '../mail/mailer.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { contactNotificationEmail, inquiryReplyEmail } from './emails.js';
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
  const event = await getCurrentEvent(deps.db);
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

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Sends an organizer's reply to the person who wrote (contact/jobs.ts). */
    'inquiry-reply': { replyId: number };
  }
}

function toInquiry(row: repository.ContactInquiryRow, replies: repository.InquiryReplyRow[]): Inquiry {
  return {
    id: row.id,
    contactPersonName: row.contactPersonName,
    email: row.email,
    number: row.number,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    replies: replies.map((reply) => ({
      body: reply.body,
      organizerEmail: reply.organizerEmail,
      createdAt: reply.createdAt.toISOString(),
      sentAt: reply.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A page of the inquiries inbox, newest first, with their replies.
 * @throws ValidationError a cursor this list did not give out (400)
 */
export async function listInquiries(db: Database, query: InquiryListQuery): Promise<InquiryPage> {
  const rows = await repository.searchInquiries(db, {
    status: query.status,
    q: query.q || undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ createdAt: row.cursorAt, id: row.id }));
  const replies = await repository.listReplies(
    db,
    page.map((row) => row.id),
  );
  return {
    items: page.map((row) =>
      toInquiry(
        row,
        replies.filter((reply) => reply.inquiryId === row.id),
      ),
    ),
    nextCursor,
  };
}

async function lockInquiryOrThrow(tx: Executor, id: number) {
  const row = await repository.lockInquiry(tx, id);
  if (!row) throw new NotFoundError('Inquiry not found');
  return row;
}

/**
 * Marks an inquiry handled (or open again), with its audit row.
 * @throws NotFoundError unknown inquiry (404)
 */
export async function setInquiryHandled(
  db: Database,
  id: number,
  handled: boolean,
  actor: Actor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockInquiryOrThrow(tx, id);
    if ((row.handledAt !== null) === handled) return;
    await repository.setHandledAt(tx, id, handled ? now : null);
    await recordAudit(tx, actor, {
      at: now,
      action: handled ? 'inquiry.handle' : 'inquiry.reopen',
      entityType: 'inquiry',
      entityId: id,
      before: { handledAt: row.handledAt?.toISOString() ?? null },
      after: { handledAt: handled ? now.toISOString() : null },
    });
  });
}

/**
 * Answers an inquiry by email: the reply, its job and its audit row are written in one
 * transaction, and the inquiry counts as handled.
 * @throws NotFoundError unknown inquiry (404)
 */
export async function replyToInquiry(
  deps: ContactDeps,
  id: number,
  message: string,
  actor: Actor,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockInquiryOrThrow(tx, id);
    const reply = await repository.insertReply(tx, {
      inquiryId: id,
      organizerId: actor.organizerId,
      organizerEmail: actor.email,
      body: message,
      createdAt: now,
    });
    await deps.jobs.enqueue(tx, 'inquiry-reply', { replyId: reply.id });
    if (!row.handledAt) await repository.setHandledAt(tx, id, now);
    await recordAudit(tx, actor, {
      at: now,
      action: 'inquiry.reply',
      entityType: 'inquiry',
      entityId: id,
      before: { handledAt: row.handledAt?.toISOString() ?? null },
      after: { handledAt: (row.handledAt ?? now).toISOString(), reply: message },
    });
  });
}

/**
 * The `inquiry-reply` job: emails a reply not sent yet, with the organisers' address to
 * answer to, then records it. Throws when the mail server refuses (the job retries).
 */
export async function sendInquiryReply(deps: NotifyDeps, replyId: number): Promise<void> {
  const reply = await repository.findReply(deps.db, replyId);
  if (!reply || reply.sentAt) return;
  const inquiry = await repository.findInquiry(deps.db, reply.inquiryId);
  if (!inquiry) return;
  const event = await getCurrentEvent(deps.db);
  await deps.mailer.send(
    inquiryReplyEmail({
      to: inquiry.email,
      subject: inquiry.subject,
      question: inquiry.message,
      reply: reply.body,
      replyTo: deps.organizerEmail,
      event,
    }),
  );
  await repository.markReplySent(deps.db, replyId, deps.now());
}

/** Erases the sender's details and text of `email`'s inquiries (a handled deletion request). Returns their ids. */
export async function erasePersonalData(tx: Executor, email: string): Promise<number[]> {
  return repository.erasePersonalData(tx, email);
}
