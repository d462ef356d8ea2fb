/**
 * Orders an organizer makes in the console (issue 28): comp passes for a guest list, orders
 * paid by a bank transfer finance received, and the attendee import that makes either from a
 * CSV or XLSX file with the registration export's columns.
 */
import { z } from 'zod';
import { databaseId, safeString } from './input.js';
import {
  checkPhone,
  emailField,
  optionalText,
  phoneFields,
  requiredText,
  withNormalisedPhone,
} from './validation.js';

/**
 * Where an order came from: the public checkout, a comp an organizer issued, or a bank transfer
 * finance entered. Lists, exports and reports show it; comps are never revenue.
 */
export const ORDER_SOURCES = ['checkout', 'comp', 'bank_transfer'] as const;
export const OrderSourceSchema = z.enum(ORDER_SOURCES);
export type OrderSource = z.infer<typeof OrderSourceSchema>;

/** How lists and exports name a source. */
export const ORDER_SOURCE_NAMES: Record<OrderSource, string> = {
  checkout: 'Checkout',
  comp: 'Comp',
  bank_transfer: 'Bank transfer',
};

/** The guest list a comp pass is on. */
export const GUEST_LISTS = ['speaker', 'sponsor', 'press', 'other'] as const;
export const GuestListSchema = z.enum(GUEST_LISTS, { error: 'Choose the guest list' });
export type GuestList = z.infer<typeof GuestListSchema>;
export const GUEST_LIST_NAMES: Record<GuestList, string> = {
  speaker: 'Speaker',
  sponsor: 'Sponsor',
  press: 'Press',
  other: 'Other',
};

/** Roles that may issue comp passes (the role table gives registrations and orders to managers). */
export const COMP_ORDER_ROLES = ['owner', 'manager'] as const;
/** Roles that may enter an order paid by bank transfer (money received is finance's). */
export const BANK_TRANSFER_ORDER_ROLES = ['owner', 'finance'] as const;

/**
 * One attendee of a console order: the registration form's person, phone and place, with the
 * country and state by name as the registration export writes them. An attendee already
 * registered in the ticket's category (same email) keeps their registration.
 */
export const ConsoleAttendeeSchema = z
  .object({
    name: requiredText('Name is required', 120),
    email: emailField(),
    ...phoneFields,
    companyName: optionalText(160),
    city: requiredText('City is required', 100),
    country: requiredText('Country is required', 100),
    state: optionalText(100),
    pincode: optionalText(12),
  })
  .superRefine(checkPhone)
  .overwrite(withNormalisedPhone);
export type ConsoleAttendeeInput = z.input<typeof ConsoleAttendeeSchema>;
export type ConsoleAttendee = z.output<typeof ConsoleAttendeeSchema>;

/** At most this many attendees on one console order (a form, not an import). */
export const MAX_CONSOLE_ORDER_ATTENDEES = 20;

const reasonField = () =>
  safeString({ error: 'Give the reason' })
    .trim()
    .min(3, 'Give the reason: who asked for it, and why')
    .max(500, 'The reason can be at most 500 characters');

/** The bank's transaction reference (UTR), as a recorded bank transfer takes it. */
export const bankReferenceField = () =>
  safeString({ error: 'Enter the bank reference (UTR)' })
    .trim()
    .min(4, 'Enter the bank reference (UTR)')
    .max(64, 'The bank reference can be at most 64 characters');

const consoleOrderFields = {
  ticketTypeId: databaseId('Choose a ticket'),
  attendees: z
    .array(ConsoleAttendeeSchema, { error: 'Add at least one attendee' })
    .min(1, 'Add at least one attendee')
    .max(MAX_CONSOLE_ORDER_ATTENDEES, `At most ${MAX_CONSOLE_ORDER_ATTENDEES} attendees on one order`),
  reason: reasonField(),
};

/** Body of `POST /api/admin/console-orders/comp`: passes without payment, on a guest list. */
export const CompOrderRequestSchema = z.object({ ...consoleOrderFields, guestList: GuestListSchema });
export type CompOrderRequest = z.infer<typeof CompOrderRequestSchema>;
export type CompOrderRequestInput = z.input<typeof CompOrderRequestSchema>;

/**
 * Body of `POST /api/admin/console-orders/bank-transfer`: an order paid by a bank transfer
 * already received. The server prices it as checkout would (ticket price, GST).
 */
export const BankTransferOrderRequestSchema = z.object({
  ...consoleOrderFields,
  bankReference: bankReferenceField(),
});
export type BankTransferOrderRequest = z.infer<typeof BankTransferOrderRequestSchema>;
export type BankTransferOrderRequestInput = z.input<typeof BankTransferOrderRequestSchema>;

/** A console order as made: its reference, source and total (paise; 0 for a comp). */
export const ConsoleOrderSchema = z.object({
  reference: z.string(),
  source: OrderSourceSchema,
  amount: z.number().int(),
  attendees: z.number().int(),
});
export type ConsoleOrder = z.infer<typeof ConsoleOrderSchema>;

/** The largest import file, in bytes, and the most rows it may hold. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_IMPORT_ROWS = 200;

/**
 * The import's columns: the registration export's (modules/exports), so an export can be
 * edited and imported again. `read` columns are used; the others are the export's own
 * bookkeeping (when, which order, which pass) and are ignored.
 */
export const IMPORT_COLUMNS = [
  { header: 'Registered (IST)', read: false },
  { header: 'Name', read: true },
  { header: 'Email', read: true },
  { header: 'Phone', read: true },
  { header: 'Company', read: true },
  { header: 'Role', read: true },
  { header: 'City', read: true },
  { header: 'State', read: true },
  { header: 'Country', read: true },
  { header: 'PIN code', read: true },
  { header: 'Sector', read: false },
  { header: 'Stage', read: false },
  { header: 'Payment', read: false },
  { header: 'Order', read: false },
  { header: 'Ticket', read: true },
  { header: 'Pass', read: false },
] as const;
/** Columns an import file must have. */
export const REQUIRED_IMPORT_COLUMNS = ['Name', 'Email', 'Phone', 'City', 'Country', 'Ticket'] as const;

/**
 * The form fields of `POST /api/admin/imports/attendees` (multipart, with the file in `file`):
 * what every row's order is, and `commit` = "true" to create them (otherwise a preview).
 */
const commitField = () => z.enum(['true', 'false']).default('false');
export const CompImportFieldsSchema = z.object({
  kind: z.literal('comp'),
  guestList: GuestListSchema,
  reason: reasonField(),
  commit: commitField(),
});
export const BankTransferImportFieldsSchema = z.object({
  kind: z.literal('bank_transfer'),
  bankReference: bankReferenceField(),
  reason: reasonField(),
  commit: commitField(),
});
export const AttendeeImportFieldsSchema = z.discriminatedUnion(
  'kind',
  [CompImportFieldsSchema, BankTransferImportFieldsSchema],
  { error: 'Choose comp passes or bank transfer' },
);
export type AttendeeImportFields = z.infer<typeof AttendeeImportFieldsSchema>;

/** A problem with one row of an import: its row number in the file (the header is row 1). */
export const ImportRowErrorSchema = z.object({
  row: z.number().int(),
  /** The file's column the message is about; null for the row as a whole. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

/** One row as the import read it, and what it makes. */
export const ImportRowSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  ticket: z.string(),
  /** Paise, tax included, as the order would be priced (0 for a comp); null when the row has errors. */
  amount: z.number().int().nullable(),
});

/**
 * The import's answer: the rows, their errors, and whether they were created. Nothing is
 * created unless `commit` was asked and no row has an error (all or none).
 */
export const AttendeeImportResultSchema = z.object({
  committed: z.boolean(),
  rows: z.array(ImportRowSchema),
  errors: z.array(ImportRowErrorSchema),
  /** Paise of all rows together. */
  total: z.number().int(),
  /** The orders created, in row order (empty for a preview). */
  references: z.array(z.string()),
});
export type AttendeeImportResult = z.infer<typeof AttendeeImportResultSchema>;
