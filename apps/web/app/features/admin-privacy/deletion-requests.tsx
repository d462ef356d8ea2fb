/**
 * Registrants' deletion requests (DPDP Act 2023 §12) as the console lists them: who asked and
 * when, whether it is carried out and what the erasure changed. An owner erases after
 * confirming; managers read. The status filter lives in the address.
 */
import type { DeletionRequest, ErasureOutcome } from '@festival/shared';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { Select } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { useOrganizer } from '~/lib/console/use-organizer';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { PlainBadge } from '~/components/console/status-badge';
import { useDeletionRequests, useErase } from './api';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Carried out' },
] as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "1 registration, 2 files, 1 inquiry, 0 waiting-list entries, 0 votes, 1 registration alert, 3 audit entries,
 * 1 payment record and 2 email jobs erased; 1 tax document kept".
 */
export function describeOutcome(outcome: ErasureOutcome): string {
  const erased = [
    plural(outcome.registrations, 'registration', 'registrations'),
    plural(outcome.uploads, 'file', 'files'),
    plural(outcome.inquiries, 'inquiry', 'inquiries'),
    plural(outcome.waitingListEntries, 'waiting-list entry', 'waiting-list entries'),
    plural(outcome.votes, 'vote', 'votes'),
    plural(outcome.registrationAlerts, 'registration alert', 'registration alerts'),
    plural(outcome.auditEntriesRedacted, 'audit entry', 'audit entries'),
    plural(outcome.paymentEventsRedacted, 'payment record', 'payment records'),
    plural(outcome.jobsDeleted, 'email job', 'email jobs'),
  ];
  return `${erased.slice(0, -1).join(', ')} and ${erased.at(-1)} erased; ${plural(
    outcome.taxDocumentsKept,
    'tax document',
    'tax documents',
  )} kept`;
}

export function DeletionRequests() {
  const { role } = useOrganizer();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = statusParam === 'open' || statusParam === 'handled' ? statusParam : undefined;
  const list = useDeletionRequests(status);
  const erase = useErase();
  const [confirming, setConfirming] = useState<DeletionRequest | null>(null);
  const [notice, setNotice] = useState('');

  const columns = useMemo<AdminColumn<DeletionRequest>[]>(() => {
    const base: AdminColumn<DeletionRequest>[] = [
      {
        id: 'email',
        header: 'Email',
        cell: ({ row }) => (
          <span className="block min-w-44 [overflow-wrap:anywhere]">{row.original.email}</span>
        ),
      },
      {
        id: 'requested',
        header: 'Requested',
        cell: ({ row }) => <DateTime value={row.original.requestedAt} className="whitespace-nowrap" />,
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) =>
          row.original.handledAt ? (
            <span className="block min-w-48">
              <PlainBadge tone="good">Carried out</PlainBadge>
              <span className="mt-1 block text-xs text-slate-600">
                <DateTime value={row.original.handledAt} />
                {row.original.outcome ? <>: {describeOutcome(row.original.outcome)}</> : null}
              </span>
            </span>
          ) : (
            <PlainBadge tone="wait">Open</PlainBadge>
          ),
      },
    ];
    if (role !== 'owner') return base;
    return [
      ...base,
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) =>
          row.original.handledAt ? null : (
            <Button
              variant="outline"
              className="min-h-9 px-3 whitespace-nowrap"
              aria-label={`Erase the personal data of ${row.original.email}`}
              onClick={() => {
                erase.reset();
                setConfirming(row.original);
              }}
            >
              Erase data
            </Button>
          ),
      },
    ];
  }, [role, erase]);

  return (
    <div className="space-y-4">
      <Select
        label="Status"
        placeholder="All requests"
        options={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(event) => {
          setNotice('');
          setParams(event.target.value ? { status: event.target.value } : {}, { replace: true });
        }}
        className="sm:w-48"
      />
      {/* Always rendered: a live region announces changes only once it is in the page. */}
      <p
        role="status"
        className={notice ? 'rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900' : 'sr-only'}
      >
        {notice}
      </p>
      <DataTable
        caption="Deletion requests"
        columns={columns}
        rows={list.rows}
        rowId={(request) => String(request.id)}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        emptyMessage={status ? 'No request matches this filter.' : 'No one has asked for deletion yet.'}
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        loadingMore={list.loadingMore}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Erase this person’s data?"
        description={
          <>
            Names, email addresses, phone numbers and messages under{' '}
            <strong className="[overflow-wrap:anywhere]">{confirming?.email}</strong> are replaced in
            registrations, inquiries, waiting lists, votes and the audit log, and uploaded files are deleted.
            Passes stay valid without a name. Tax invoices and credit notes are kept as issued, as GST law
            requires. This cannot be undone.
          </>
        }
        confirmLabel="Erase data"
        pending={erase.isPending}
        error={erase.error ? errorMessage(erase.error) : null}
        onConfirm={() => {
          if (!confirming) return;
          erase.mutate(confirming.id, {
            onSuccess: (done) => {
              setConfirming(null);
              setNotice(
                `Erased the data of ${done.email}${done.outcome ? `: ${describeOutcome(done.outcome)}` : ''}.`,
              );
            },
          });
        }}
      />
    </div>
  );
}
