/**
 * Tax invoices and credit notes in the organizer console: the list with filters,
 * an order's documents, and the GSTR-1 export sections. Money is integer paise; days are India time.
 */
import { z } from 'zod';
import { PageQuerySchema, pageOf, type OrganizerRole } from './admin.js';
import { TaxBreakdownSchema } from './gst.js';
import { isCalendarDate, safeString } from './input.js';

export const INVOICE_READER_ROLES = [
  'owner',
  'manager',
  'finance',
] as const satisfies readonly OrganizerRole[];

export const TaxDocumentKindSchema = z.enum(['invoice', 'credit_note', 'debit_note'], {
  error: 'Choose invoices, credit notes or debit notes',
});

const day = safeString().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD').optional();

export const InvoiceListQuerySchema = PageQuerySchema.extend({
  kind: TaxDocumentKindSchema.optional(),
  /** `b2b`: the recipient gave a GSTIN; `b2c`: they did not. */
  recipient: z.enum(['b2b', 'b2c']).optional(),
  /** Issued on or after / on or before these days, in India time. */
  from: day,
  to: day,
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

export const TaxDocumentSummarySchema = z.object({
  id: z.string(),
  kind: TaxDocumentKindSchema,
  number: z.string(),
  issuedAt: z.iso.datetime(),
  orderReference: z.string(),
  recipientName: z.string(),
  recipientGstin: z.string().nullable(),
  /** GST state code. */
  placeOfSupply: z.string(),
  rateBp: z.number().int(),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  total: z.number().int(),
});
export type TaxDocumentSummary = z.infer<typeof TaxDocumentSummarySchema>;

export const InvoicePageSchema = pageOf(TaxDocumentSummarySchema);
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

/** An order's GST in the console's order detail: the breakdown and its documents. */
export const OrderGstSchema = z.object({
  tax: TaxBreakdownSchema.nullable(),
  buyerGstin: z.string().nullable(),
  documents: z.array(TaxDocumentSummarySchema),
});
export type OrderGst = z.infer<typeof OrderGstSchema>;

/**
 * GSTR-1 sections the export writes: `b2b` (table 4A, one row per invoice to a registered
 * buyer), `b2cs` (table 7, invoices to buyers without a GSTIN less their credit notes, summed
 * by place of supply and rate), `cdnr` (table 9B, credit notes to registered buyers).
 */
export const Gstr1SectionSchema = z.enum(['b2b', 'b2cs', 'cdnr'], { error: 'Choose b2b, b2cs or cdnr' });
export type Gstr1Section = z.infer<typeof Gstr1SectionSchema>;

export const Gstr1ExportQuerySchema = z.object({
  section: Gstr1SectionSchema.default('b2b'),
  format: z.enum(['csv', 'xlsx']).default('csv'),
  from: day,
  to: day,
});
export type Gstr1ExportQuery = z.infer<typeof Gstr1ExportQuerySchema>;
