/**
 * Vouchers of the current edition: each code with what it does, its ticket
 * types, seats used (paid) and reserved (pending checkouts) against its maximum, validity and
 * state. Owners and managers create, disable and enable them; finance reads.
 */
import { describeVoucherPrice, type Voucher } from '@festival/shared';
import { useMemo, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { useOrganizer } from '~/lib/console/use-organizer';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { PageHeader } from '~/components/console/page-header';
import { useTicketTypes } from '../api/ticket-types';
import { useSetVoucherEnabled, useVouchers } from '../api/vouchers';
import { PlainBadge } from '~/components/console/status-badge';
import { VoucherDialog } from './voucher-form';

function Validity({ voucher }: { voucher: Voucher }) {
  if (!voucher.validFrom && !voucher.validUntil) return <>Always</>;
  return (
    <span className="block min-w-40">
      {voucher.validFrom ? (
        <span className="block">
          From <DateTime value={voucher.validFrom} />
        </span>
      ) : null}
      {voucher.validUntil ? (
        <span className="block">
          Until <DateTime value={voucher.validUntil} />
        </span>
      ) : null}
    </span>
  );
}

export function VoucherList() {
  const { role } = useOrganizer();
  const editor = role === 'owner' || role === 'manager';
  const vouchers = useVouchers();
  const ticketTypes = useTicketTypes();
  const setEnabled = useSetVoucherEnabled();
  const [creating, setCreating] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const columns = useMemo<AdminColumn<Voucher>[]>(() => {
    const base: AdminColumn<Voucher>[] = [
      {
        id: 'code',
        header: 'Code',
        cell: ({ row }) => (
          <span className="font-mono font-semibold whitespace-nowrap">{row.original.code}</span>
        ),
      },
      {
        id: 'price',
        header: 'Price',
        cell: ({ row }) => describeVoucherPrice(row.original.priceMode, row.original.value),
      },
      {
        id: 'tickets',
        header: 'Ticket types',
        cell: ({ row }) => (
          <span className="block min-w-40">
            {row.original.ticketTypes.map((ticket) => ticket.name).join(', ')}
          </span>
        ),
      },
      {
        id: 'usage',
        header: 'Used / reserved / max',
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {row.original.used} / {row.original.reserved} / {row.original.maxUses}
            {row.original.reservedSeats > 0 ? (
              <span className="block text-xs text-slate-600">{row.original.reservedSeats} seats held</span>
            ) : null}
          </span>
        ),
      },
      { id: 'valid', header: 'Valid', cell: ({ row }) => <Validity voucher={row.original} /> },
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) =>
          row.original.disabledAt ? (
            <PlainBadge>Disabled</PlainBadge>
          ) : row.original.used + row.original.reserved >= row.original.maxUses ? (
            <PlainBadge tone="wait">Used up</PlainBadge>
          ) : (
            <PlainBadge tone="good">Active</PlainBadge>
          ),
      },
    ];
    if (!editor) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const enable = row.original.disabledAt !== null;
          return (
            <Button
              variant="outline"
              className="min-h-9 px-3"
              aria-label={`${enable ? 'Enable' : 'Disable'} ${row.original.code}`}
              onClick={() => {
                setActionError(null);
                setEnabled.mutate(
                  { id: row.original.id, enable },
                  { onError: (error) => setActionError(errorMessage(error)) },
                );
              }}
            >
              {enable ? 'Enable' : 'Disable'}
            </Button>
          );
        },
      },
    ];
  }, [editor, setEnabled]);

  return (
    <>
      <PageHeader
        title="Vouchers"
        description="Codes buyers type at checkout. A use is one seat; pending checkouts count until their reservation lapses."
        actions={
          editor ? (
            <Button variant="secondary" onClick={() => setCreating(true)} disabled={!ticketTypes.data}>
              New vouchers
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
        caption="Vouchers"
        columns={columns}
        rows={vouchers.data?.items}
        rowId={(row) => String(row.id)}
        loading={vouchers.isPending}
        error={vouchers.error}
        onRetry={() => void vouchers.refetch()}
        emptyMessage="No vouchers yet."
      />
      {creating && ticketTypes.data ? (
        <VoucherDialog
          ticketTypes={ticketTypes.data.items.filter((ticket) => ticket.archivedAt === null)}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </>
  );
}
