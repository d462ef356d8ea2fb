/**
 * The console's reports of an edition: sales and GST by ticket type and day, vouchers, refunds,
 * check-ins by hour and gate, and waiting lists, each as a chart, a table and CSV/XLSX files.
 * The edition switcher shows a past edition's figures; the current edition comes first.
 */
import type {
  CheckinReportRow,
  RefundReportRow,
  ReportName,
  SalesReportRow,
  VoucherReportRow,
  WaitingListReportRow,
} from '@festival/shared';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { formatDay, formatPaise } from '~/components/console/format';
import { ErrorState, LoadingState } from '~/components/console/query-state';
import { buttonClassName } from '~/components/ui/button';
import { reportHref, useReports } from './api';
import type { ReportBar } from './report-bar-chart';

const ReportBarChart = lazy(() => import('./report-bar-chart'));

const rupees = (value: number) => formatPaise(value * 100).replace(/\.00$/, '');
const count = (value: number) => value.toLocaleString('en-IN');
const shortDay = (day: string) => formatDay(day).replace(/ \d{4}$/, '');

/** Sums `value` of `rows` by `key`, in the order keys first appear. */
function totals<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number): ReportBar[] {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return [...sums].map(([label, sum]) => ({ label, value: sum }));
}

const num = <T extends RowData>(
  id: string,
  header: string,
  value: (row: T) => number,
  money = false,
): AdminColumn<T> => ({
  id,
  header,
  cell: ({ row }) => (
    <span className="block text-right tabular-nums">
      {money ? formatPaise(value(row.original)) : count(value(row.original))}
    </span>
  ),
});
const text = <T extends RowData>(id: string, header: string, value: (row: T) => string): AdminColumn<T> => ({
  id,
  header,
  cell: ({ row }) => value(row.original),
});

const SALES: AdminColumn<SalesReportRow>[] = [
  text('day', 'Day', (row) => formatDay(row.day)),
  text('ticket', 'Ticket', (row) => row.ticketName),
  num('orders', 'Orders', (row) => row.orders),
  num('units', 'Units', (row) => row.units),
  num('taxable', 'Taxable', (row) => row.taxable, true),
  num('cgst', 'CGST', (row) => row.cgst, true),
  num('sgst', 'SGST/UTGST', (row) => row.sgst, true),
  num('igst', 'IGST', (row) => row.igst, true),
  num('total', 'Total', (row) => row.total, true),
];
const VOUCHERS: AdminColumn<VoucherReportRow>[] = [
  text('code', 'Code', (row) => row.code),
  text('uses', 'Used / most', (row) => `${count(row.orders)} / ${count(row.maxUses)}`),
  num('seats', 'Seats', (row) => row.seats),
  num('revenue', 'Revenue', (row) => row.revenue, true),
];
const REFUNDS: AdminColumn<RefundReportRow>[] = [
  text('day', 'Day asked', (row) => formatDay(row.day)),
  text('status', 'Status', (row) => row.status),
  num('refunds', 'Refunds', (row) => row.refunds),
  num('amount', 'Amount', (row) => row.amount, true),
];
const CHECKINS: AdminColumn<CheckinReportRow>[] = [
  text('hour', 'Hour', (row) => `${formatDay(row.hour.slice(0, 10))}, ${row.hour.slice(11)}`),
  text('list', 'List', (row) => row.listName),
  text('gate', 'Gate', (row) => row.gate || '—'),
  num('admitted', 'Admitted', (row) => row.admitted),
  num('exits', 'Exits', (row) => row.exits),
  num('refused', 'Refused', (row) => row.refused),
];
const WAITING: AdminColumn<WaitingListReportRow>[] = [
  text('ticket', 'Ticket', (row) => row.ticketName),
  text('status', 'Status', (row) => row.status),
  num('entries', 'Entries', (row) => row.entries),
  num('seats', 'Seats asked', (row) => row.seats),
];

export function ReportsView() {
  const [edition, setEdition] = useState<number>();
  const reports = useReports(edition);
  const selectId = useId();
  if (reports.isPending) return <LoadingState label="Loading the reports…" />;
  if (reports.isError && !reports.data) {
    return <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />;
  }
  const data = reports.data;
  const shown = data.edition.id;
  return (
    <div className="space-y-10" aria-busy={reports.isFetching}>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={selectId} className="block text-sm font-semibold text-slate-800">
            Edition
          </label>
          <select
            id={selectId}
            value={shown}
            onChange={(event) => setEdition(Number(event.target.value))}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {data.editions.map((row, index) => (
              <option key={row.id} value={row.id}>
                {index === 0 ? `${row.name} (current)` : row.name}
              </option>
            ))}
          </select>
        </div>
        {reports.isFetching ? (
          <p role="status" className="pb-2 text-sm text-slate-600">
            Updating…
          </p>
        ) : null}
      </div>
      <ReportSection
        name="sales"
        title="Sales and GST by ticket type and day"
        description="Orders whose payment was captured, by the day they were paid (India time). Refunds are in their own report."
        edition={shown}
        chart={{
          title: 'Sales per day',
          bars: totals(
            data.sales,
            (row) => shortDay(row.day),
            (row) => row.total / 100,
          ),
          format: rupees,
        }}
      >
        <DataTable
          caption="Sales and GST by ticket type and day"
          columns={SALES}
          rows={data.sales}
          emptyMessage="No sales in this edition yet."
        />
      </ReportSection>
      <ReportSection
        name="vouchers"
        title="Vouchers"
        description="Each voucher's paid orders (kept or refunded), their seats, and the revenue of those still paid."
        edition={shown}
        chart={{
          title: 'Orders per voucher',
          bars: data.vouchers.map((row) => ({ label: row.code, value: row.orders })),
          format: count,
        }}
      >
        <DataTable
          caption="Vouchers"
          columns={VOUCHERS}
          rows={data.vouchers}
          emptyMessage="No vouchers in this edition."
        />
      </ReportSection>
      <ReportSection
        name="refunds"
        title="Refunds"
        description="Refunds by the day they were asked for, and where each stands now."
        edition={shown}
        chart={{
          title: 'Refunded per day',
          bars: totals(
            data.refunds,
            (row) => shortDay(row.day),
            (row) => row.amount / 100,
          ),
          format: rupees,
        }}
      >
        <DataTable
          caption="Refunds"
          columns={REFUNDS}
          rows={data.refunds}
          emptyMessage="No refunds in this edition."
        />
      </ReportSection>
      <ReportSection
        name="checkins"
        title="Check-ins by hour and gate"
        description="Scans by the hour the gate scanned them (India time), per list and gate."
        edition={shown}
        chart={{
          title: 'Admitted per hour',
          bars: totals(
            data.checkins,
            (row) => `${shortDay(row.hour.slice(0, 10))} ${row.hour.slice(11)}`,
            (row) => row.admitted,
          ),
          format: count,
        }}
      >
        <DataTable
          caption="Check-ins by hour and gate"
          columns={CHECKINS}
          rows={data.checkins}
          emptyMessage="No scans in this edition yet."
        />
      </ReportSection>
      <ReportSection
        name="waiting-list"
        title="Waiting lists"
        description="Entries on each ticket type's waiting list and the seats they ask for, by where they stand."
        edition={shown}
        chart={{
          title: 'Seats waiting',
          bars: totals(
            data.waitingList.filter((row) => row.status === 'waiting'),
            (row) => row.ticketName,
            (row) => row.seats,
          ),
          format: count,
        }}
      >
        <DataTable
          caption="Waiting lists"
          columns={WAITING}
          rows={data.waitingList}
          emptyMessage="Nobody is on a waiting list."
        />
      </ReportSection>
    </div>
  );
}

function ReportSection({
  name,
  title,
  description,
  edition,
  chart,
  children,
}: {
  name: ReportName;
  title: string;
  description: string;
  edition: number;
  chart: { title: string; bars: ReportBar[]; format: (value: number) => string };
  children: ReactNode;
}) {
  const headingId = useId();
  const { bars } = chart;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">{description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={reportHref(name, 'csv', edition)} download className={buttonClassName('outline')}>
            CSV<span className="sr-only"> of {title}</span>
          </a>
          <a href={reportHref(name, 'xlsx', edition)} download className={buttonClassName('outline')}>
            Excel<span className="sr-only"> of {title}</span>
          </a>
        </div>
      </div>
      {bars.length > 0 ? (
        <Suspense fallback={<div className="h-[220px]" aria-hidden="true" />}>
          <ReportBarChart title={chart.title} bars={bars} format={chart.format} />
        </Suspense>
      ) : null}
      {children}
    </section>
  );
}
