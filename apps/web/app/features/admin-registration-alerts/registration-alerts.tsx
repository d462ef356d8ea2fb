/**
 * The "Tell me when registration opens" list in the console: the announcement that
 * emails every waiting address once registration is open, the addresses newest first with the
 * edition each was left for and whether it was told, their export as CSV or Excel, and marking
 * those not yet notified as told when the organizers wrote to them another way. The status
 * filter lives in the address.
 */
import type { RegistrationAlert } from '@festival/shared';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { Select } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { ExportLinks } from '~/components/console/export-links';
import { PlainBadge } from '~/components/console/status-badge';
import { Announcement } from './announcement';
import { useMarkNotified, useRegistrationAlerts } from './api';

const STATUS_OPTIONS = [
  { value: 'waiting', label: 'Not notified yet' },
  { value: 'notified', label: 'Notified' },
] as const;

const COLUMNS: AdminColumn<RegistrationAlert>[] = [
  {
    id: 'email',
    header: 'Email',
    cell: ({ row }) => <span className="block min-w-44 [overflow-wrap:anywhere]">{row.original.email}</span>,
  },
  {
    id: 'left',
    header: 'Left',
    cell: ({ row }) => <DateTime value={row.original.createdAt} className="whitespace-nowrap" />,
  },
  { id: 'edition', header: 'Edition', cell: ({ row }) => row.original.editionName ?? '—' },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) =>
      row.original.notifiedAt ? (
        <span className="block min-w-32">
          <PlainBadge tone="good">Notified</PlainBadge>
          <DateTime value={row.original.notifiedAt} className="mt-1 block text-xs text-slate-600" />
        </span>
      ) : (
        <PlainBadge tone="wait">Waiting</PlainBadge>
      ),
  },
];

/** The announcement, the export links and the list; the page header is the route's. */
export function RegistrationAlerts() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = statusParam === 'waiting' || statusParam === 'notified' ? statusParam : undefined;
  const list = useRegistrationAlerts(status);
  const mark = useMarkNotified();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');

  // Marks up to the newest address on screen: one left while the organizer reads stays waiting.
  const newestShown = useMemo(() => list.rows?.[0]?.createdAt, [list.rows]);
  const waiting = list.waiting ?? 0;

  return (
    <div className="space-y-4">
      {list.current && list.waiting !== undefined ? (
        <Announcement current={list.current} waiting={waiting} onDone={setNotice} />
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Select
          label="Status"
          placeholder="All addresses"
          options={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(event) => {
            setNotice('');
            setParams(event.target.value ? { status: event.target.value } : {}, { replace: true });
          }}
          className="sm:w-56"
        />
        <div className="flex flex-wrap gap-2">
          <ExportLinks what="registration-alerts" label="the addresses" filters={{ status }} />
          <Button
            variant="outline"
            disabled={waiting === 0 || !newestShown || status === 'notified'}
            onClick={() => {
              mark.reset();
              setConfirming(true);
            }}
          >
            Mark as notified
          </Button>
        </div>
      </div>
      {/* Always rendered: a live region announces changes only once it is in the page. */}
      <p
        role="status"
        className={notice ? 'rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900' : 'sr-only'}
      >
        {notice}
      </p>
      <DataTable
        caption="Registration alerts"
        columns={COLUMNS}
        rows={list.rows}
        rowId={(alert) => String(alert.id)}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        emptyMessage={status ? 'No address matches this filter.' : 'No one has asked to be told yet.'}
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        loadingMore={list.loadingMore}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Mark the waiting addresses as notified?"
        description="For addresses you wrote to another way (export the list first): they get no email from here. Addresses left after the newest one shown stay waiting."
        confirmLabel="Mark as notified"
        pending={mark.isPending}
        error={mark.error ? errorMessage(mark.error) : null}
        onConfirm={() => {
          if (!newestShown) return;
          mark.mutate(
            { createdUpTo: newestShown },
            {
              onSuccess: ({ marked }) => {
                setConfirming(false);
                setNotice(`${marked} ${marked === 1 ? 'address' : 'addresses'} marked as notified.`);
              },
            },
          );
        }}
      />
    </div>
  );
}
