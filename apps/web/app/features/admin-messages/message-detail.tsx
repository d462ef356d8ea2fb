/**
 * One message to attendees: its progress (recipients by status, refreshed while any is still
 * queued), its text, each recipient's status with the mail server's words for failures, and
 * "Retry failed", which queues the failed and bounced recipients again.
 */
import {
  MESSAGE_RECIPIENT_STATUSES,
  type MessageRecipient,
  type MessageRecipientStatus,
} from '@festival/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { PlainBadge } from '~/components/console/status-badge';
import { Button } from '~/components/ui/button';
import { FormAlert, Select } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { useMessage, useRetryFailed } from './api';
import { ProgressBadge } from './messages';

const STATUS_LABELS: Record<MessageRecipientStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  bounced: 'Bounced',
};
const STATUS_TONES = { queued: 'wait', sent: 'good', failed: 'bad', bounced: 'bad' } as const;

const COLUMNS: AdminColumn<MessageRecipient>[] = [
  {
    id: 'to',
    header: 'To',
    cell: ({ row }) => (
      <span className="block min-w-44 [overflow-wrap:anywhere]">
        {row.original.name}
        <span className="block text-xs text-slate-600">{row.original.email}</span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <span className="block min-w-28">
        <PlainBadge tone={STATUS_TONES[row.original.status]}>{STATUS_LABELS[row.original.status]}</PlainBadge>
        {row.original.sentAt ? (
          <DateTime value={row.original.sentAt} className="mt-1 block text-xs text-slate-600" />
        ) : null}
      </span>
    ),
  },
  {
    id: 'error',
    header: 'Mail server said',
    cell: ({ row }) => <span className="text-sm [overflow-wrap:anywhere]">{row.original.error ?? '—'}</span>,
  },
];

export function MessageDetailView({ id }: { id: number }) {
  const [status, setStatus] = useState<MessageRecipientStatus | undefined>(undefined);
  const message = useMessage(id, status);
  const retry = useRetryFailed(id);
  const [notice, setNotice] = useState('');
  const data = message.data;
  const failed = data ? data.counts.failed + data.counts.bounced : 0;
  const done = data ? data.counts.total - data.counts.queued : 0;

  return (
    <div className="space-y-4">
      <Link to="/admin/messages" className="text-sm text-brand-800 underline">
        ← All messages
      </Link>
      {data ? (
        <section
          aria-labelledby="progress-heading"
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <div className="flex flex-wrap items-center gap-2">
            <h2
              id="progress-heading"
              className="text-base font-semibold text-brand-900 [overflow-wrap:anywhere]"
            >
              {data.subject}
            </h2>
            <ProgressBadge counts={data.counts} />
          </div>
          <p className="text-sm text-slate-600">
            {data.editionName} · by {data.authorEmail} · <DateTime value={data.createdAt} />
            {data.transactional ? ' · service notice' : ''}
          </p>
          <div>
            <progress
              className="h-3 w-full accent-brand-700"
              max={data.counts.total}
              value={done}
              aria-label="Handled so far"
            />
            <p className="text-sm text-slate-700" aria-live="polite">
              {data.counts.sent} sent, {data.counts.queued} queued, {data.counts.failed} failed,{' '}
              {data.counts.bounced} bounced, of {data.counts.total}.
            </p>
          </div>
          {failed > 0 ? (
            <div className="space-y-2">
              <Button
                variant="secondary"
                pending={retry.isPending}
                pendingLabel="Queuing…"
                onClick={() =>
                  retry.mutate(undefined, {
                    onSuccess: ({ queued }) => setNotice(`${queued} queued again.`),
                  })
                }
              >
                Retry failed ({failed})
              </Button>
              <FormAlert>{retry.error ? errorMessage(retry.error) : null}</FormAlert>
            </div>
          ) : null}
          <p
            role="status"
            className={notice ? 'rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900' : 'sr-only'}
          >
            {notice}
          </p>
          <details>
            <summary className="cursor-pointer text-sm text-brand-800">The message as written</summary>
            <pre className="mt-2 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
              {data.body}
            </pre>
          </details>
        </section>
      ) : null}
      <Select
        label="Recipients"
        placeholder="All recipients"
        options={MESSAGE_RECIPIENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        value={status ?? ''}
        onChange={(event) =>
          setStatus((event.target.value || undefined) as MessageRecipientStatus | undefined)
        }
        className="sm:w-56"
      />
      <DataTable
        caption="Recipients"
        columns={COLUMNS}
        rows={data?.recipients.items}
        rowId={(recipient) => String(recipient.id)}
        loading={message.isPending}
        error={message.error}
        onRetry={() => void message.refetch()}
        emptyMessage={status ? 'No recipient has this status.' : 'No recipients.'}
      />
      {data?.recipients.nextCursor ? (
        <p className="text-sm text-slate-600">
          The first 200 are shown; filter by status to find the others.
        </p>
      ) : null}
    </div>
  );
}
