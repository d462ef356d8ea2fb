/**
 * Failed jobs as organizers see them: what each job does in words, why it failed in plain
 * words, and the order it was about, so that an email that never left or a refund the
 * provider refused is never silent. The jobs themselves are the job queue's
 * (plugins/jobs.ts); each module keeps its own handlers.
 */
import type { JobFailure } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { JobNotFailedError } from '../../errors.js';
import type { JobQueue, TroubledJob } from '../../plugins/jobs.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getOrder } from '../orders/service.js';
import { orderIdOfRefund } from '../payments/refunds.js';

/** The most failed jobs the console lists: more means something is broken, not busy. */
export const MAX_LISTED = 200;

/** What each job does, as the console says it. A job not named here shows its queue's name. */
const LABELS: Record<string, string> = {
  'pass-email': 'Confirmation email with passes',
  refund: 'Refund sent to the payment provider',
  'refund-email': 'Refund email to the buyer',
  'registration-email': 'Registration confirmation email',
  'waiting-list-offer-email': 'Waiting-list offer email',
  'registration-alert-email': '"Tell me when registration opens" confirmation',
  'registration-alert-open-email': 'Registration-open announcement',
  'manage-link-email': 'Sign-in link to "My registration"',
  'contact-notification': 'Inquiry notice to the organizers',
  'inquiry-reply': 'Reply to an inquiry',
  'sign-in-warning': 'Sign-in warning to an organizer',
  'organizer-invitation': 'Invitation to a new organizer',
  'organizer-password-reset': 'Password-reset email to an organizer',
  'order-cancelled-email': 'Cancellation email to the buyer',
  'registration-uploads-delete': 'Deleting an erased registration’s files',
  'erasure-outbox': 'Deleting an erased person’s emails from the outbox',
  'backup-check': 'Scheduled backup',
  'expire-lapsed-orders': 'Releasing seats of unpaid orders',
  'waiting-list-sweep': 'Waiting-list offers and lapses',
  'message-email': 'Message to attendees',
  'message-test-email': 'Test of a message to attendees',
};

const EMAIL_JOBS = new Set(
  Object.keys(LABELS).filter((name) => /email|notification|reply|warning/.test(name)),
);

/** Why a job failed, in words an organizer can act on; the error itself stays in `detail`. */
export function plainReason(name: string, error: string | null): string {
  if (!error) return 'The job failed without saying why.';
  if (EMAIL_JOBS.has(name)) {
    if (
      /ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ECONNRESET|Greeting never received|Connection (?:timeout|closed)/i.test(
        error,
      )
    ) {
      return 'The mail server could not be reached. Check SMTP_URL and that the server is up, then retry.';
    }
    if (/EAUTH|Invalid login|\b535\b/i.test(error)) {
      return 'The mail server refused the sign-in. Check the user and password in SMTP_URL, then retry.';
    }
    if (/\b55[0-4]\b|recipient|mailbox/i.test(error)) {
      return `The mail server refused the recipient: ${error}`;
    }
  }
  if (name === 'refund') return `The payment provider did not accept the refund: ${error}`;
  return error;
}

/** The order a job's payload names (an order, or a refund of one); null for others. */
async function orderReferenceOf(db: Executor, job: TroubledJob): Promise<string | null> {
  const data = (job.data ?? {}) as { orderId?: unknown; refundId?: unknown };
  const orderId =
    typeof data.orderId === 'string'
      ? data.orderId
      : typeof data.refundId === 'string'
        ? await orderIdOfRefund(db, data.refundId)
        : undefined;
  if (!orderId) return null;
  return (await getOrder(db, orderId))?.reference ?? null;
}

/** The jobs whose last attempt failed, newest first (at most MAX_LISTED), as the console shows them. */
export async function listJobFailures(db: Executor, jobs: JobQueue): Promise<JobFailure[]> {
  const troubled = await jobs.troubled(db, MAX_LISTED);
  return Promise.all(
    troubled.map(async (job) => ({
      id: job.id,
      label: LABELS[job.name] ?? job.name,
      state: job.state,
      attempts: job.attempts,
      reason: plainReason(job.name, job.error),
      detail: job.error,
      createdAt: job.createdAt.toISOString(),
      failedAt: job.failedAt?.toISOString() ?? null,
      nextAttemptAt: job.nextAttemptAt?.toISOString() ?? null,
      orderReference: await orderReferenceOf(db, job),
    })),
  );
}

/**
 * Queues a job that failed for good once more, audited as `job.retry`.
 * @throws JobNotFailedError when the job is not (or no longer) failed
 */
export async function retryJobFailure(db: Executor, jobs: JobQueue, actor: Actor, id: string, now: Date) {
  const job = await jobs.troubledById(db, id);
  if (!job || job.state !== 'failed' || !(await jobs.retryFailed(job.name, id))) {
    throw new JobNotFailedError('This job is not failed any more: it was retried or has finished.');
  }
  await recordAudit(db, actor, {
    at: now,
    action: 'job.retry',
    entityType: 'job',
    entityId: id,
    before: { state: 'failed', attempts: job.attempts, error: job.error },
    after: { state: 'retry' },
  });
}
