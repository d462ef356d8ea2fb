/**
 * Exports of the organizer console: registrations, orders, inquiries,
 * votes and the "Tell me when registration opens" addresses as CSV or XLSX, with the list's current filters, streamed page by page through each
 * module's own list service (so an export shows exactly what the list shows).
 */
import type { Readable } from 'node:stream';
import {
  GUEST_LIST_NAMES,
  gstStateName,
  ORDER_SOURCE_NAMES,
  type InquiryListQuery,
  type OrderListQuery,
  type RegistrationAlertListQuery,
  type RegistrationListQuery,
  type RegistrationRow,
} from '@festival/shared';
import type { Database } from '../../db/client.js';
import { csvStream, type CsvColumn } from '../../lib/csv.js';
import { xlsxStream } from '../../lib/xlsx.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { listInquiries } from '../contact/service.js';
import { exportDetailsOfOrders, listOrders } from '../orders/service.js';
import { listAlerts } from '../registration-alerts/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { answersByRegistration, exportQuestionColumns } from '../questions/service.js';
import {
  exportDetailsOfRegistrations,
  listRegistrations,
  type RegistrationExportDetails,
} from '../registrations/service.js';
import { listVotesForExport } from '../voting/service.js';
import type { FileFormat } from '../../lib/attachment.js';

/**
 * Records in the audit log that `actor` took an export: which list, which format, with which
 * filters (`export.download`, the entity being the list). Call before the file streams.
 */
export async function recordExport(
  db: Database,
  actor: Actor,
  taken: { list: string; format: ExportFormat; filters: object },
  now: Date,
): Promise<void> {
  await recordAudit(db, actor, {
    at: now,
    action: 'export.download',
    entityType: 'export',
    entityId: taken.list,
    before: null,
    after: { list: taken.list, format: taken.format, filters: { ...taken.filters } },
  });
}

export type ExportFormat = FileFormat;

const PAGE = 200;

/** An instant for a spreadsheet: India time in CSV, a date cell in XLSX (lib/csv.ts, lib/xlsx.ts). */
const ist = (iso: string | null) => (iso ? new Date(iso) : null);

/** Every item of a cursor-paged list, page after page. */
async function* everyItem<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
) {
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    yield* answer.items;
    cursor = answer.nextCursor ?? undefined;
  } while (cursor);
}

function stream<T>(
  format: ExportFormat,
  rows: AsyncIterable<T> | T[],
  columns: CsvColumn<T>[],
  sheet: string,
): Readable {
  return format === 'csv' ? csvStream(rows, columns) : xlsxStream(rows, columns, sheet);
}

type Filters<Q> = Omit<Q, 'cursor' | 'limit'>;

/** A row of the registrations export: the list's row, its extras and its answers by question id. */
type RegistrationExportRow = RegistrationRow &
  Partial<RegistrationExportDetails> & { answers: Map<number, string> | undefined };

/**
 * The registrations of the list's filters with where each registrant is, for a startup its
 * sector and stage, and one column per registration question of the current edition (header:
 * its label; multi-choice answers joined by "; "). Each page's extras are read in one statement
 * each; the question columns are read before the file starts, as they make its header.
 */
export async function exportRegistrations(
  db: Database,
  filters: Filters<RegistrationListQuery>,
  format: ExportFormat,
) {
  const questions = await exportQuestionColumns(db, (await getCurrentEvent(db)).id);
  const rows = (async function* (): AsyncGenerator<RegistrationExportRow> {
    let cursor: string | undefined;
    do {
      const page = await listRegistrations(db, { ...filters, cursor, limit: PAGE });
      const ids = page.items.map((row) => row.id);
      const [details, answers] = await Promise.all([
        exportDetailsOfRegistrations(db, ids),
        answersByRegistration(db, ids),
      ]);
      for (const row of page.items) yield { ...row, ...details.get(row.id), answers: answers.get(row.id) };
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  })();
  return stream(
    format,
    rows,
    [
      { header: 'Registered (IST)', value: (row) => ist(row.registeredAt) },
      { header: 'Name', value: (row) => row.name },
      { header: 'Email', value: (row) => row.email },
      { header: 'Phone', value: (row) => row.phone, kind: 'phone' },
      { header: 'Company', value: (row) => row.companyName },
      { header: 'Role', value: (row) => row.role },
      { header: 'City', value: (row) => row.city ?? null },
      { header: 'State', value: (row) => row.state ?? null },
      { header: 'Country', value: (row) => row.country ?? null },
      { header: 'PIN code', value: (row) => row.pincode ?? null },
      { header: 'Sector', value: (row) => row.sector ?? null },
      { header: 'Stage', value: (row) => row.stage ?? null },
      { header: 'Payment', value: (row) => row.payment },
      { header: 'Order', value: (row) => row.orderReference },
      { header: 'Ticket', value: (row) => row.ticketName },
      { header: 'Pass', value: (row) => row.passCode },
      ...questions.map((question): CsvColumn<RegistrationExportRow> => ({
        header: question.label,
        value: (row) => row.answers?.get(question.id) ?? null,
      })),
    ],
    'Registrations',
  );
}

/**
 * The orders of the list's filters with, for each, what finance files from it: the GST split
 * and place of supply, the buyer's GSTIN, the tax invoice's number, the voucher and the amount
 * refunded (each page's extras read in one statement).
 */
export function exportOrders(
  db: Database,
  filters: Filters<OrderListQuery>,
  format: ExportFormat,
  now: Date,
) {
  const rows = (async function* () {
    let cursor: string | undefined;
    do {
      const page = await listOrders(db, { ...filters, cursor, limit: PAGE }, now);
      const details = await exportDetailsOfOrders(
        db,
        page.items.map((row) => row.reference),
      );
      for (const row of page.items) yield { ...row, ...details.get(row.reference) };
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  })();
  const money = (paise: number | null | undefined) =>
    paise === null || paise === undefined ? null : paise / 100;
  return stream(
    format,
    rows,
    [
      { header: 'Created (IST)', value: (row) => ist(row.createdAt) },
      { header: 'Reference', value: (row) => row.reference },
      { header: 'Status', value: (row) => row.status },
      {
        header: 'Source',
        value: (row) =>
          row.guestList
            ? `${ORDER_SOURCE_NAMES[row.source]} (${GUEST_LIST_NAMES[row.guestList]})`
            : ORDER_SOURCE_NAMES[row.source],
      },
      { header: 'Buyer', value: (row) => row.buyerName },
      { header: 'Email', value: (row) => row.buyerEmail },
      { header: 'Ticket', value: (row) => row.ticketName },
      { header: 'Quantity', value: (row) => row.quantity },
      { header: 'Voucher', value: (row) => row.voucherCode ?? null },
      { header: 'Taxable (₹)', value: (row) => money(row.taxable) },
      { header: 'CGST (₹)', value: (row) => money(row.cgst) },
      { header: 'SGST/UTGST (₹)', value: (row) => money(row.sgst) },
      { header: 'IGST (₹)', value: (row) => money(row.igst) },
      { header: 'Amount (₹)', value: (row) => row.amount / 100 },
      { header: 'Refunded (₹)', value: (row) => money(row.refunded ?? 0) },
      {
        header: 'Place of supply',
        value: (row) =>
          row.placeOfSupplyCode
            ? `${row.placeOfSupplyCode}-${gstStateName(row.placeOfSupplyCode) ?? ''}`
            : null,
      },
      { header: 'Buyer GSTIN', value: (row) => row.buyerGstin ?? null },
      { header: 'Invoice', value: (row) => row.invoiceNumber ?? null },
      { header: 'Paid (IST)', value: (row) => ist(row.paidAt) },
    ],
    'Orders',
  );
}

export function exportInquiries(db: Database, filters: Filters<InquiryListQuery>, format: ExportFormat) {
  const rows = everyItem((cursor) => listInquiries(db, { ...filters, cursor, limit: PAGE }));
  return stream(
    format,
    rows,
    [
      { header: 'Received (IST)', value: (row) => ist(row.createdAt) },
      { header: 'Name', value: (row) => row.contactPersonName },
      { header: 'Email', value: (row) => row.email },
      { header: 'Phone', value: (row) => row.number, kind: 'phone' },
      { header: 'Subject', value: (row) => row.subject },
      { header: 'Message', value: (row) => row.message },
      { header: 'Handled (IST)', value: (row) => ist(row.handledAt) },
      { header: 'Replies', value: (row) => row.replies.length },
    ],
    'Inquiries',
  );
}

export async function exportVotes(db: Database, format: ExportFormat) {
  const rows = await listVotesForExport(db);
  return stream(
    format,
    rows,
    [
      { header: 'Time (IST)', value: (vote) => vote.at },
      { header: 'Email', value: (vote) => vote.email },
      { header: 'Edition', value: (vote) => vote.edition },
      { header: 'Category', value: (vote) => vote.category },
      { header: 'Nominee', value: (vote) => vote.nominee },
      { header: 'Client address', value: (vote) => vote.ip },
    ],
    'Votes',
  );
}

export function exportRegistrationAlerts(
  db: Database,
  filters: Filters<RegistrationAlertListQuery>,
  format: ExportFormat,
) {
  const rows = everyItem((cursor) => listAlerts(db, { ...filters, cursor, limit: PAGE }));
  return stream(
    format,
    rows,
    [
      { header: 'Left (IST)', value: (row) => ist(row.createdAt) },
      { header: 'Email', value: (row) => row.email },
      { header: 'Edition', value: (row) => row.editionName ?? '' },
      { header: 'Notified (IST)', value: (row) => ist(row.notifiedAt) },
    ],
    'Registration alerts',
  );
}
