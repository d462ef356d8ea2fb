/**
 * Registrants' requests to erase their personal data (DPDP Act 2023 §12), as the organizer
 * console lists and handles them: the request from the manage page, and what the erasure
 * changed once an owner carried it out.
 */
import { z } from 'zod';
import { PageQuerySchema, pageOf } from './admin.js';

export const DeletionRequestListQuerySchema = PageQuerySchema.extend({
  /** Open (not handled yet) or handled; both when absent. */
  status: z.enum(['open', 'handled']).optional(),
});
export type DeletionRequestListQuery = z.infer<typeof DeletionRequestListQuerySchema>;

/** What one erasure changed, counted per kind of record. */
export const ErasureOutcomeSchema = z.object({
  /** Registrations whose name, email, phone, city, address, pincode and description were replaced. */
  registrations: z.number().int(),
  /** Contact inquiries (and the replies to them) whose sender and text were replaced. */
  inquiries: z.number().int(),
  /** Award votes whose email was replaced; the vote itself still counts. */
  votes: z.number().int(),
  /**
   * Files the registrations carried (logo, brochure, product images), deleted. Absent on
   * erasures from before files were deleted, which deleted none.
   */
  uploads: z.number().int().default(0),
  /** Waiting-list entries whose name and email were replaced (open ones closed). */
  waitingListEntries: z.number().int().default(0),
  /** Addresses taken off the "Tell me when registration opens" list. Absent on older erasures. */
  registrationAlerts: z.number().int().default(0),
  /** Recipient rows of the organizers' messages sent to the address, deleted. Absent on older erasures. */
  messageRecipients: z.number().int().default(0),
  /** Audit log entries whose personal data was replaced; what was done and by whom stays. */
  auditEntriesRedacted: z.number().int().default(0),
  /**
   * Stored payment notifications of their orders that lost the payer's contact details; ids,
   * amounts and states stay for the books. Absent on older erasures, which kept them.
   */
  paymentEventsRedacted: z.number().int().default(0),
  /** Queued, sent and failed jobs (mostly emails) whose payload or outcome held the address, deleted. */
  jobsDeleted: z.number().int().default(0),
  /** Tax invoices and credit notes kept as issued, which GST law requires (CGST Act §36). */
  taxDocumentsKept: z.number().int(),
});
export type ErasureOutcome = z.infer<typeof ErasureOutcomeSchema>;

export const DeletionRequestSchema = z.object({
  id: z.number().int(),
  /** The address as the request was made; kept as the record that the request was answered. */
  email: z.string(),
  requestedAt: z.iso.datetime(),
  handledAt: z.iso.datetime().nullable(),
  outcome: ErasureOutcomeSchema.nullable(),
});
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;
export const DeletionRequestPageSchema = pageOf(DeletionRequestSchema);
export type DeletionRequestPage = z.infer<typeof DeletionRequestPageSchema>;
