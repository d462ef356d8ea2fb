/** Tax documents, their lines and their number sequences. Every function takes `db: Executor`. */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { documentSequences, events, orders, taxDocumentLines, taxDocuments } from '../../db/schema.js';
import type { CursorPosition } from '../../lib/cursor.js';
import type { DocumentKind } from './numbering.js';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type NewTaxDocumentRow = typeof taxDocuments.$inferInsert;
export type TaxDocumentLineRow = typeof taxDocumentLines.$inferSelect;
/** A line as the document to insert gives it; the document's id is set on insert. */
export type NewTaxDocumentLine = Omit<TaxDocumentLineRow, 'documentId'>;
/** A document with its lines in order (at least one: every document bills or credits a line). */
export type TaxDocument = TaxDocumentRow & { lines: [TaxDocumentLineRow, ...TaxDocumentLineRow[]] };

/**
 * `documents` (read by the caller) with their lines, in one query for all of them.
 * @throws Error a document without lines, which no issuer writes (decision 029)
 */
export async function withLines(db: Executor, documents: TaxDocumentRow[]): Promise<TaxDocument[]> {
  if (documents.length === 0) return [];
  const rows = await db
    .select()
    .from(taxDocumentLines)
    .where(
      inArray(
        taxDocumentLines.documentId,
        documents.map((document) => document.id),
      ),
    )
    .orderBy(asc(taxDocumentLines.documentId), asc(taxDocumentLines.position));
  const byDocument = new Map<string, TaxDocumentLineRow[]>();
  for (const row of rows) {
    const lines = byDocument.get(row.documentId);
    if (lines) lines.push(row);
    else byDocument.set(row.documentId, [row]);
  }
  return documents.map((document) => {
    const [first, ...rest] = byDocument.get(document.id) ?? [];
    if (!first) throw new Error(`tax document ${document.number} has no lines`);
    return { ...document, lines: [first, ...rest] };
  });
}

/** `withLines` of one document, or undefined for none. */
async function withLinesOf(
  db: Executor,
  document: TaxDocumentRow | undefined,
): Promise<TaxDocument | undefined> {
  return document && (await withLines(db, [document]))[0];
}

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

/**
 * Inserts a document and its lines in one statement: issuers run it while they hold their
 * series' sequence row, which every other issuer waits for. The id is made here so the lines
 * can refer to it; their foreign key is checked at the statement's end, when the document exists.
 */
export async function insertTaxDocument(
  tx: Executor,
  values: Omit<NewTaxDocumentRow, 'id'>,
  lines: [NewTaxDocumentLine, ...NewTaxDocumentLine[]],
): Promise<TaxDocument> {
  const document = { ...values, id: randomUUID() };
  const inserted = tx.$with('inserted_document').as(tx.insert(taxDocuments).values(document).returning());
  const insertedLines = tx.$with('inserted_lines').as(
    tx
      .insert(taxDocumentLines)
      .values(lines.map((line) => ({ ...line, documentId: document.id })))
      .returning(),
  );
  const [row] = await tx.with(inserted, insertedLines).select().from(inserted);
  if (!row) throw new Error('tax document insert returned no row');
  const [first, ...rest] = lines;
  return {
    ...row,
    lines: [{ ...first, documentId: row.id }, ...rest.map((line) => ({ ...line, documentId: row.id }))],
  };
}

/** An order's invoice with its lines, if it has one. */
export async function findInvoiceOfOrder(db: Executor, orderId: string): Promise<TaxDocument | undefined> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return withLinesOf(db, row);
}

/** The id of the credit note issued for the refund `refundId`, if any. */
export async function findCreditNoteIdOfRefund(db: Executor, refundId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(eq(taxDocuments.refundId, refundId));
  return row?.id;
}

export async function findTaxDocument(db: Executor, id: string): Promise<TaxDocument | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return withLinesOf(db, row);
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

/** Credit and debit notes citing an invoice, oldest first in each kind, with their lines. */
export async function listNotesOf(db: Executor, invoiceId: string): Promise<TaxDocument[]> {
  const rows = await db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.invoiceId, invoiceId))
    .orderBy(taxDocuments.sequence);
  return withLines(db, rows);
}

/** A document with its lines and its order's public reference. */
export interface ListedDocument {
  document: TaxDocument;
  reference: string;
}

/** `listed` rows (a document and its order's reference) with each document's lines. */
async function listedWithLines<T extends { document: TaxDocumentRow }>(
  db: Executor,
  listed: T[],
): Promise<(T & { document: TaxDocument })[]> {
  const documents = await withLines(
    db,
    listed.map((row) => row.document),
  );
  return listed.map((row, index) => ({ ...row, document: documents[index]! }));
}

/** Documents of an order, invoice first. */
export async function listDocumentsOfOrder(db: Executor, orderId: string): Promise<ListedDocument[]> {
  const rows = await db
    .select({ document: taxDocuments, reference: orders.reference })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(desc(taxDocuments.kind), taxDocuments.sequence);
  return listedWithLines(db, rows);
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
  const rows = await db
    .select({ document: taxDocuments, reference: orders.reference })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(...searchConditions(search)))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.kind), desc(taxDocuments.sequence));
  return listedWithLines(db, rows);
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
  const rows = await db
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
  return listedWithLines(db, rows);
}

/** Tax documents issued to `email` (case-blind), which are kept as issued. */
export async function countDocumentsOfRecipient(db: Executor, email: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxDocuments)
    .where(sql`lower(${taxDocuments.recipient}->>'email') = lower(${email})`);
  return Number(row?.n ?? 0);
}
