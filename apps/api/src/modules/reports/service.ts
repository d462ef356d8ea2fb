/**
 * The console's reports of an edition, gathered from the modules that own the figures, each
 * through its service: sales and GST by ticket type and day (orders), vouchers, refunds
 * (payments), check-ins by hour and gate (checkin) and waiting lists. Shapes: `ReportsSchema`
 * in @festival/shared (paise; days and hours in EVENT_TIME_ZONE). Each report is also a CSV or
 * XLSX file, amounts in rupees there, as the console's other exports.
 */
import type { Readable } from 'node:stream';
import type { ReportName, Reports } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { csvStream, type CsvColumn } from '../../lib/csv.js';
import { xlsxStream } from '../../lib/xlsx.js';
import { checkinReport } from '../checkin/service.js';
import { editionsCurrentFirst } from '../current-edition/service.js';
import { salesReport } from '../orders/service.js';
import { refundReport } from '../payments/refunds.js';
import { voucherReport } from '../vouchers/service.js';
import { waitingListReport } from '../waiting-list/service.js';

export type ReportFormat = 'csv' | 'xlsx';

/**
 * The edition `editionId` names, or the current one without it, and every edition for the
 * switcher.
 * @throws NotFoundError unknown edition (404)
 */
async function editionOf(db: Executor, editionId: number | undefined) {
  const editions = (await editionsCurrentFirst(db)).map(({ id, name }) => ({ id, name }));
  const edition = editionId === undefined ? editions[0] : editions.find((row) => row.id === editionId);
  if (!edition) throw new NotFoundError('Unknown edition');
  return { edition, editions };
}

/**
 * Every report of edition `editionId` (the current one without it), read in one read-only
 * REPEATABLE READ transaction so the figures agree with each other.
 * @throws NotFoundError unknown edition (404)
 */
export async function getReports(db: Database, editionId?: number): Promise<Reports> {
  return db.transaction(
    async (tx) => {
      const { edition, editions } = await editionOf(tx, editionId);
      return {
        edition,
        editions,
        sales: await salesReport(tx, edition.id),
        vouchers: await voucherReport(tx, edition.id),
        refunds: await refundReport(tx, edition.id),
        checkins: await checkinReport(tx, edition.id),
        waitingList: await waitingListReport(tx, edition.id),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const rupees = (paise: number) => paise / 100;

/** Each report's file: its sheet name and columns (amounts in rupees, as the other exports). */
const FILES = {
  sales: {
    sheet: 'Sales and GST',
    columns: [
      { header: 'Day (IST)', value: (row) => row.day },
      { header: 'Ticket', value: (row) => row.ticketName },
      { header: 'Orders', value: (row) => row.orders },
      { header: 'Units', value: (row) => row.units },
      { header: 'Before tax (₹)', value: (row) => rupees(row.beforeTax) },
      { header: 'Taxable (₹)', value: (row) => rupees(row.taxable) },
      { header: 'CGST (₹)', value: (row) => rupees(row.cgst) },
      { header: 'SGST/UTGST (₹)', value: (row) => rupees(row.sgst) },
      { header: 'IGST (₹)', value: (row) => rupees(row.igst) },
      { header: 'Total (₹)', value: (row) => rupees(row.total) },
    ] satisfies CsvColumn<Reports['sales'][number]>[],
  },
  vouchers: {
    sheet: 'Vouchers',
    columns: [
      { header: 'Code', value: (row) => row.code },
      { header: 'Price mode', value: (row) => row.priceMode },
      { header: 'Value', value: (row) => row.value },
      { header: 'Most uses', value: (row) => row.maxUses },
      { header: 'Orders', value: (row) => row.orders },
      { header: 'Seats', value: (row) => row.seats },
      { header: 'Revenue (₹)', value: (row) => rupees(row.revenue) },
    ] satisfies CsvColumn<Reports['vouchers'][number]>[],
  },
  refunds: {
    sheet: 'Refunds',
    columns: [
      { header: 'Day asked (IST)', value: (row) => row.day },
      { header: 'Status', value: (row) => row.status },
      { header: 'Refunds', value: (row) => row.refunds },
      { header: 'Amount (₹)', value: (row) => rupees(row.amount) },
    ] satisfies CsvColumn<Reports['refunds'][number]>[],
  },
  checkins: {
    sheet: 'Check-ins',
    columns: [
      { header: 'Hour (IST)', value: (row) => row.hour },
      { header: 'List', value: (row) => row.listName },
      { header: 'Gate', value: (row) => row.gate },
      { header: 'Admitted', value: (row) => row.admitted },
      { header: 'Exits', value: (row) => row.exits },
      { header: 'Refused', value: (row) => row.refused },
    ] satisfies CsvColumn<Reports['checkins'][number]>[],
  },
  'waiting-list': {
    sheet: 'Waiting lists',
    columns: [
      { header: 'Ticket', value: (row) => row.ticketName },
      { header: 'Status', value: (row) => row.status },
      { header: 'Entries', value: (row) => row.entries },
      { header: 'Seats', value: (row) => row.seats },
    ] satisfies CsvColumn<Reports['waitingList'][number]>[],
  },
} as const;

/** Each report's rows: a file computes only its own report. */
const ROWS = {
  sales: salesReport,
  vouchers: voucherReport,
  refunds: refundReport,
  checkins: checkinReport,
  'waiting-list': waitingListReport,
} satisfies Record<ReportName, (db: Executor, editionId: number) => Promise<unknown[]>>;

/**
 * Report `name` of edition `editionId` (the current one without it) as a CSV or XLSX file, and
 * the edition's id for the file's name.
 * @throws NotFoundError unknown edition (404)
 */
export async function exportReport(
  db: Database,
  name: ReportName,
  format: ReportFormat,
  editionId?: number,
): Promise<{ editionId: number; body: Readable }> {
  const { edition } = await editionOf(db, editionId);
  const { sheet, columns } = FILES[name] as { sheet: string; columns: CsvColumn<unknown>[] };
  const rows: unknown[] = await ROWS[name](db, edition.id);
  const body = format === 'csv' ? csvStream(rows, columns) : xlsxStream(rows, columns, sheet);
  return { editionId: edition.id, body };
}
