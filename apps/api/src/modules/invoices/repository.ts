/** Tax documents and their number sequences. Every function takes `db: Executor`. */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { documentSequences, events, orders, taxDocuments } from '../../db/schema.js';
import type { CursorPosition } from '../../lib/cursor.js';
import type { DocumentKind } from './numbering.js';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type NewTaxDocumentRow = typeof taxDocuments.$inferInsert;

/**
 * The next number of a series (a kind of document under one prefix) in a financial year: the sequence row is created if missing,
 * then locked FOR UPDATE and advanced, in the caller's transaction. Concurrent issuers wait
 * on the row, so they get consecutive distinct numbers; a rollback gives the number back.
 */
export async function nextSequence(
  tx: Executor,
  series: DocumentKind,
  prefix: string,
  financialYear: string,
): Promise<number> {
  await tx
    .insert(documentSequences)
    .values({ series, prefix, financialYear, lastNumber: 0 })
    .onConflictDoNothing();
  const where = and(
    eq(documentSequences.series, series),
    eq(documentSequences.prefix, prefix),
    eq(documentSequences.financialYear, financialYear),
  );
  const [row] = await tx.select().from(documentSequences).where(where).for('update');
  const next = row!.lastNumber + 1;
  await tx.update(documentSequences).set({ lastNumber: next }).where(where);
  return next;
}

export async function insertTaxDocument(tx: Executor, values: NewTaxDocumentRow): Promise<TaxDocumentRow> {
  const [row] = await tx.insert(taxDocuments).values(values).returning();
  return row!;
}

export async function findInvoiceOfOrder(db: Executor, orderId: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return row;
}

export async function findTaxDocument(db: Executor, id: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return row;
}

/** The `invoicePrefix` of the order's edition: the series its documents are numbered in. */
export async function invoicePrefixOfOrder(db: Executor, orderId: string): Promise<string> {
  const [row] = await db
    .select({ prefix: events.invoicePrefix })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, orderId));
  return row!.prefix;
}

/** Credit notes citing an invoice, oldest first. */
export async function listCreditNotesOf(db: Executor, invoiceId: string): Promise<TaxDocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, 'credit_note'), eq(taxDocuments.invoiceId, invoiceId)))
    .orderBy(taxDocuments.sequence);
}

/** A document with its order's public reference. */
export interface ListedDocument {
  document: TaxDocumentRow;
  reference: string;
}

/** Documents of an order, invoice first. */
export async function listDocumentsOfOrder(db: Executor, orderId: string): Promise<ListedDocument[]> {
  return db
    .select({ document: taxDocuments, reference: orders.reference })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(desc(taxDocuments.kind), taxDocuments.sequence);
}

export interface DocumentSearch {
  kind?: DocumentKind | undefined;
  /** Issued at or after this instant. */
  from?: Date | undefined;
  /** Issued before this instant. */
  to?: Date | undefined;
  b2b?: boolean | undefined;
}

function searchConditions(search: DocumentSearch): SQL[] {
  const conditions: SQL[] = [];
  if (search.kind) conditions.push(eq(taxDocuments.kind, search.kind));
  if (search.from) conditions.push(gte(taxDocuments.issuedAt, search.from));
  if (search.to) conditions.push(lt(taxDocuments.issuedAt, search.to));
  if (search.b2b !== undefined) {
    conditions.push(
      search.b2b
        ? sql`${taxDocuments.recipient}->>'gstin' is not null`
        : sql`${taxDocuments.recipient}->>'gstin' is null`,
    );
  }
  return conditions;
}

/** Every matching document, newest first; an invoice before the credit notes issued with it. */
export async function searchTaxDocuments(db: Executor, search: DocumentSearch): Promise<ListedDocument[]> {
  return db
    .select({ document: taxDocuments, reference: orders.reference })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(...searchConditions(search)))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.kind), desc(taxDocuments.sequence));
}

/**
 * One page of matching documents, newest first, after `after` (keyset on issue instant and
 * id), each with `cursorAt`, its instant as PostgreSQL writes it (lib/cursor.ts says why).
 */
export async function pageTaxDocuments(
  db: Executor,
  search: DocumentSearch & { after?: CursorPosition | undefined; limit: number },
): Promise<(ListedDocument & { cursorAt: string })[]> {
  const conditions = searchConditions(search);
  if (search.after) {
    conditions.push(
      sql`(${taxDocuments.issuedAt}, ${taxDocuments.id}) < (${search.after.createdAt}::timestamptz, ${search.after.id}::uuid)`,
    );
  }
  return db
    .select({
      document: taxDocuments,
      reference: orders.reference,
      cursorAt: sql<string>`${taxDocuments.issuedAt}::text`,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(...conditions))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.id))
    .limit(search.limit);
}

/** Tax documents issued to `email` (case-blind), which are kept as issued. */
export async function countDocumentsOfRecipient(db: Executor, email: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxDocuments)
    .where(sql`lower(${taxDocuments.recipient}->>'email') = lower(${email})`);
  return Number(row?.n ?? 0);
}
