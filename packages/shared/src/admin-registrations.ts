/** The registrations list of the organizer console (issue 8 §2 Registrations and attendees). */
import { z } from 'zod';
import { PageQuerySchema, pageOf } from './admin.js';
import { databaseId, isCalendarDate, safeString } from './input.js';

const day = safeString().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD').optional();

/** Payment state of an attendee: a valid pass, money going back, or nothing paid yet. */
export const AttendeePaymentSchema = z.enum(['paid', 'refunded', 'unpaid']);

export const RegistrationListQuerySchema = PageQuerySchema.extend({
  /** Name, email, phone or company (any case, with or without accents), or a pass code or order reference. */
  q: safeString().trim().max(100).optional(),
  category: databaseId().optional(),
  ticketTypeId: databaseId().optional(),
  payment: AttendeePaymentSchema.optional(),
  /** Registered on or after this day, in India time. */
  from: day,
  /** Registered on or before this day, in India time. */
  to: day,
});
export type RegistrationListQuery = z.infer<typeof RegistrationListQuerySchema>;

export const RegistrationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  companyName: z.string().nullable(),
  participantCategoryId: z.number().int(),
  role: z.string(),
  registeredAt: z.iso.datetime(),
  payment: AttendeePaymentSchema,
  /** The attendee's paid order, or else their newest one. */
  orderReference: z.string().nullable(),
  ticketName: z.string().nullable(),
  passCode: z.string().nullable(),
});
export type RegistrationRow = z.infer<typeof RegistrationRowSchema>;

export const RegistrationPageSchema = pageOf(RegistrationRowSchema);
export type RegistrationPage = z.infer<typeof RegistrationPageSchema>;
