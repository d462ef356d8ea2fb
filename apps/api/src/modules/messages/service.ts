/**
 * Messages to attendees (issue 28 §1). An organizer composes one email for the people a filter
 * matches, previews it with one recipient's data, sends a test to their own address, then sends
 * it: the recipients are resolved here from the filter at that moment (never a list from the
 * browser), one per address, without the unsubscribed ones unless the message is a service
 * notice; each gets a row and a `message-email` job written in the same transaction as the
 * message and its audit row. The job mails one recipient and records sent, bounced (the server
 * refused it for good, SMTP 5xx) or failed (anything else); "Retry failed" queues those again.
 * A daily cap per edition (India-time day) bounds what one day can queue. The settings also
 * switch the automatic reminders (modules/reminders), whose sends are recorded here once each
 * (reminders.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_MESSAGE_SETTINGS,
  MESSAGE_DAILY_CAP_CODE,
  unknownMergeFields,
  type MessageCounts,
  type MessageDetail,
  type MessageDraft,
  type MessagePage,
  type MessagePreview,
  type MessagePreviewRequest,
  type MessageRecipientQuery,
  type MessageSettings,
  type MessageSettingsView,
  type MessageSummary,
  type SendMessage,
} from '@festival/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { DailyCapError, NoRecipientsError, NotFoundError, ValidationError } from '../../errors.js';
import type { JobPayloads, JobQueue } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import type { Mailer } from '../mail/mailer.js';
import {
  messageEmail,
  recipientOfToken,
  unsubscribeToken,
  unsubscribeUrlOf,
  type MergeData,
} from './emails.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Mails a batch of recipients of an organizer's message, one after another (messages/jobs.ts). */
    'message-email': { recipientIds: number[] };
    /** Mails a draft to the organizer who asked for a test, with one recipient's merge data. */
    'message-test-email': {
      to: string;
      editionId: number;
      subject: string;
      body: string;
      transactional: boolean;
      merge: MergeData;
    };
  }
}

export interface MessageDeps {
  db: Database;
  jobs: JobQueue;
  now(): Date;
  /** Public origin of the site (PUBLIC_URL). */
  siteUrl: string;
  /** OTP_SECRET: the key of the unsubscribe links. */
  secret: string;
}

export interface MessageMailDeps extends MessageDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * @throws ValidationError the body names fields that are not merge fields (400, field `body`,
 * the message names them)
 */
function checkMergeFields(body: string): void {
  const unknown = unknownMergeFields(body);
  if (unknown.length === 0) return;
  const named = unknown.map((field) => `{{${field}}}`).join(', ');
  const message = `Unknown merge ${unknown.length === 1 ? 'field' : 'fields'} ${named}: use {{name}}, {{reference}} or {{manage_link}}`;
  throw new ValidationError(message, { body: message });
}

/** @throws ValidationError no such edition (400, field `filter.editionId`) */
async function editionOf(db: Executor, editionId: number) {
  const event = await repository.findEdition(db, editionId);
  if (!event) {
    throw new ValidationError('No such edition', { 'filter.editionId': 'No such edition' });
  }
  return event;
}

/** Who the draft goes to now: its matches, less the unsubscribed unless it is transactional. */
async function recipientsOf(db: Executor, draft: MessageDraft) {
  const matched = await repository.matchPeople(db, draft.filter);
  const recipients = draft.transactional ? matched : matched.filter((person) => !person.unsubscribed);
  return { recipients, unsubscribedCount: matched.length - recipients.length };
}

/**
 * Recipients per `message-email` job. One job per recipient left the queue's fetch-and-settle
 * round trips (about 8 emails/s in `npm run bench:messages`) slower than the mail server; a
 * batch is mailed one after another, each recipient settled on its own.
 */
const RECIPIENTS_PER_JOB = 25;

/** The `message-email` jobs of `ids`: RECIPIENTS_PER_JOB each. */
function batchesOf(ids: number[]): { recipientIds: number[] }[] {
  const batches: { recipientIds: number[] }[] = [];
  for (let start = 0; start < ids.length; start += RECIPIENTS_PER_JOB) {
    batches.push({ recipientIds: ids.slice(start, start + RECIPIENTS_PER_JOB) });
  }
  return batches;
}

/** Sample merge data for a preview whose filter matches nobody. */
const SAMPLE: MergeData = { name: 'Asha Patel', reference: 'SF-SAMPLE' };

/**
 * The draft rendered for its `recipientIndex`-th recipient (the last one when past the end),
 * with how many it would go to now.
 * @throws ValidationError unknown merge fields, or no such edition (400)
 */
export async function previewMessage(
  deps: MessageDeps,
  request: MessagePreviewRequest,
): Promise<MessagePreview> {
  checkMergeFields(request.body);
  const event = await editionOf(deps.db, request.filter.editionId);
  const { recipients, unsubscribedCount } = await recipientsOf(deps.db, request);
  const shown = recipients[Math.min(request.recipientIndex, recipients.length - 1)];
  const mail = messageEmail({
    to: shown?.email ?? 'asha@example.com',
    subject: request.subject,
    body: request.body,
    merge: shown ?? SAMPLE,
    event,
    siteUrl: deps.siteUrl,
    unsubscribeUrl: request.transactional ? undefined : unsubscribeUrlOf(deps.siteUrl, 'preview'),
  });
  return {
    recipientCount: recipients.length,
    unsubscribedCount,
    recipient: shown ? { email: shown.email, name: shown.name } : null,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  };
}

/**
 * Queues the draft to the signed-in organizer's own address, filled in with the first
 * recipient's data (sample data when nobody matches). Not counted against the daily cap.
 * @throws ValidationError unknown merge fields, or no such edition (400)
 */
export async function sendTestMessage(
  deps: MessageDeps,
  actor: Actor,
  draft: MessageDraft,
): Promise<{ to: string }> {
  checkMergeFields(draft.body);
  await editionOf(deps.db, draft.filter.editionId);
  const { recipients } = await recipientsOf(deps.db, draft);
  const first = recipients[0];
  await deps.jobs.enqueue(deps.db, 'message-test-email', {
    to: actor.email,
    editionId: draft.filter.editionId,
    subject: `[Test] ${draft.subject}`,
    body: draft.body,
    transactional: draft.transactional,
    merge: first ? { name: first.name, reference: first.reference } : SAMPLE,
  });
  return { to: actor.email };
}

/** The edition's settings, or the defaults where none were saved. */
/** The edition's message settings: its row's, or DEFAULT_MESSAGE_SETTINGS without one. */
export async function settingsOf(db: Executor, eventId: number): Promise<MessageSettings> {
  const row = await repository.findSettings(db, eventId);
  if (!row) return DEFAULT_MESSAGE_SETTINGS;
  return {
    dailyCap: row.dailyCap,
    unpaidReminder: row.unpaidReminder,
    unpaidReminderHours: row.unpaidReminderHours,
    dayBeforeReminder: row.dayBeforeReminder,
    waitingListConfirmation: row.waitingListConfirmation,
  };
}

/**
 * Refuses `adding` emails that would take the edition past its daily cap. Holds a lock per
 * edition until the caller's transaction ends, so two sends at once cannot both fit in the
 * same remainder.
 * @throws DailyCapError over the cap (409, code DAILY_CAP, saying how many are left today)
 */
async function checkDailyCap(tx: Executor, eventId: number, adding: number, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('message-daily-cap'), ${eventId})`);
  const { dailyCap } = await settingsOf(tx, eventId);
  const queued = await repository.countQueuedOnDayOf(tx, eventId, now);
  const left = Math.max(0, dailyCap - queued);
  if (adding > left) {
    throw new DailyCapError(
      `This would send ${adding} ${adding === 1 ? 'email' : 'emails'}, over the daily limit of ${dailyCap}: ${left} left today (India time). Narrow the filter, send tomorrow or raise the limit.`,
      undefined,
      MESSAGE_DAILY_CAP_CODE,
    );
  }
}

/**
 * Sends the message: resolves its recipients now, writes the message, one row and one
 * `message-email` job per recipient and the audit row (who, subject, how many) in one
 * transaction. The same `clientKey` again answers the message it made, mailing nobody twice.
 * @throws ValidationError unknown merge fields, or no such edition (400)
 * @throws NoRecipientsError the filter matches nobody who may be written to (409)
 * @throws DailyCapError over the edition's daily cap (409, code DAILY_CAP)
 */
export async function sendMessage(
  deps: MessageDeps,
  actor: Actor,
  input: SendMessage,
): Promise<MessageSummary> {
  checkMergeFields(input.body);
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const existing = await repository.findMessageByClientKey(tx, input.clientKey);
    if (existing) return existing.id;
    const event = await editionOf(tx, input.filter.editionId);
    const { recipients } = await recipientsOf(tx, input);
    if (recipients.length === 0) {
      throw new NoRecipientsError(
        'Nobody matches this filter (unsubscribed addresses are left out): nothing was sent.',
      );
    }
    await checkDailyCap(tx, event.id, recipients.length, now);
    const message = await repository.insertMessage(tx, {
      eventId: event.id,
      subject: input.subject,
      body: input.body,
      filter: input.filter,
      transactional: input.transactional,
      clientKey: input.clientKey,
      authorId: actor.organizerId,
      authorEmail: actor.email,
      createdAt: now,
    });
    // A simultaneous request with the same key committed first: answer its message.
    if (!message) return (await repository.findMessageByClientKey(tx, input.clientKey))!.id;
    const ids = await repository.insertRecipients(
      tx,
      recipients.map((person) => ({
        messageId: message.id,
        email: person.email,
        name: person.name,
        registrationId: person.registrationId,
        reference: person.reference,
        queuedAt: now,
      })),
    );
    await deps.jobs.enqueueMany(tx, 'message-email', batchesOf(ids));
    await recordAudit(tx, actor, {
      at: now,
      action: 'message.send',
      entityType: 'message',
      entityId: message.id,
      before: null,
      after: {
        edition: event.name,
        subject: input.subject,
        recipients: ids.length,
        transactional: input.transactional,
        filter: input.filter,
      },
    });
    return message.id;
  });
  return summaryOf(deps.db, id);
}

/**
 * Queues the message's failed and bounced recipients again, audited with the count.
 * @throws NotFoundError no such message (404)
 * @throws DailyCapError over the edition's daily cap (409, code DAILY_CAP)
 */
export async function retryFailed(
  deps: MessageDeps,
  actor: Actor,
  messageId: number,
): Promise<{ queued: number }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const message = await repository.findMessage(tx, messageId);
    if (!message) throw new NotFoundError('No such message');
    await checkDailyCap(tx, message.eventId, await repository.countFailed(tx, messageId), now);
    const ids = await repository.requeueFailed(tx, messageId, now);
    await deps.jobs.enqueueMany(tx, 'message-email', batchesOf(ids));
    await recordAudit(tx, actor, {
      at: now,
      action: 'message.retry',
      entityType: 'message',
      entityId: messageId,
      before: null,
      after: { subject: message.subject, recipients: ids.length },
    });
    return { queued: ids.length };
  });
}

/** Whether a mail error is the server's final refusal of the recipient (an SMTP 5xx reply). */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The `message-email` job: mails each recipient of the batch in turn (`sendRecipient`). */
export async function sendRecipients(deps: MessageMailDeps, recipientIds: number[]): Promise<void> {
  for (const recipientId of recipientIds) await sendRecipient(deps, recipientId);
}

/**
 * Mails one queued recipient and records the outcome. A recipient no longer queued (already
 * sent, or erased) is skipped, so a job run twice mails once. A refusal is recorded, not
 * thrown: the organizer sees it and retries from the console.
 */
async function sendRecipient(deps: MessageMailDeps, recipientId: number): Promise<void> {
  const found = await repository.findRecipientWithMessage(deps.db, recipientId);
  if (!found || found.recipient.status !== 'queued') return;
  const { recipient, message } = found;
  const event = await repository.findEdition(deps.db, message.eventId);
  if (!event) return;
  const mail = messageEmail({
    to: recipient.email,
    subject: message.subject,
    body: message.body,
    merge: recipient,
    event,
    siteUrl: deps.siteUrl,
    unsubscribeUrl: message.transactional
      ? undefined
      : unsubscribeUrlOf(deps.siteUrl, unsubscribeToken(deps.secret, recipient.id)),
  });
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    deps.log.warn({ err: error, recipientId }, 'message email not sent');
    await repository.settleRecipient(deps.db, recipientId, {
      status: isPermanentRefusal(error) ? 'bounced' : 'failed',
      error: text.slice(0, 500),
      sentAt: null,
    });
    return;
  }
  await repository.settleRecipient(deps.db, recipientId, { status: 'sent', error: null, sentAt: deps.now() });
}

/** The `message-test-email` job: mails the draft to the organizer. Throws when the server refuses (retried). */
export async function sendTest(
  deps: MessageMailDeps,
  data: JobPayloads['message-test-email'],
): Promise<void> {
  const event = await repository.findEdition(deps.db, data.editionId);
  if (!event) return;
  await deps.mailer.send(
    messageEmail({
      to: data.to,
      subject: data.subject,
      body: data.body,
      merge: data.merge,
      event,
      siteUrl: deps.siteUrl,
      unsubscribeUrl: data.transactional ? undefined : unsubscribeUrlOf(deps.siteUrl, 'test'),
    }),
  );
}

function countsOf(rows: { status: string; n: number }[]): MessageCounts {
  const counts: MessageCounts = { total: 0, queued: 0, sent: 0, failed: 0, bounced: 0 };
  for (const row of rows) {
    counts[row.status as keyof Omit<MessageCounts, 'total'>] += row.n;
    counts.total += row.n;
  }
  return counts;
}

function toSummary(
  message: repository.MessageRow,
  editionName: string,
  counts: MessageCounts,
): MessageSummary {
  return {
    id: message.id,
    editionId: message.eventId,
    editionName,
    subject: message.subject,
    filter: message.filter,
    transactional: message.transactional,
    authorEmail: message.authorEmail,
    createdAt: message.createdAt.toISOString(),
    counts,
  };
}

async function summaryOf(db: Executor, id: number): Promise<MessageSummary> {
  const message = await repository.findMessage(db, id);
  if (!message) throw new NotFoundError('No such message');
  const counts = countsOf(await repository.countsByStatus(db, [id]));
  return toSummary(message, (await repository.findEdition(db, message.eventId))?.name ?? '', counts);
}

/** @throws ValidationError a cursor no list gave out (400) */
function cursorId(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  if (!/^\d{1,10}$/.test(cursor)) {
    throw new ValidationError('This page link has expired; start from the first page', {
      cursor: 'Invalid cursor',
    });
  }
  return Number(cursor);
}

/** Messages newest first, with their recipients' counts by status. */
export async function listMessages(
  db: Executor,
  query: { cursor?: string | undefined; limit: number },
): Promise<MessagePage> {
  const rows = await repository.listMessages(db, { afterId: cursorId(query.cursor), limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const counts = await repository.countsByStatus(
    db,
    page.map((row) => row.message.id),
  );
  return {
    items: page.map((row) =>
      toSummary(
        row.message,
        row.editionName,
        countsOf(counts.filter((count) => count.messageId === row.message.id)),
      ),
    ),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.message.id) : null,
  };
}

/**
 * The message with its counts (the progress) and a page of its recipients.
 * @throws NotFoundError no such message (404)
 */
export async function getMessage(
  db: Executor,
  id: number,
  query: MessageRecipientQuery,
): Promise<MessageDetail> {
  const summary = await summaryOf(db, id);
  const message = (await repository.findMessage(db, id))!;
  const rows = await repository.listRecipients(db, id, {
    status: query.status,
    afterId: cursorId(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    ...summary,
    body: message.body,
    recipients: {
      items: page.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        status: row.status,
        error: row.error,
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    },
  };
}

/**
 * The edition's message settings and what is left of today's cap.
 * @throws ValidationError no such edition (400)
 */
export async function getSettings(db: Executor, editionId: number, now: Date): Promise<MessageSettingsView> {
  await editionOf(db, editionId);
  const settings = await settingsOf(db, editionId);
  const sentToday = await repository.countQueuedOnDayOf(db, editionId, now);
  return { ...settings, editionId, sentToday, leftToday: Math.max(0, settings.dailyCap - sentToday) };
}

/**
 * Saves the edition's message settings, audited before and after.
 * @throws ValidationError no such edition (400)
 */
export async function updateSettings(
  deps: MessageDeps,
  actor: Actor,
  editionId: number,
  settings: MessageSettings,
): Promise<MessageSettingsView> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await editionOf(tx, editionId);
    const before = await settingsOf(tx, editionId);
    await repository.upsertSettings(tx, { eventId: editionId, ...settings, updatedAt: now });
    await recordAudit(tx, actor, {
      at: now,
      action: 'message_settings.update',
      entityType: 'message_settings',
      entityId: editionId,
      before,
      after: settings,
    });
  });
  return getSettings(deps.db, editionId, now);
}

/**
 * Records that the recipient a token was made for unsubscribed (every edition's messages stop,
 * service notices excepted). A token that no recipient of ours carries answers false.
 */
export async function unsubscribe(
  deps: Pick<MessageDeps, 'db' | 'now' | 'secret'>,
  token: string,
): Promise<boolean> {
  const recipientId = recipientOfToken(deps.secret, token);
  if (recipientId === undefined) return false;
  const recipient = await repository.findRecipient(deps.db, recipientId);
  if (!recipient) return false;
  await repository.insertUnsubscribe(deps.db, recipient.email, deps.now());
  return true;
}

/** An erasure (self-service deletion requests): deletes the address's recipient rows; answers how many went. */
export async function erasePersonalData(tx: Executor, email: string): Promise<number> {
  return repository.deleteRecipientsOf(tx, email);
}
