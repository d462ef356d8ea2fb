/**
 * The orders list: searched, filtered and paged by the server; filters in the URL; exports with the
 * same filters.
 */
import {
  BANK_TRANSFER_ORDER_ROLES,
  COMP_ORDER_ROLES,
  formatTicketUnits,
  GUEST_LIST_NAMES,
  ORDER_SOURCE_NAMES,
  OrderStatusSchema,
  type OrderListRow,
  type OrganizerRole,
} from '@festival/shared';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { Money } from '~/components/console/money';
import { PageHeader } from '~/components/console/page-header';
import { buttonClassName } from '~/components/ui/button';
import { useOrganizer } from '~/lib/console/use-organizer';
import { useOrderList } from '../api/orders';
import { useEditionOptions } from '../api/editions';
import { useTicketTypeOptions } from '../api/ticket-types';
import { ExportLinks } from '~/components/console/export-links';
import { ORDER_STATUS_LABELS, OrderStatusBadge } from '~/components/console/status-badge';
import { FilterDate, FilterPanel, FilterSelect, SearchBox, useUrlFilters } from './url-filters';

const FILTERS = ['q', 'status', 'ticketTypeId', 'from', 'to', 'edition'] as const;

const STATUS_OPTIONS = OrderStatusSchema.options.map((status) => ({
  value: status,
  label: ORDER_STATUS_LABELS[status],
}));

const columns: AdminColumn<OrderListRow>[] = [
  {
    id: 'reference',
    header: 'Reference',
    cell: ({ row }) => (
      <Link
        to={`/admin/orders/${row.original.reference}`}
        className="font-mono text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {row.original.reference}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <OrderStatusBadge status={row.original.status} /> },
  {
    id: 'buyer',
    header: 'Buyer',
    cell: ({ row }) => (
      <>
        <span className="block">{row.original.buyerName}</span>
        <span className="block min-w-48 break-all text-slate-600">{row.original.buyerEmail}</span>
      </>
    ),
  },
  {
    id: 'ticket',
    header: 'Tickets',
    cell: ({ row }) => formatTicketUnits(row.original.tickets),
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => <Money paise={row.original.amount} className="whitespace-nowrap" />,
  },
  {
    id: 'source',
    header: 'Source',
    cell: ({ row }) => {
      const { source, guestList } = row.original;
      return guestList
        ? `${ORDER_SOURCE_NAMES[source]} · ${GUEST_LIST_NAMES[guestList]}`
        : ORDER_SOURCE_NAMES[source];
    },
  },
  {
    id: 'created',
    header: 'Created',
    cell: ({ row }) => <DateTime value={row.original.createdAt} className="whitespace-nowrap" />,
  },
  {
    id: 'paid',
    header: 'Paid',
    cell: ({ row }) =>
      row.original.paidAt ? <DateTime value={row.original.paidAt} className="whitespace-nowrap" /> : '—',
  },
];

export function OrderList() {
  const filters = useUrlFilters(FILTERS);
  const { values, set } = filters;
  const list = useOrderList(values);
  const ticketOptions = useTicketTypeOptions();
  const editionOptions = useEditionOptions();
  const onSearch = useCallback((text: string) => set('q', text), [set]);
  const { role } = useOrganizer();
  const makesOrders = (
    [...COMP_ORDER_ROLES, ...BANK_TRANSFER_ORDER_ROLES] as readonly OrganizerRole[]
  ).includes(role);

  return (
    <>
      <PageHeader
        title="Orders"
        description={
          values.edition
            ? 'Orders of a past edition, newest first.'
            : 'Orders of the current edition, newest first.'
        }
        actions={
          <>
            {makesOrders ? (
              <>
                <Link to="/admin/orders/new" className={buttonClassName('secondary')}>
                  New order
                </Link>
                <Link to="/admin/orders/import" className={buttonClassName('outline')}>
                  Import
                </Link>
              </>
            ) : null}
            <ExportLinks what="orders" label="orders" filters={values} />
          </>
        }
      />
      <FilterPanel label="Search and filters" active={filters.active} onClear={filters.clear}>
        <SearchBox
          label="Search"
          hint="Order reference, or the buyer's name or email"
          value={values.q}
          onSearch={onSearch}
        />
        <FilterSelect
          label="Status"
          value={values.status}
          options={STATUS_OPTIONS}
          placeholder="Any status"
          onChange={(value) => set('status', value)}
        />
        <FilterSelect
          label="Edition"
          value={values.edition}
          options={editionOptions}
          placeholder="Current edition"
          onChange={(value) => set('edition', value)}
        />
        {values.edition ? null : (
          <FilterSelect
            label="Ticket type"
            value={values.ticketTypeId}
            options={ticketOptions}
            placeholder="All ticket types"
            onChange={(value) => set('ticketTypeId', value)}
          />
        )}
        <FilterDate label="Created from" value={values.from} onChange={(value) => set('from', value)} />
        <FilterDate label="Created until" value={values.to} onChange={(value) => set('to', value)} />
      </FilterPanel>
      <DataTable
        caption="Orders"
        columns={columns}
        rows={list.rows}
        rowId={(row) => row.reference}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        emptyMessage={filters.active ? 'No order matches these filters.' : 'No orders yet.'}
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        loadingMore={list.loadingMore}
      />
    </>
  );
}
