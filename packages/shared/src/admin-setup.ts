/**
 * The owner's first-run setup in the console: what the festival needs before it can sell, one
 * step each (the organizer's identity, GSTIN, the edition, ticket types, payment keys), with
 * what is still missing and what that costs buyers. `GET /api/admin/setup`.
 */
import { z } from 'zod';
import type { OrganizerRole } from './admin.js';

/** Owners set everything up; managers and finance see what is missing. */
export const SETUP_VIEWER_ROLES = ['owner', 'manager', 'finance'] as const satisfies readonly OrganizerRole[];

export const SETUP_STEP_KEYS = ['identity', 'gstin', 'edition', 'ticketTypes', 'payments'] as const;

/**
 * 'done'; 'todo': the festival cannot sell (or sells for nothing) until it is done;
 * 'advised': sales work, but buyers miss something (no GSTIN: no tax invoices).
 */
export const SETUP_STEP_STATUSES = ['done', 'todo', 'advised'] as const;

export const SetupStepSchema = z.object({
  key: z.enum(SETUP_STEP_KEYS),
  status: z.enum(SETUP_STEP_STATUSES),
  title: z.string(),
  /** What is set, or what is missing and what that means for buyers. */
  detail: z.string(),
  /** The console page where the step is done. */
  href: z.string(),
});
export type SetupStep = z.infer<typeof SetupStepSchema>;

export const SetupChecklistSchema = z.object({
  steps: z.array(SetupStepSchema),
  /** Steps not done ('todo' and 'advised'). */
  remaining: z.number().int(),
  /**
   * Whether checkout takes money now; false in production while the organizer's identity is
   * incomplete (buyers would pay someone they cannot name), with the reason.
   */
  takesMoney: z.boolean(),
  takesMoneyReason: z.string().nullable(),
});
export type SetupChecklist = z.infer<typeof SetupChecklistSchema>;

/** Checkout's refusal while production lacks the organizer's identity (409 with this message). */
export const IDENTITY_INCOMPLETE_MESSAGE =
  'Ticket sales open once the organizers have published their details. Please try again later.';
