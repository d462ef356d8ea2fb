/**
 * The console's messages to attendees: the compose form for the current edition, its message
 * settings (daily limit, automatic reminders), and the messages sent, newest first, with their
 * progress (sent of total, failures).
 */
import type { MessageCounts, MessageSummary } from '@festival/shared';
import { Link } from 'react-router';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { ErrorState, LoadingState } from '~/components/console/query-state';
import { PlainBadge } from '~/components/console/status-badge';
import { useCurrentEdition, useMessages, useMessageSettings } from './api';
import { ComposeMessage } from './compose';
import { MessageSettingsForm } from './settings-form';

/** "Sending", "Sent", or "Sent, 3 failed" as a badge. */
export function ProgressBadge({ counts }: { counts: MessageCounts }) {
  const failed = counts.failed + counts.bounced;
  if (counts.queued > 0)
    return <PlainBadge tone="wait">{`Sending ${counts.sent} of ${counts.total}`}</PlainBadge>;
  if (failed > 0) return <PlainBadge tone="bad">{`${failed} not delivered`}</PlainBadge>;
  return <PlainBadge tone="good">{`Sent to ${counts.sent}`}</PlainBadge>;
}

const COLUMNS: AdminColumn<MessageSummary>[] = [
  {
    id: 'subject',
    header: 'Subject',
    cell: ({ row }) => (
      <Link
        to={`/admin/messages/${row.original.id}`}
        className="block min-w-40 font-medium text-brand-800 underline [overflow-wrap:anywhere]"
      >
        {row.original.subject}
      </Link>
    ),
  },
  {
    id: 'sent',
    header: 'Sent',
    cell: ({ row }) => <DateTime value={row.original.createdAt} className="whitespace-nowrap" />,
  },
  {
    id: 'by',
    header: 'By',
    cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{row.original.authorEmail}</span>,
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <ProgressBadge counts={row.original.counts} /> },
];

/** The daily limit and the automatic reminders, folded away until asked for. */
function SettingsSection({ editionId }: { editionId: number }) {
  const settings = useMessageSettings(editionId);
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-brand-900">
        Settings: daily limit and automatic reminders
      </summary>
      <div className="mt-4">
        {settings.isPending ? (
          <LoadingState label="Loading the settings…" />
        ) : settings.error ? (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <MessageSettingsForm settings={settings.data} />
        )}
      </div>
    </details>
  );
}

export function Messages() {
  const edition = useCurrentEdition();
  const list = useMessages();
  return (
    <div className="space-y-6">
      {edition.isPending ? (
        <LoadingState label="Loading the edition…" />
      ) : edition.error ? (
        <ErrorState error={edition.error} onRetry={() => void edition.refetch()} />
      ) : (
        <>
          <ComposeMessage editionId={edition.data.id} editionName={edition.data.name} />
          <SettingsSection editionId={edition.data.id} />
        </>
      )}
      <section aria-labelledby="sent-heading" className="space-y-2">
        <h2 id="sent-heading" className="text-base font-semibold text-brand-900">
          Sent messages
        </h2>
        <DataTable
          caption="Sent messages"
          columns={COLUMNS}
          rows={list.rows}
          rowId={(message) => String(message.id)}
          loading={list.loading}
          error={list.error}
          onRetry={list.retry}
          emptyMessage="No message has been sent yet."
          hasMore={list.hasMore}
          onLoadMore={list.loadMore}
          loadingMore={list.loadingMore}
        />
      </section>
    </div>
  );
}
