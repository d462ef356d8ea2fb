/**
 * The inquiries inbox: a status filter and a search (kept in the address, so a filtered view
 * can be shared and survives a reload), the server-paged list, and the opened inquiry beside
 * it (below it on a phone).
 */
import type { Inquiry } from '@festival/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { Input, Select } from '~/components/ui/field';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { useInquiries, type InquiryFilters } from '../api/inquiries';
import { InquiryDetail } from './inquiry-detail';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
] as const;

/** `search` (a query string) with `changes` applied: a value sets its key, null removes it. */
function withParams(search: string, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return `?${next.toString()}`;
}

function filtersOf(params: URLSearchParams): InquiryFilters {
  const status = params.get('status');
  const q = params.get('q')?.trim();
  return {
    ...(status === 'open' || status === 'handled' ? { status } : {}),
    ...(q ? { q } : {}),
  };
}

export function InquiryInbox() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useInquiries(filters);
  const openId = Number(params.get('open'));
  const opened = list.rows?.find((inquiry) => inquiry.id === openId);
  const [search, setSearch] = useState(filters.q ?? '');
  const [notice, setNotice] = useState('');

  const query = params.toString();
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => withParams(current.toString(), changes), { replace: true });

  const columns = useMemo<AdminColumn<Inquiry>[]>(
    () => [
      {
        id: 'subject',
        header: 'Subject',
        cell: ({ row }) => (
          <Link
            to={{ search: withParams(query, { open: String(row.original.id) }) }}
            replace
            className="font-medium text-brand-800 underline-offset-2 hover:underline"
            aria-current={row.original.id === openId ? 'true' : undefined}
          >
            {row.original.subject}
          </Link>
        ),
      },
      {
        id: 'from',
        header: 'From',
        cell: ({ row }) => (
          <span>
            {row.original.contactPersonName}
            <span className="block text-xs [overflow-wrap:anywhere] text-slate-500">
              {row.original.email}
            </span>
          </span>
        ),
      },
      {
        id: 'received',
        header: 'Received',
        cell: ({ row }) => <DateTime value={row.original.createdAt} className="whitespace-nowrap" />,
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) =>
          row.original.handledAt ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">Handled</span>
          ) : (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              Open
            </span>
          ),
      },
    ],
    [query, openId],
  );

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    update({ q: search.trim() || null, open: null });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label="Status"
          placeholder="All inquiries"
          options={STATUS_OPTIONS}
          value={filters.status ?? ''}
          onChange={(event) => {
            setNotice('');
            update({ status: event.target.value || null, open: null });
          }}
          className="sm:w-48"
        />
        <form role="search" className="flex flex-1 items-end gap-2" onSubmit={submitSearch}>
          <Input
            label="Search"
            type="search"
            placeholder="Name, email, subject or message"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="flex-1"
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>
      </div>
      {/* Always rendered: a live region announces changes only once it is in the page. */}
      <p
        role="status"
        className={notice ? 'rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900' : 'sr-only'}
      >
        {notice}
      </p>
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start [&>*]:min-w-0">
        <DataTable
          caption="Inquiries"
          columns={columns}
          rows={list.rows}
          rowId={(inquiry) => String(inquiry.id)}
          loading={list.loading}
          error={list.error}
          onRetry={list.retry}
          emptyMessage={
            filters.status || filters.q ? 'No inquiry matches these filters.' : 'No inquiries yet.'
          }
          hasMore={list.hasMore}
          onLoadMore={list.loadMore}
          loadingMore={list.loadingMore}
        />
        {opened ? (
          <InquiryDetail inquiry={opened} onClose={() => update({ open: null })} onChanged={setNotice} />
        ) : null}
      </div>
    </div>
  );
}
