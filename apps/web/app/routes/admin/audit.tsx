/**
 * The audit log (owners only): every change an organizer made, their sign-ins, two-factor
 * changes and exports, newest first, people and things by name (ids beneath), from
 * `GET /api/admin/audit`, filtered by organizer, action, entity and time, with the entity
 * before and after. The server pages; "Load more" follows its cursor.
 */
import type { AuditEntry } from '@festival/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { Input, Select } from '~/components/ui/field';
import { useAdminList } from '~/lib/console/admin-list';
import { useOrganizers } from '~/features/admin/api/organizers';
import { adminMeta } from '~/features/admin/meta';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { PageHeader } from '~/components/console/page-header';

export const meta = () => adminMeta('Audit log');

interface Filters {
  organizerId: string;
  action: string;
  entityType: string;
  entityId: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { organizerId: '', action: '', entityType: '', entityId: '', from: '', to: '' };

/** A day picked in the form (India time) as the API's instant: its midnight at +05:30. */
const startOfDay = (day: string) => (day ? `${day}T00:00:00+05:30` : undefined);
/** The end of a picked day, exclusive: the next day's midnight in India time. */
function endOfDay(day: string) {
  if (!day) return undefined;
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return `${next.toISOString().slice(0, 10)}T00:00:00+05:30`;
}

/** A person or thing by name, with its address or id beneath in small print (or alone, without a name). */
function Named({ name, detail }: { name: string | null; detail: string }) {
  if (!name) return <span className="break-all">{detail}</span>;
  return (
    <>
      <span className="font-medium">{name}</span>
      <span className="block text-xs break-all text-slate-500">{detail}</span>
    </>
  );
}

function Change({ entry }: { entry: AuditEntry }) {
  if (!entry.before && !entry.after) return null;
  return (
    <details>
      <summary className="cursor-pointer text-brand-700 underline">Before and after</summary>
      <div className="mt-2 grid gap-2 md:grid-cols-2">
        <div>
          <p className="text-xs font-semibold text-slate-500">Before</p>
          <pre className="max-w-md overflow-x-auto rounded bg-slate-100 p-2 text-xs">
            {entry.before ? JSON.stringify(entry.before, null, 2) : '(created)'}
          </pre>
        </div>
        <div>
          <p className="text-xs font-semibold text-slate-500">After</p>
          <pre className="max-w-md overflow-x-auto rounded bg-slate-100 p-2 text-xs">
            {entry.after ? JSON.stringify(entry.after, null, 2) : '(deleted)'}
          </pre>
        </div>
      </div>
    </details>
  );
}

const COLUMNS: AdminColumn<AuditEntry>[] = [
  { id: 'at', header: 'When', cell: ({ row }) => <DateTime value={row.original.at} /> },
  {
    id: 'who',
    header: 'Who',
    cell: ({ row }) => <Named name={row.original.organizerName} detail={row.original.organizerEmail} />,
  },
  { accessorKey: 'action', header: 'Action' },
  {
    id: 'entity',
    header: 'What',
    cell: ({ row }) => (
      <Named
        name={row.original.entityLabel}
        detail={`${row.original.entityType.replaceAll('_', ' ')} ${row.original.entityId}`}
      />
    ),
  },
  { accessorKey: 'ip', header: 'Address' },
  { id: 'change', header: 'Change', cell: ({ row }) => <Change entry={row.original} /> },
];

export default function AuditPage() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const organizers = useOrganizers();
  const list = useAdminList<AuditEntry>('/audit', {
    organizerId: filters.organizerId,
    action: filters.action.trim(),
    entityType: filters.entityType.trim(),
    entityId: filters.entityId.trim(),
    from: startOfDay(filters.from),
    to: endOfDay(filters.to),
  });
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
  }

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the console, newest first (India time)."
      />
      <form
        onSubmit={apply}
        aria-label="Filter the audit log"
        className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <Select
          label="Organizer"
          placeholder="Everyone"
          value={draft.organizerId}
          onChange={set('organizerId')}
          options={(organizers.data?.items ?? []).map((organizer) => ({
            value: organizer.id,
            label: `${organizer.name} (${organizer.email})`,
          }))}
        />
        <Input
          label="Action"
          placeholder="e.g. organizer.sign_in"
          value={draft.action}
          onChange={set('action')}
        />
        <Input
          label="Entity type"
          placeholder="e.g. ticket_type"
          value={draft.entityType}
          onChange={set('entityType')}
        />
        <Input label="Entity id" value={draft.entityId} onChange={set('entityId')} />
        <Input label="From (day)" type="date" value={draft.from} onChange={set('from')} />
        <Input label="To (day)" type="date" value={draft.to} onChange={set('to')} />
        <div className="flex gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="submit" variant="secondary">
            Apply filters
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      <DataTable
        caption="Audit log"
        columns={COLUMNS}
        rows={list.rows}
        rowId={(row) => row.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        emptyMessage="No changes match these filters."
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        loadingMore={list.loadingMore}
      />
    </>
  );
}
