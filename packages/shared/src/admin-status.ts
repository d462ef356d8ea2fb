/**
 * The owner's status page (`GET /api/admin/status`): each thing the festival needs running,
 * whether it is, and what to do when it is not.
 */
import { z } from 'zod';

export const StatusCheckSchema = z.object({
  id: z.enum(['email', 'payments', 'signing-key', 'disk', 'backup', 'sample-content']),
  label: z.string(),
  /** `ok`; `warn`: works, but not as a festival selling for real should; `fail`: broken. */
  state: z.enum(['ok', 'warn', 'fail']),
  /** What was found, in words. */
  detail: z.string(),
  /** What to do about it; null when nothing. */
  action: z.string().nullable(),
});
export type StatusCheck = z.infer<typeof StatusCheckSchema>;
