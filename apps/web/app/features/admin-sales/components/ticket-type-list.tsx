/**
 * Ticket types of the current edition: seats sold, reserved and left against
 * capacity, the sales window and whether each is on sale. Owners and managers create, edit,
 * archive and restore them; finance reads. A type missing a translation of its name or remarks
 * says which language.
 */
import {
  PARTICIPANT_CATEGORY_NAMES,
  TICKET_TYPE_TRANSLATED_FIELDS,
  type AdminTicketType,
} from '@festival/shared';
import { useMemo, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { useOrganizer } from '~/lib/console/use-organizer';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { Money } from '~/components/console/money';
import { PageHeader } from '~/components/console/page-header';
import { useArchiveTicketType, useTicketTypes } from '../api/ticket-types';
import { PlainBadge } from '~/components/console/status-badge';
import { UntranslatedNote } from '~/components/console/translations';
import { TicketTypeDialog } from './ticket-type-form';

function saleState(ticket: AdminTicketType) {
  if (ticket.archivedAt) return <PlainBadge>Archived</PlainBadge>;
  if (ticket.visibility === 'hidden') return <PlainBadge>Hidden</PlainBadge>;
  return ticket.onSale ? (
    <PlainBadge tone="good">On sale</PlainBadge>
  ) : (
    <PlainBadge tone="wait">Not on sale</PlainBadge>
  );
}

function SalesWindow({ ticket }: { ticket: AdminTicketType }) {
  if (!ticket.salesStartAt && !ticket.salesEndAt) return <>Always</>;
  return (
    <span className="block">
      {ticket.salesStartAt ? (
        <span className="block">
          From <DateTime value={ticket.salesStartAt} />
        </span>
      ) : null}
      {ticket.salesEndAt ? (
        <span className="block">
          Until <DateTime value={ticket.salesEndAt} />
        </span>
      ) : null}
    </span>
  );
}

export function TicketTypeList() {
  const { role } = useOrganizer();
  const editor = role === 'owner' || role === 'manager';
  const ticketTypes = useTicketTypes();
  const archive = useArchiveTicketType();
  const [editing, setEditing] = useState<AdminTicketType | 'new' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const columns = useMemo<AdminColumn<AdminTicketType>[]>(() => {
    const base: AdminColumn<AdminTicketType>[] = [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <>
            <span className="block min-w-32 font-semibold">{row.original.name}</span>
            {row.original.remarks ? (
              <span className="block text-xs text-slate-600">{row.original.remarks}</span>
            ) : null}
            {/* Remarks left empty in English need none in another language. */}
            <UntranslatedNote
              translations={row.original.translations}
              fields={row.original.remarks ? TICKET_TYPE_TRANSLATED_FIELDS : ['name']}
            />
          </>
        ),
      },
      {
        id: 'category',
        header: 'Category',
        cell: ({ row }) => PARTICIPANT_CATEGORY_NAMES[row.original.participantCategoryId as 1] ?? '—',
      },
      {
        id: 'price',
        header: 'Price',
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            <Money paise={row.original.amount} />
            {row.original.listPrice ? (
              <s className="ml-2 text-slate-500">
                <Money paise={row.original.listPrice} />
              </s>
            ) : null}
            <span className="block text-xs text-slate-600">
              {row.original.soldPer === 'company'
                ? `per company, ${row.original.passesIncluded} ${row.original.passesIncluded === 1 ? 'pass' : 'passes'}`
                : 'per attendee'}
            </span>
          </span>
        ),
      },
      {
        id: 'seats',
        header: 'Seats',
        // Stacked rather than one long line, so the actions fit beside the sidebar at 1280 px.
        cell: ({ row }) => (
          <span className="block whitespace-nowrap">
            {row.original.sold} sold
            <span className="block">{row.original.reserved} reserved</span>
            <span className="block text-xs text-slate-600">
              {row.original.available} of {row.original.capacity} left
            </span>
          </span>
        ),
      },
      { id: 'window', header: 'Sales', cell: ({ row }) => <SalesWindow ticket={row.original} /> },
      { id: 'state', header: 'State', cell: ({ row }) => saleState(row.original) },
    ];
    if (!editor) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              className="min-h-9 px-3"
              aria-label={`Edit ${row.original.name}`}
              onClick={() => setEditing(row.original)}
            >
              Edit
            </Button>
            <Button
              variant="outline"
              className="min-h-9 px-3"
              aria-label={`${row.original.archivedAt ? 'Restore' : 'Archive'} ${row.original.name}`}
              onClick={() => {
                setActionError(null);
                archive.mutate(
                  { id: row.original.id, archive: row.original.archivedAt === null },
                  { onError: (error) => setActionError(errorMessage(error)) },
                );
              }}
            >
              {row.original.archivedAt ? 'Restore' : 'Archive'}
            </Button>
          </div>
        ),
      },
    ];
  }, [editor, archive]);

  return (
    <>
      <PageHeader
        title="Ticket types"
        description="Passes and stall packages of the current edition. Archived types are neither listed nor sold; their orders stay."
        actions={
          editor ? (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              New ticket type
            </Button>
          ) : null
        }
      />
      {actionError ? (
        <div className="mb-4">
          <FormAlert>{actionError}</FormAlert>
        </div>
      ) : null}
      <DataTable
        caption="Ticket types"
        columns={columns}
        rows={ticketTypes.data?.items}
        rowId={(row) => String(row.id)}
        loading={ticketTypes.isPending}
        error={ticketTypes.error}
        onRetry={() => void ticketTypes.refetch()}
        emptyMessage="No ticket types yet."
      />
      {editing ? (
        <TicketTypeDialog
          {...(editing === 'new' ? {} : { ticket: editing })}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
