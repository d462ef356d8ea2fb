/**
 * The dashboard's figures for the current edition: headline counts, revenue (only
 * for roles the API shows it to: it answers null otherwise), sales per day, seats per ticket
 * type, registrations per category, orders per status and votes per nominee.
 */
import type { Dashboard } from '@festival/shared';
import type { ReactNode } from 'react';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { Money } from '~/components/console/money';
import { SalesChart } from './sales-chart';

type TicketTypeRow = Dashboard['ticketTypes'][number];
type NomineeRow = Dashboard['votes']['byNominee'][number];
type CategoryRow = Dashboard['registrations']['byCategory'][number];

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={title}
      // min-w-0: a grid item is at least as wide as its content by default, so a wide table
      // would widen the page instead of scrolling in its own box.
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 ${className ?? ''}`}
    >
      <h2 className="mb-3 text-base font-bold text-brand-900">{title}</h2>
      {children}
    </section>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-xl font-bold text-slate-900">{children}</dd>
    </div>
  );
}

const integers = new Intl.NumberFormat('en-IN');
/** A count with Indian digit grouping (15,000; 1,00,000). */
const count = (value: number) => integers.format(value);

/** Sold and reserved seats as a bar against capacity, with the figures in words. */
function SeatsBar({ row }: { row: TicketTypeRow }) {
  const percent = (count: number) => (row.capacity === 0 ? 0 : Math.min(100, (count / row.capacity) * 100));
  return (
    <div className="min-w-40">
      <div className="flex h-2.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="bg-brand-700" style={{ width: `${percent(row.sold)}%` }} />
        <div className="bg-accent-500" style={{ width: `${percent(row.reserved)}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-700">
        {count(row.sold)} sold, {count(row.reserved)} reserved of {count(row.capacity)}
      </p>
    </div>
  );
}

/** Ticket types of several categories share names (a Gold Stall Package for pitchers and for startups). */
type TicketTypeWithCategory = TicketTypeRow & { category: string };

const TICKET_COLUMNS: AdminColumn<TicketTypeWithCategory>[] = [
  { accessorKey: 'name', header: 'Ticket type' },
  { accessorKey: 'category', header: 'Category' },
  { id: 'seats', header: 'Seats', cell: ({ row }) => <SeatsBar row={row.original} /> },
  { id: 'available', header: 'Available', cell: ({ row }) => count(row.original.available) },
];

const NOMINEE_COLUMNS: AdminColumn<NomineeRow>[] = [
  { accessorKey: 'title', header: 'Nominee' },
  { accessorKey: 'votes', header: 'Votes' },
];

const CATEGORY_COLUMNS: AdminColumn<CategoryRow>[] = [
  { accessorKey: 'name', header: 'Category' },
  { accessorKey: 'registrations', header: 'Registrations' },
];

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const { revenue, registrations, inquiries, votes } = dashboard;
  const categoryNames = new Map(registrations.byCategory.map((row) => [row.participantCategoryId, row.name]));
  const ticketTypes = dashboard.ticketTypes.map((row) => ({
    ...row,
    category: categoryNames.get(row.participantCategoryId) ?? '',
  }));
  return (
    <div className="space-y-4">
      <p className="text-xs text-slate-600">
        As of <DateTime value={dashboard.asOf} /> (India time)
      </p>
      <dl className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-4">
        <Stat label="Registrations">{count(registrations.total)}</Stat>
        <Stat label="Paid orders">{dashboard.orders.paid}</Stat>
        <Stat label="Open inquiries">
          {inquiries.open} <span className="text-sm font-normal text-slate-600">of {inquiries.total}</span>
        </Stat>
        <Stat label="Votes">{votes.total}</Stat>
      </dl>
      {revenue ? (
        <Section title="Revenue">
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Stat label="Gross">
              <Money paise={revenue.gross} />
            </Stat>
            <Stat label="Refunded">
              <Money paise={revenue.refunded} />
            </Stat>
            <Stat label="Net">
              <Money paise={revenue.net} />
            </Stat>
            <Stat label="Refunds on their way">
              <Money paise={revenue.pendingRefunds} />
            </Stat>
          </dl>
        </Section>
      ) : null}
      <Section title="Sales per day">
        <SalesChart days={dashboard.salesByDay} />
      </Section>
      <div className="grid gap-4 xl:grid-cols-2">
        <Section title="Seats per ticket type" className="xl:col-span-2">
          <DataTable
            caption="Seats sold and reserved by ticket type"
            columns={TICKET_COLUMNS}
            rows={ticketTypes}
            rowId={(row) => String(row.id)}
            emptyMessage="No ticket types yet."
          />
        </Section>
        <Section title="Orders by status">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {Object.entries(dashboard.orders).map(([status, count]) => (
              <Stat key={status} label={STATUS_LABELS[status] ?? status}>
                {count}
              </Stat>
            ))}
          </dl>
        </Section>
        <Section title="Registrations per category">
          <DataTable
            caption="Registrations by category"
            columns={CATEGORY_COLUMNS}
            rows={registrations.byCategory}
            rowId={(row) => String(row.participantCategoryId)}
            emptyMessage="No categories."
          />
        </Section>
        <Section title="Votes per nominee">
          <DataTable
            caption="Votes by nominee"
            columns={NOMINEE_COLUMNS}
            rows={votes.byNominee}
            rowId={(row) => String(row.id)}
            emptyMessage="No nominees yet."
          />
        </Section>
      </div>
    </div>
  );
}
