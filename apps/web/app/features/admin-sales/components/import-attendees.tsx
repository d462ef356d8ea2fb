/**
 * "Import" in the console: attendees from a CSV or XLSX file with the registration export's
 * columns, as comp passes or bank-transfer orders. The file is first sent for a preview (every
 * row, its amount and its errors, nothing created); once no row has an error the organizer
 * confirms and the same file is sent again to create every row's order, all or none.
 */
import {
  BANK_TRANSFER_ORDER_ROLES,
  COMP_ORDER_ROLES,
  GUEST_LIST_NAMES,
  GUEST_LISTS,
  IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type AttendeeImportResult,
  type OrganizerRole,
} from '@festival/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Money } from '~/components/console/money';
import { PageHeader } from '~/components/console/page-header';
import { Button, buttonClassName } from '~/components/ui/button';
import { FormAlert, Input, Select } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/console/admin-client';
import { useOrganizer } from '~/lib/console/use-organizer';
import { useImportAttendees, type ImportSettings } from '../api/console-orders';

const GUEST_LIST_OPTIONS = GUEST_LISTS.map((list) => ({ value: list, label: GUEST_LIST_NAMES[list] }));

export function ImportAttendeesPage() {
  const { role } = useOrganizer();
  const canComp = (COMP_ORDER_ROLES as readonly OrganizerRole[]).includes(role);
  const canBank = (BANK_TRANSFER_ORDER_ROLES as readonly OrganizerRole[]).includes(role);
  const kinds = [
    ...(canComp ? [{ value: 'comp', label: 'Comp passes (no payment)' }] : []),
    ...(canBank ? [{ value: 'bank_transfer', label: 'Paid by bank transfer' }] : []),
  ];
  const [kind, setKind] = useState<'comp' | 'bank_transfer'>(canComp ? 'comp' : 'bank_transfer');
  const [guestList, setGuestList] = useState('');
  const [bankReference, setBankReference] = useState('');
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<AttendeeImportResult | null>(null);
  const send = useImportAttendees();
  const columnsId = useId();

  const settings = (): ImportSettings =>
    kind === 'comp' ? { kind, guestList, reason } : { kind, bankReference, reason };

  const submit = async (commit: boolean) => {
    setFailure(null);
    setFieldErrors({});
    if (!file) {
      setFieldErrors({ file: 'Choose a CSV or XLSX file' });
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      setFieldErrors({ file: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it.` });
      return;
    }
    try {
      setResult(await send.mutateAsync({ file, settings: settings(), commit }));
    } catch (error) {
      setResult(null);
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        setFieldErrors(error.fieldErrors);
      setFailure(errorMessage(error));
    }
  };

  // Any change to what would be imported makes the preview stale.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (!result?.committed) setResult(null);
    };

  return (
    <>
      <PageHeader
        title="Import attendees"
        description={`A CSV or XLSX file with the registration export’s columns, at most ${MAX_IMPORT_ROWS} rows. Nothing is created until you confirm the preview, and then every row or none.`}
        actions={
          <Link to="/admin/orders" className={buttonClassName('outline', 'whitespace-nowrap')}>
            Back to orders
          </Link>
        }
      />
      {result?.committed ? (
        <div
          role="status"
          // The button that was pressed is gone: keyboard and screen-reader users continue from here.
          tabIndex={-1}
          ref={(node) => node?.focus()}
          className="rounded-xl border border-green-200 bg-green-50 p-4 text-slate-900 focus:outline-none"
        >
          <p className="font-semibold">
            {result.references.length} {result.references.length === 1 ? 'order' : 'orders'} created
            {result.total > 0 ? (
              <>
                , <Money paise={result.total} /> in all
              </>
            ) : null}
            . The passes are being emailed.
          </p>
          <p className="mt-2 text-sm">
            <Link to="/admin/orders" className="text-brand-700 underline">
              See them in the orders list
            </Link>
          </p>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(false);
          }}
        >
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label="Every row becomes"
              required
              options={kinds}
              placeholder="Choose"
              value={kind}
              error={fieldErrors.kind}
              onChange={(event) => changed(setKind)(event.target.value as 'comp' | 'bank_transfer')}
            />
            {kind === 'comp' ? (
              <Select
                label="Guest list"
                required
                options={GUEST_LIST_OPTIONS}
                placeholder="Choose"
                value={guestList}
                error={fieldErrors.guestList}
                onChange={(event) => changed(setGuestList)(event.target.value)}
              />
            ) : (
              <Input
                label="Bank reference (UTR)"
                required
                autoComplete="off"
                value={bankReference}
                error={fieldErrors.bankReference}
                onChange={(event) => changed(setBankReference)(event.target.value)}
              />
            )}
            <Input
              label="Reason"
              required
              autoComplete="off"
              hint="Kept in the audit log with your name, for every order."
              value={reason}
              error={fieldErrors.reason}
              onChange={(event) => changed(setReason)(event.target.value)}
            />
            <Input
              label="File"
              type="file"
              required
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              error={fieldErrors.file}
              aria-describedby={columnsId}
              onChange={(event) => changed(setFile)(event.target.files?.[0] ?? null)}
            />
          </div>
          <p id={columnsId} className="text-sm text-slate-600">
            Columns read:{' '}
            {IMPORT_COLUMNS.filter((column) => column.read)
              .map((column) => column.header)
              .join(', ')}
            . The export’s other columns are ignored, so an edited export imports as it is.
          </p>
          <Button
            type="submit"
            variant="secondary"
            pending={send.isPending && !send.variables?.commit}
            pendingLabel="Reading the file…"
          >
            Preview
          </Button>
        </form>
      )}
      {result && !result.committed ? (
        <ImportPreview
          result={result}
          pending={send.isPending && send.variables?.commit === true}
          onConfirm={() => void submit(true)}
        />
      ) : null}
    </>
  );
}

function ImportPreview({
  result,
  pending,
  onConfirm,
}: {
  result: AttendeeImportResult;
  pending: boolean;
  onConfirm: () => void;
}) {
  const errorsOf = (row: number) => result.errors.filter((error) => error.row === row);
  const bad = new Set(result.errors.map((error) => error.row)).size;
  return (
    <section aria-labelledby="import-preview" className="mt-6 space-y-4">
      <h2 id="import-preview" className="text-lg font-semibold text-brand-900">
        Preview
      </h2>
      <p role="status" className={bad > 0 ? 'font-semibold text-red-800' : 'text-slate-800'}>
        {bad > 0
          ? `${bad} of ${result.rows.length} rows have errors. Nothing will be imported until they are corrected in the file and it is previewed again.`
          : `${result.rows.length} ${result.rows.length === 1 ? 'row is' : 'rows are'} ready to import; ${result.total > 0 ? 'total ' : ''}`}
        {bad === 0 && result.total > 0 ? <Money paise={result.total} /> : null}
        {bad === 0 && result.total === 0 ? 'comp passes, ₹0.' : null}
      </p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Rows of the file</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Attendee
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                Ticket
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                Amount
              </th>
              <th scope="col" className="px-3 py-2">
                Errors
              </th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => {
              const errors = errorsOf(row.row);
              return (
                <tr key={row.row} className={errors.length > 0 ? 'bg-red-50' : undefined}>
                  <td className="px-3 py-2 font-mono">{row.row}</td>
                  <td className="px-3 py-2">
                    <span className="block">{row.name || '—'}</span>
                    <span className="block break-all text-slate-600">{row.email}</span>
                    {/* On a phone the ticket and amount columns fold in here, leaving room for the errors. */}
                    <span className="block text-slate-600 sm:hidden">
                      {row.ticket}
                      {row.amount === null ? null : (
                        <>
                          , <Money paise={row.amount} />
                        </>
                      )}
                    </span>
                  </td>
                  <td className="hidden px-3 py-2 sm:table-cell">{row.ticket}</td>
                  <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">
                    {row.amount === null ? '—' : <Money paise={row.amount} />}
                  </td>
                  <td className="px-3 py-2 text-red-800">
                    {errors.length > 0 ? (
                      <ul className="space-y-1">
                        {errors.map((error) => (
                          <li key={`${error.column}-${error.message}`}>
                            {error.column ? <strong>{error.column}: </strong> : null}
                            {error.message}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-green-800">OK</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {bad === 0 ? (
        <Button variant="secondary" pending={pending} pendingLabel="Importing…" onClick={onConfirm}>
          Import {result.rows.length} {result.rows.length === 1 ? 'order' : 'orders'}
        </Button>
      ) : null}
    </section>
  );
}
