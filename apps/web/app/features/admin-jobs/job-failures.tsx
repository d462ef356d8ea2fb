/**
 * Jobs whose last attempt failed (emails, refunds, waiting-list offers…): what each does, why
 * it failed in words, how many attempts, the order it was about, and, once it failed for good,
 * a retry. The dashboard shows a warning while any are listed.
 */
import { JOB_FAILURE_ROLES, type JobFailure } from '@festival/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { PlainBadge } from '~/components/console/status-badge';
import { errorMessage } from '~/lib/console/admin-client';
import { useOrganizer } from '~/lib/console/use-organizer';
import { useJobFailures, useRetryJob } from './api';

const attempts = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`;

export function JobFailures() {
  const list = useJobFailures();
  const retry = useRetryJob();
  const [notice, setNotice] = useState('');

  const columns = useMemo<AdminColumn<JobFailure>[]>(
    () => [
      {
        id: 'job',
        header: 'Job',
        cell: ({ row }) => (
          <span className="block min-w-44">
            <span className="font-medium text-slate-900">{row.original.label}</span>
            {row.original.orderReference ? (
              <Link
                to={`/admin/orders/${encodeURIComponent(row.original.orderReference)}`}
                className="mt-1 block text-sm text-brand-700 underline"
              >
                Order {row.original.orderReference}
              </Link>
            ) : null}
          </span>
        ),
      },
      {
        id: 'reason',
        header: 'Why it failed',
        cell: ({ row }) => (
          <span className="block min-w-56">
            {row.original.reason}
            {row.original.detail && row.original.detail !== row.original.reason ? (
              <span className="mt-1 block text-xs text-slate-600 [overflow-wrap:anywhere]">
                {row.original.detail}
              </span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) => (
          <span className="block min-w-40">
            {row.original.state === 'failed' ? (
              <PlainBadge tone="bad">{`Failed after ${attempts(row.original.attempts)}`}</PlainBadge>
            ) : (
              <PlainBadge tone="wait">Retrying</PlainBadge>
            )}
            <span className="mt-1 block text-xs text-slate-600">
              {row.original.state === 'failed' && row.original.failedAt ? (
                <DateTime value={row.original.failedAt} />
              ) : row.original.nextAttemptAt ? (
                <>
                  Next attempt <DateTime value={row.original.nextAttemptAt} />
                </>
              ) : null}
            </span>
          </span>
        ),
      },
      {
        id: 'action',
        header: 'Action',
        cell: ({ row }) =>
          row.original.state === 'failed' ? (
            <Button
              variant="outline"
              pending={retry.isPending && retry.variables === row.original.id}
              pendingLabel="Retrying…"
              onClick={() => {
                setNotice('');
                retry.mutate(row.original.id, {
                  onSuccess: () => setNotice(`${row.original.label}: queued again.`),
                });
              }}
            >
              Retry<span className="sr-only"> {row.original.label}</span>
            </Button>
          ) : (
            <span className="text-sm text-slate-600">Retried automatically</span>
          ),
      },
    ],
    [retry],
  );

  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-emerald-800 empty:hidden">
        {notice}
      </p>
      {retry.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(retry.error)}
        </p>
      ) : null}
      <DataTable
        caption="Failed jobs"
        columns={columns}
        rows={list.data}
        rowId={(job) => job.id}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyMessage="No failed jobs: every email, refund and offer went through."
      />
    </div>
  );
}

/** A warning on the dashboard while jobs are failing, for the roles that may open the list. */
export function JobFailuresNotice() {
  const { role } = useOrganizer();
  const allowed = (JOB_FAILURE_ROLES as readonly string[]).includes(role);
  const list = useJobFailures(allowed);
  const count = list.data?.length ?? 0;
  if (!allowed || count === 0) return null;
  return (
    <p className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-950 ring-1 ring-red-200">
      <span>
        {count === 1 ? '1 job is' : `${count} jobs are`} failing (emails, refunds or offers that did not go
        through).
      </span>
      <Link to="/admin/jobs" className="font-semibold underline underline-offset-2">
        See failed jobs
      </Link>
    </p>
  );
}
