/**
 * The backups an owner sees: a button that takes one now, with what it holds once written,
 * and the archives the server keeps (its own, taken every BACKUP_EVERY_HOURS, and these),
 * each to download and keep off the machine.
 */
import type { Backup } from '@festival/shared';
import { useMemo, useState } from 'react';
import { Button } from '~/components/ui/button';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { errorMessage } from '~/lib/console/admin-client';
import { backupDownloadUrl, useBackups, useTakeBackup } from './api';

const size = new Intl.NumberFormat('en-IN', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });

/** `6272923` → `6.3 MB`. */
export const formatBytes = (bytes: number) => size.format(bytes / 1_000_000);

export function Backups() {
  const list = useBackups();
  const take = useTakeBackup();
  const [notice, setNotice] = useState('');

  const columns = useMemo<AdminColumn<Backup>[]>(
    () => [
      {
        id: 'taken',
        header: 'Taken',
        cell: ({ row }) => <DateTime value={row.original.createdAt} className="whitespace-nowrap" />,
      },
      { id: 'size', header: 'Size', cell: ({ row }) => formatBytes(row.original.bytes) },
      {
        id: 'file',
        header: 'Archive',
        cell: ({ row }) => (
          <a
            href={backupDownloadUrl(row.original.name)}
            download
            className="font-medium whitespace-nowrap text-brand-700 underline"
          >
            Download<span className="sr-only"> {row.original.name}</span>
          </a>
        ),
      },
    ],
    [],
  );

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="take-backup"
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="take-backup" className="text-lg font-semibold text-brand-900">
          Take a backup now
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          One archive of the database and the uploaded files. The site keeps running while it is written.
        </p>
        <Button
          className="mt-4"
          pending={take.isPending}
          pendingLabel="Writing the backup…"
          onClick={() => {
            setNotice('');
            take.mutate(undefined, {
              onSuccess: (backup) =>
                setNotice(
                  `Backup written: ${backup.orders} orders, ${backup.passes} passes, ${backup.taxDocuments} tax invoices and credit notes (${formatBytes(backup.bytes)}). Download it and keep it off this machine.`,
                ),
            });
          }}
        >
          Take a backup
        </Button>
        <p role="status" className="mt-3 text-sm text-emerald-800">
          {notice}
        </p>
        {take.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {errorMessage(take.error)}
          </p>
        ) : null}
      </section>
      <DataTable
        caption="Backups"
        columns={columns}
        rows={list.data}
        rowId={(backup) => backup.name}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyMessage="No backup yet. Take one now; the server also takes its own every day."
      />
    </div>
  );
}
