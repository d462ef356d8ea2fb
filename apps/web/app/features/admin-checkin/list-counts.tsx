/**
 * Live counts of a check-in list: admitted, inside now (entries minus exits),
 * per gate and per hour, offline double admissions, and whether a person has arrived (with
 * their badge to print at the desk).
 */
import { useId, useState } from 'react';
import type { CheckinList } from '@festival/shared';
import { DateTime } from '~/components/console/date-time';
import { QueryState } from '~/components/console/query-state';
import { PrintBadgeButton } from '~/components/console/print-buttons';
import { useArrivals, useCheckinCounts } from './api';

export function ListCounts({ list }: { list: CheckinList }) {
  const counts = useCheckinCounts(list.id);
  return (
    <QueryState query={counts} loadingLabel="Loading counts…">
      {(data) => (
        <div className="grid gap-4">
          <dl className="grid grid-cols-3 gap-2 text-center">
            {[
              ['Checked in', data.checkedIn],
              ['Inside now', data.inside],
              ['Conflicts', data.conflicts],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-2">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-2xl font-bold text-brand-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <CountTable
              caption="Per gate"
              rows={data.byGate.map((row) => [row.gate || '(unnamed)', row.entries, row.exits])}
            />
            <CountTable
              caption="Per hour (India time)"
              rows={data.byHour.map((row) => [row.hour.replace('T', ' '), row.entries, row.exits])}
            />
          </div>
          {data.conflictScans.length > 0 && (
            <div role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
              <p className="font-semibold">Admitted twice at offline gates</p>
              <ul className="mt-1 list-disc pl-5">
                {data.conflictScans.map((scan) => (
                  <li key={`${scan.passCode}-${scan.at}`}>
                    {scan.attendeeName} ({scan.passCode}) again at {scan.gate || 'a gate'},{' '}
                    <DateTime value={scan.at} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          <ArrivalSearch listId={list.id} />
        </div>
      )}
    </QueryState>
  );
}

function CountTable({ caption, rows }: { caption: string; rows: [string, number, number][] }) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="text-left text-slate-600">
          <th scope="col" className="text-left">
            {caption === 'Per gate' ? 'Gate' : 'Hour'}
          </th>
          <th scope="col" className="text-right">
            Entries
          </th>
          <th scope="col" className="text-right">
            Exits
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3} className="text-slate-600">
              No scans yet.
            </td>
          </tr>
        ) : (
          rows.map(([label, entries, exits]) => (
            <tr key={label} className="border-t border-slate-100">
              <th scope="row" className="text-left font-normal">
                {label}
              </th>
              <td className="text-right">{entries}</td>
              <td className="text-right">{exits}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function ArrivalSearch({ listId }: { listId: number }) {
  const [query, setQuery] = useState('');
  const id = useId();
  const arrivals = useArrivals(listId, query);
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Has someone arrived? Name, pass code or whole email address
      </label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="min-h-11 rounded-lg border border-slate-300 px-3"
      />
      {query.trim().length >= 2 && (
        <QueryState
          query={arrivals}
          loadingLabel="Searching…"
          isEmpty={(data) => data.items.length === 0}
          empty="Nobody matches."
        >
          {(data) => (
            <ul className="divide-y divide-slate-100 text-sm">
              {data.items.map((person) => (
                <li key={person.passCode} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="min-w-0 wrap-anywhere">
                    <span className="font-semibold">{person.name}</span> · {person.ticketTypeName} ·{' '}
                    <span className="font-mono">{person.passCode}</span>
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    {person.revoked ? (
                      'Pass cancelled'
                    ) : person.arrivedAt ? (
                      <>
                        Arrived <DateTime value={person.arrivedAt} />
                        {person.inside ? ', inside' : ', left'}
                      </>
                    ) : (
                      'Not arrived'
                    )}
                    {person.revoked ? null : (
                      <PrintBadgeButton registrationId={person.registrationId} name={person.name} />
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      )}
    </div>
  );
}
