/**
 * The registrations list: searched, filtered and paged by the server; filters in
 * the URL; exports with the same filters.
 */
import { PARTICIPANT_CATEGORY_NAMES, type RegistrationRow } from '@festival/shared';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { PageHeader } from '~/components/console/page-header';
import { useRegistrationList } from '../api/registrations';
import { useTicketTypeOptions } from '../api/ticket-types';
import { ExportLinks } from '~/components/console/export-links';
import { PaymentBadge, PAYMENT_LABELS } from '~/components/console/status-badge';
import { FilterDate, FilterPanel, FilterSelect, SearchBox, useUrlFilters } from './url-filters';

const FILTERS = ['q', 'category', 'ticketTypeId', 'payment', 'from', 'to'] as const;

export const CATEGORY_OPTIONS = Object.entries(PARTICIPANT_CATEGORY_NAMES).map(([value, label]) => ({
  value,
  label,
}));

const PAYMENT_OPTIONS = Object.entries(PAYMENT_LABELS).map(([value, label]) => ({ value, label }));

const columns: AdminColumn<RegistrationRow>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link
        to={`/admin/registrations/${row.original.id}`}
        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {row.original.name}
      </Link>
    ),
  },
  { id: 'role', header: 'Category', cell: ({ row }) => row.original.role },
  {
    id: 'contact',
    header: 'Email and phone',
    cell: ({ row }) => (
      <>
        <span className="block min-w-48 break-all">{row.original.email}</span>
        <span className="block whitespace-nowrap text-slate-600">{row.original.phone}</span>
      </>
    ),
  },
  { id: 'company', header: 'Company', cell: ({ row }) => row.original.companyName ?? '—' },
  { id: 'ticket', header: 'Ticket', cell: ({ row }) => row.original.ticketName ?? '—' },
  { id: 'payment', header: 'Payment', cell: ({ row }) => <PaymentBadge payment={row.original.payment} /> },
  {
    id: 'order',
    header: 'Order',
    cell: ({ row }) =>
      row.original.orderReference ? (
        <Link
          to={`/admin/orders/${row.original.orderReference}`}
          className="font-mono text-xs text-brand-700 underline-offset-2 hover:underline"
        >
          {row.original.orderReference}
        </Link>
      ) : (
        '—'
      ),
  },
  {
    id: 'registered',
    header: 'Registered',
    cell: ({ row }) => <DateTime value={row.original.registeredAt} className="whitespace-nowrap" />,
  },
];

export function RegistrationList() {
  const filters = useUrlFilters(FILTERS);
  const { values, set } = filters;
  const list = useRegistrationList(values);
  const ticketOptions = useTicketTypeOptions();
  const onSearch = useCallback((text: string) => set('q', text), [set]);

  return (
    <>
      <PageHeader
        title="Registrations"
        description="Everyone registered for the current edition, newest first."
        actions={<ExportLinks what="registrations" label="registrations" filters={values} />}
      />
      <FilterPanel label="Search and filters" active={filters.active} onClear={filters.clear}>
        <SearchBox
          label="Search"
          hint="Name, email, phone, company, pass code or order reference"
          value={values.q}
          onSearch={onSearch}
        />
        <FilterSelect
          label="Category"
          value={values.category}
          options={CATEGORY_OPTIONS}
          placeholder="All categories"
          onChange={(value) => set('category', value)}
        />
        <FilterSelect
          label="Ticket type"
          value={values.ticketTypeId}
          options={ticketOptions}
          placeholder="All ticket types"
          onChange={(value) => set('ticketTypeId', value)}
        />
        <FilterSelect
          label="Payment"
          value={values.payment}
          options={PAYMENT_OPTIONS}
          placeholder="Any payment"
          onChange={(value) => set('payment', value)}
        />
        <FilterDate label="Registered from" value={values.from} onChange={(value) => set('from', value)} />
        <FilterDate label="Registered until" value={values.to} onChange={(value) => set('to', value)} />
      </FilterPanel>
      <DataTable
        caption="Registrations"
        columns={columns}
        rows={list.rows}
        rowId={(row) => row.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        emptyMessage={
          filters.active ? 'No registration matches these filters.' : 'Nobody has registered yet.'
        }
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        loadingMore={list.loadingMore}
      />
    </>
  );
}
