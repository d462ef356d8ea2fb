/**
 * Exports of the organizer console: registrations, orders, inquiries,
 * votes and the "Tell me when registration opens" addresses as CSV or XLSX, with the list's current filters, streamed page by page through each
 * module's own list service (so an export shows exactly what the list shows).
 */
import type { Readable } from 'node:stream';
import {
  EVENT_TIME_ZONE,
  type InquiryListQuery,
  type OrderListQuery,
  type RegistrationAlertListQuery,
  type RegistrationListQuery,
} from '@festival/shared';
import type { Database } from '../../db/client.js';
import { csvStream, type CsvColumn } from '../../lib/csv.js';
import { xlsxStream } from '../../lib/xlsx.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { listInquiries } from '../contact/service.js';
import { listOrders } from '../orders/service.js';
import { listAlerts } from '../registration-alerts/service.js';
import { listRegistrations } from '../registrations/service.js';
import { listVotesForExport } from '../voting/service.js';

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

export type ExportFormat = 'csv' | 'xlsx';

const PAGE = 200;

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});
const ist = (iso: string | null) => (iso ? istTime.format(new Date(iso)) : '');

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

export function exportRegistrations(
  db: Database,
  filters: Filters<RegistrationListQuery>,
  format: ExportFormat,
) {
  const rows = everyItem((cursor) => listRegistrations(db, { ...filters, cursor, limit: PAGE }));
  return stream(
    format,
    rows,
    [
      { header: 'Registered (IST)', value: (row) => ist(row.registeredAt) },
      { header: 'Name', value: (row) => row.name },
      { header: 'Email', value: (row) => row.email },
      { header: 'Phone', value: (row) => row.phone },
      { header: 'Company', value: (row) => row.companyName },
      { header: 'Role', value: (row) => row.role },
      { header: 'Payment', value: (row) => row.payment },
      { header: 'Order', value: (row) => row.orderReference },
      { header: 'Ticket', value: (row) => row.ticketName },
      { header: 'Pass', value: (row) => row.passCode },
    ],
    'Registrations',
  );
}

export function exportOrders(
  db: Database,
  filters: Filters<OrderListQuery>,
  format: ExportFormat,
  now: Date,
) {
  const rows = everyItem((cursor) => listOrders(db, { ...filters, cursor, limit: PAGE }, now));
  return stream(
    format,
    rows,
    [
      { header: 'Created (IST)', value: (row) => ist(row.createdAt) },
      { header: 'Reference', value: (row) => row.reference },
      { header: 'Status', value: (row) => row.status },
      { header: 'Buyer', value: (row) => row.buyerName },
      { header: 'Email', value: (row) => row.buyerEmail },
      { header: 'Ticket', value: (row) => row.ticketName },
      { header: 'Quantity', value: (row) => row.quantity },
      { header: 'Amount (₹)', value: (row) => row.amount / 100 },
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
      { header: 'Phone', value: (row) => row.number },
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
      { header: 'Time (IST)', value: (vote) => istTime.format(vote.at) },
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
