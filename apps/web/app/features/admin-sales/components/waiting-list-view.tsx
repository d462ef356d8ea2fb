/**
 * Waiting lists in the console: one section per ticket type of the current
 * edition (so a hold time can be set before anyone joins), with its free seats and the hours an offer holds seats (editable), and each entry's status.
 * Organizers offer free seats to an entry out of turn and take entries off the list; the
 * server sends the voucher email and offers withdrawn seats to the next person.
 */
import {
  PARTICIPANT_CATEGORY_NAMES,
  type ParticipantCategoryId,
  type WaitingListEntry,
  type WaitingListOfType,
  type WaitingListStatus,
} from '@festival/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { PageHeader } from '~/components/console/page-header';
import { QueryState } from '~/components/console/query-state';
import { useSetHoldHours, useWaitingListAction, useWaitingLists } from '../api/waiting-list';
import { PlainBadge } from '~/components/console/status-badge';

const STATUS: Record<WaitingListStatus, { label: string; tone: 'good' | 'wait' | 'off' | 'back' }> = {
  waiting: { label: 'Waiting', tone: 'wait' },
  offered: { label: 'Offered', tone: 'back' },
  redeemed: { label: 'Redeemed', tone: 'good' },
  lapsed: { label: 'Lapsed', tone: 'off' },
  removed: { label: 'Removed', tone: 'off' },
};

function Status({ entry }: { entry: WaitingListEntry }) {
  const { label, tone } = STATUS[entry.status];
  return (
    <span className="block min-w-32">
      <PlainBadge tone={tone}>{label}</PlainBadge>
      {entry.status === 'offered' && entry.offeredUntil ? (
        <span className="mt-1 block text-xs text-slate-600">
          until <DateTime value={entry.offeredUntil} />
        </span>
      ) : null}
    </span>
  );
}

function HoldHoursForm({ list }: { list: WaitingListOfType }) {
  const save = useSetHoldHours();
  const [value, setValue] = useState(String(list.holdHours));
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setError(undefined);
    save.mutate(
      { ticketTypeId: list.ticketType.id, holdHours: Number(value) },
      {
        onSuccess: () => setSaved(true),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <Input
        label="Hours an offer holds its seats"
        type="number"
        inputMode="numeric"
        min={1}
        value={value}
        error={error}
        className="w-full max-w-xs"
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" variant="outline" pending={save.isPending} className={error ? 'mb-7' : undefined}>
        Save
      </Button>
      {saved ? (
        <p role="status" className="pb-3 text-sm text-green-800">
          Saved
        </p>
      ) : null}
    </form>
  );
}

type Pending = { entry: WaitingListEntry; action: 'offer' | 'remove' } | null;

function TypeList({ list, onAsk }: { list: WaitingListOfType; onAsk: (pending: Pending) => void }) {
  const columns = useMemo<AdminColumn<WaitingListEntry>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
      {
        id: 'email',
        header: 'Email',
        cell: ({ row }) => <span className="break-all">{row.original.email}</span>,
      },
      { id: 'seats', header: 'Seats', cell: ({ row }) => row.original.quantity },
      { id: 'status', header: 'Status', cell: ({ row }) => <Status entry={row.original} /> },
      {
        id: 'code',
        header: 'Voucher',
        cell: ({ row }) =>
          row.original.voucherCode ? <span className="font-mono">{row.original.voucherCode}</span> : '—',
      },
      { id: 'joined', header: 'Joined', cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const entry = row.original;
          const canOffer = entry.status === 'waiting' || entry.status === 'lapsed';
          const canRemove = entry.status === 'waiting' || entry.status === 'offered';
          return (
            <span className="flex gap-2">
              {canOffer ? (
                <Button
                  variant="outline"
                  className="min-h-9 px-3"
                  aria-label={`Offer seats to ${entry.name}`}
                  onClick={() => onAsk({ entry, action: 'offer' })}
                >
                  Offer
                </Button>
              ) : null}
              {canRemove ? (
                <Button
                  variant="outline"
                  className="min-h-9 px-3"
                  aria-label={`Remove ${entry.name} from the waiting list`}
                  onClick={() => onAsk({ entry, action: 'remove' })}
                >
                  Remove
                </Button>
              ) : null}
            </span>
          );
        },
      },
    ],
    [onAsk],
  );
  const waiting = list.entries.filter((entry) => entry.status === 'waiting').length;
  return (
    <section
      aria-labelledby={`waiting-${list.ticketType.id}`}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3"
    >
      <div>
        <h2 id={`waiting-${list.ticketType.id}`} className="text-lg font-bold text-brand-900">
          {list.ticketType.name}{' '}
          <span className="text-base font-medium text-slate-600">
            ({PARTICIPANT_CATEGORY_NAMES[list.ticketType.participantCategoryId as ParticipantCategoryId]})
          </span>
        </h2>
        <p className="text-sm text-slate-700">
          {waiting} waiting · {list.free} of {list.ticketType.capacity} seats free for an offer
        </p>
      </div>
      <HoldHoursForm list={list} />
      <DataTable
        caption={`Waiting list of ${list.ticketType.name}, first in line first`}
        columns={columns}
        rows={list.entries}
        rowId={(row) => String(row.id)}
        emptyMessage="Nobody is waiting."
      />
    </section>
  );
}

export function WaitingListView() {
  const lists = useWaitingLists();
  const act = useWaitingListAction();
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = useMemo(
    () => (next: Pending) => {
      setError(null);
      setPending(next);
    },
    [],
  );

  const confirm = () => {
    if (!pending) return;
    act.mutate(
      { id: pending.entry.id, action: pending.action },
      { onSuccess: () => setPending(null), onError: (failure) => setError(errorMessage(failure)) },
    );
  };

  return (
    <>
      <PageHeader
        title="Waiting list"
        description="People waiting for sold-out tickets. When seats come back, the first in line whose request fits gets an email with a personal voucher that holds them; if it lapses, the next person is offered."
      />
      <QueryState
        query={lists}
        loadingLabel="Loading waiting lists…"
        isEmpty={(data) => data.items.length === 0}
        empty="The current edition has no ticket types yet."
      >
        {(data) => (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-10">
            {data.items.map((list) => (
              <TypeList key={list.ticketType.id} list={list} onAsk={ask} />
            ))}
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.action === 'offer' ? 'Offer seats now?' : 'Remove from the waiting list?'}
        description={
          pending?.action === 'offer'
            ? `${pending.entry.name} gets an email with a voucher holding ${pending.entry.quantity} free ${pending.entry.quantity === 1 ? 'seat' : 'seats'}, ahead of anyone before them in line.`
            : pending?.entry.status === 'offered'
              ? `${pending.entry.name}'s voucher stops working, and its seats go to the next person in line.`
              : `${pending?.entry.name ?? ''} will not be offered seats.`
        }
        confirmLabel={pending?.action === 'offer' ? 'Offer seats' : 'Remove'}
        onConfirm={confirm}
        pending={act.isPending}
        error={error}
      />
    </>
  );
}
