/**
 * Jobs that failed, as the organizer console lists them (`GET /api/admin/job-failures`): emails,
 * refunds and other work done after a change, whose last attempt failed. Instants are ISO 8601
 * UTC.
 */
import { z } from 'zod';
import type { OrganizerRole } from './admin.js';

/** Roles that see failed jobs and retry them: those who run sales and refunds. */
export const JOB_FAILURE_ROLES = ['owner', 'manager', 'finance'] as const satisfies readonly OrganizerRole[];

export const JobFailureSchema = z.object({
  id: z.uuid(),
  /** What the job does, in words ("Confirmation email with passes"). */
  label: z.string(),
  /** `failed`: out of attempts until retried here; `retry`: the next attempt is at `nextAttemptAt`. */
  state: z.enum(['failed', 'retry']),
  attempts: z.number().int().nonnegative(),
  /** Why it failed, in plain words. */
  reason: z.string(),
  /** The error as the job saw it, for whoever fixes the cause. */
  detail: z.string().nullable(),
  createdAt: z.iso.datetime(),
  failedAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  /** The order the job was about, for a link to it; null for jobs about no order. */
  orderReference: z.string().nullable(),
});
export type JobFailure = z.infer<typeof JobFailureSchema>;

export const JobFailureParamsSchema = z.object({ id: z.uuid('No such job') });
