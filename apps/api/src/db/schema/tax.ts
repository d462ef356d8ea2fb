/**
 * Tax invoices and credit notes, and the number series they are taken from.
 */
import { sql } from 'drizzle-orm';
import { TaxBreakdownSchema } from '@festival/shared';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS } from '../../modules/invoices/numbering.js';
import { oneOf } from './columns.js';
import { orders } from './orders.js';

/**
 * The last number given in a series of tax documents for a financial year. The
 * row is locked FOR UPDATE in the transaction that issues a document, so numbers are
 * consecutive, never reused, and a rolled-back payment gives its number back.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    /** DOCUMENT_KINDS: 'invoice' | 'credit_note' | 'debit_note' */
    series: text('series').notNull(),
    /** The edition's invoice prefix the series belongs to (`SFG`). */
    prefix: text('prefix').notNull(),
    /** '2526' for April 2025 – March 2026. */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.prefix, t.financialYear] }),
    check('document_sequences_series_ck', oneOf(t.series, DOCUMENT_KINDS)),
  ],
);

/**
 * Tax invoices, credit notes and debit notes (CGST Rules 2017 rules 46 and 53), with the
 * supplier's and recipient's details as they were when issued; what they bill or credit is
 * in their lines (`tax_document_lines`). Append-only: a trigger of the migration refuses
 * UPDATE, DELETE and TRUNCATE. A credit or debit note cites its invoice.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'invoice' | 'credit_note' | 'debit_note' (an upgraded ticket's difference, CGST Act s.34(3)) */
    kind: text('kind').notNull(),
    number: text('number').notNull().unique(),
    /** The invoice prefix of the series the number was taken from (`SFG`). */
    prefix: text('prefix').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The credit note's refund. */
    refundId: uuid('refund_id').unique(),
    /** The invoice a credit or debit note cites. */
    invoiceId: uuid('invoice_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplier: jsonb('supplier')
      .$type<{ legalName: string; address: string; stateCode: string; gstin: string }>()
      .notNull(),
    recipient: jsonb('recipient')
      .$type<{
        name: string;
        email: string;
        gstin: string | null;
        address: string | null;
        stateCode: string | null;
      }>()
      .notNull(),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    interState: boolean('inter_state').notNull(),
    /** 'SGST' or 'UTGST' (TaxBreakdownSchema's `stateTaxName`). */
    stateTaxName: text('state_tax_name').notNull(),
    /** Paise: the sums of the document's lines (`tax_document_lines`). */
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    uniqueIndex('tax_documents_series_uq').on(t.kind, t.prefix, t.financialYear, t.sequence),
    uniqueIndex('tax_documents_invoice_of_order_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('tax_documents_issued_idx').on(t.issuedAt),
    check('tax_documents_kind_ck', oneOf(t.kind, DOCUMENT_KINDS)),
    check(
      'tax_documents_state_tax_name_ck',
      oneOf(t.stateTaxName, TaxBreakdownSchema.shape.stateTaxName.options),
    ),
  ],
);

/**
 * The rows of a tax document, one per order line it bills or credits (decision 029): what the
 * service is, its SAC, units, rate, taxable value and taxes (paise). `position` is the order
 * line's (`order_lines.position`), so a credit note's line credits the invoice's line of the
 * same position; a credit note has no line for an order line it credits nothing of.
 * Append-only like the documents (the same trigger function).
 */
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => taxDocuments.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    sacCode: text('sac_code').notNull(),
    quantity: integer('quantity').notNull(),
    /** Basis points: 1800 = 18 %. */
    rateBp: integer('rate_bp').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tax_document_lines_pk', columns: [t.documentId, t.position] }),
    check('tax_document_lines_quantity_ck', sql`${t.quantity} > 0 and ${t.rateBp} >= 0`),
    check('tax_document_lines_sum_ck', sql`${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst} = ${t.total}`),
    // CGST and SGST halves alike, and either those or IGST (modules/tax/compute.ts).
    check('tax_document_lines_split_ck', sql`${t.cgst} = ${t.sgst} and (${t.igst} = 0 or ${t.cgst} = 0)`),
  ],
);
