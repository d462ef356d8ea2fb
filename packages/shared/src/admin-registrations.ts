/** The registrations list of the organizer console. */
import { z } from 'zod';
import { PageQuerySchema, pageOf } from './admin.js';
import { OrderStatusSchema } from './checkout.js';
import { databaseId, isCalendarDate, safeString } from './input.js';
import { TicketUnitsSchema } from './order-tickets.js';
import { RegistrationAnswerSchema } from './registration-questions.js';

const day = safeString().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD').optional();

/**
 * Payment state of an attendee: a valid pass that was paid for, a valid pass issued as a comp
 * (no payment: a guest list), money going back, or nothing paid yet.
 */
export const AttendeePaymentSchema = z.enum(['paid', 'comp', 'refunded', 'unpaid']);
export type AttendeePayment = z.infer<typeof AttendeePaymentSchema>;

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

const named = z.object({ id: z.number().int(), name: z.string() });

/** What a registration's uploaded file is for (the spec's optional files: logo, brochure, product images). */
export const UploadPurposeSchema = z.enum(['logo', 'brochure', 'product_image']);

/**
 * One registration as the console shows it: every field the spec lists, the details of
 * its form (startup or investor), its orders and passes, and its files, each downloadable by
 * organizers at `downloadUrl` (`GET /api/admin/uploads/{id}`, an attachment).
 */
export const RegistrationDetailSchema = z.object({
  id: z.string(),
  participantCategoryId: z.number().int(),
  role: z.string(),
  name: z.string(),
  email: z.string(),
  countryCode: z.string(),
  contactNo: z.string(),
  companyName: z.string().nullable(),
  city: z.string(),
  country: named,
  state: named.nullable(),
  pincode: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  /** The ticket type chosen on the form's tab, if any. */
  chosenTicket: named.nullable(),
  registeredAt: z.iso.datetime(),
  termsAcceptedAt: z.iso.datetime(),
  confirmationSentAt: z.iso.datetime().nullable(),
  /** Pitcher and Start-Up form details. */
  startup: z
    .object({
      founderName: z.string(),
      legalName: z.string(),
      industryCategory: named,
      stage: named,
      teamSize: z.string(),
      /** `YYYY-MM-DD`. */
      establishedOn: z.string(),
    })
    .nullable(),
  /** Investor form details; the amount in paise. */
  investor: z.object({ investmentAmount: z.number().int() }).nullable(),
  /** Orders the attendee is part of, newest first. */
  orders: z.array(
    z.object({
      reference: z.string(),
      status: OrderStatusSchema,
      /** The order's ticket (`ticketNameOf` its lines). */
      ticketName: z.string(),
      /** Units per ticket, lines left with none left out (`unitsByTicket`). */
      tickets: z.array(TicketUnitsSchema),
      /** Units of all its lines. */
      quantity: z.number().int(),
      /** Paise. */
      amount: z.number().int(),
      createdAt: z.iso.datetime(),
      paidAt: z.iso.datetime().nullable(),
    }),
  ),
  /** Passes issued to the attendee, revoked ones included. */
  passes: z.array(
    z.object({
      code: z.string(),
      orderReference: z.string(),
      issuedAt: z.iso.datetime(),
      checkedInAt: z.iso.datetime().nullable(),
      revokedAt: z.iso.datetime().nullable(),
    }),
  ),
  /** The attendee's answers to the registration questions, in the questions' order. */
  answers: z.array(RegistrationAnswerSchema),
  files: z.array(
    z.object({
      id: z.string(),
      purpose: UploadPurposeSchema,
      originalName: z.string(),
      mimeType: z.string(),
      sizeBytes: z.number().int(),
      uploadedAt: z.iso.datetime(),
      downloadUrl: z.string(),
    }),
  ),
});
export type RegistrationDetail = z.infer<typeof RegistrationDetailSchema>;
