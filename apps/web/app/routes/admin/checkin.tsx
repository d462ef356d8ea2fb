/**
 * Check-in in the console: check-in lists (owners and managers edit them) with
 * live counts per list, the badges and passes of everyone a list admits as PDFs, and the way to
 * the gate scanner (/checkin).
 */
import type { CheckinList } from '@festival/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '~/components/ui/button';
import { useCheckinListChanges, useCheckinLists, useTicketTypes } from '~/features/admin-checkin/api';
import { ListCounts } from '~/features/admin-checkin/list-counts';
import { CheckinListForm } from '~/features/admin-checkin/list-form';
import { FormDialog } from '~/features/admin/content/form-dialog';
import { useOrganizer } from '~/lib/console/use-organizer';
import { adminMeta } from '~/features/admin/meta';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { PageHeader } from '~/components/console/page-header';
import { PrintButtons } from '~/components/console/print-buttons';
import { QueryState } from '~/components/console/query-state';

export const meta = () => adminMeta('Check-in');

export default function CheckinPage() {
  const { role } = useOrganizer();
  const canEdit = role === 'owner' || role === 'manager';
  const lists = useCheckinLists();
  const ticketTypes = useTicketTypes(canEdit);
  const { create, update, remove } = useCheckinListChanges();
  const [editing, setEditing] = useState<CheckinList | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CheckinList | null>(null);

  return (
    <>
      <PageHeader
        title="Check-in"
        description="Lists say which passes an entrance admits on which days. Counts refresh every few seconds."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/checkin" className={buttonClassName('primary')}>
              Open the gate scanner
            </Link>
            {canEdit && (
              <Button variant="secondary" onClick={() => setEditing('new')} disabled={!ticketTypes.data}>
                New check-in list
              </Button>
            )}
          </div>
        }
      />
      <QueryState
        query={lists}
        loadingLabel="Loading check-in lists…"
        isEmpty={(data) => data.items.length === 0}
        empty={canEdit ? 'No check-in lists yet: create one for each entrance.' : 'No check-in lists yet.'}
      >
        {(data) => (
          <div className="grid gap-4">
            {data.items.map((list) => (
              <section
                key={list.id}
                aria-labelledby={`list-${list.id}`}
                className="rounded-2xl bg-white p-5 ring-1 ring-slate-200"
              >
                <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h2 id={`list-${list.id}`} className="text-lg font-bold text-brand-900">
                      {list.name}
                    </h2>
                    <p className="text-sm text-slate-600">
                      Days {list.days.join(' and ')} · {list.allowExit ? 'entry and exit' : 'entry only'} ·{' '}
                      {list.allowReentry ? 're-entry allowed' : 'no re-entry'}
                    </p>
                  </div>
                  {canEdit && (
                    <div className="flex gap-2">
                      <Button variant="outline" onClick={() => setEditing(list)} disabled={!ticketTypes.data}>
                        Edit<span className="sr-only"> {list.name}</span>
                      </Button>
                      <Button variant="outline" onClick={() => setDeleting(list)}>
                        Delete<span className="sr-only"> {list.name}</span>
                      </Button>
                    </div>
                  )}
                </div>
                <div className="mb-4">
                  <PrintButtons selection={{ listId: list.id }} label={list.name} />
                </div>
                <ListCounts list={list} />
              </section>
            ))}
          </div>
        )}
      </QueryState>
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'New check-in list' : 'Edit check-in list'}
      >
        {editing !== null && ticketTypes.data && lists.data && (
          <CheckinListForm
            list={editing === 'new' ? null : editing}
            ticketTypes={ticketTypes.data.items}
            editionDays={lists.data.editionDays}
            onSave={async (values) => {
              if (editing === 'new') await create.mutateAsync(values);
              else await update.mutateAsync({ id: editing.id, patch: values });
              setEditing(null);
            }}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'the list'}?`}
        description="Only a list nobody scanned on can be deleted."
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </>
  );
}
