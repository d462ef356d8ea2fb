/** The contact inquiries inbox of the organizer console. */
import { z } from 'zod';
import { PageQuerySchema, pageOf } from './admin.js';
import { safeString } from './input.js';

export const InquiryListQuerySchema = PageQuerySchema.extend({
  /** Open (not handled yet) or handled; both when absent. */
  status: z.enum(['open', 'handled']).optional(),
  /** Part of the name, email, subject or message. */
  q: safeString().trim().max(100).optional(),
});
export type InquiryListQuery = z.infer<typeof InquiryListQuerySchema>;

export const InquiryReplyViewSchema = z.object({
  body: z.string(),
  organizerEmail: z.string(),
  createdAt: z.iso.datetime(),
  /** When the mail server took the reply; null while it is queued. */
  sentAt: z.iso.datetime().nullable(),
});

export const InquirySchema = z.object({
  id: z.number().int(),
  contactPersonName: z.string(),
  email: z.string(),
  number: z.string(),
  subject: z.string(),
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
  handledAt: z.iso.datetime().nullable(),
  replies: z.array(InquiryReplyViewSchema),
});
export type Inquiry = z.infer<typeof InquirySchema>;
export const InquiryPageSchema = pageOf(InquirySchema);
export type InquiryPage = z.infer<typeof InquiryPageSchema>;

export const InquiryHandledSchema = z.object({ handled: z.boolean({ error: 'Say whether it is handled' }) });

export const InquiryReplyRequestSchema = z.object({
  message: safeString().trim().min(1, 'Write the reply').max(5000, 'Keep the reply under 5,000 characters'),
});
