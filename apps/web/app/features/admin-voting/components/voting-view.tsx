/**
 * The current edition's voting results (verified votes per nominee in each award category,
 * most first; a voter has one vote in each category), whether voting is open with the
 * switch to change it, and the patterns worth a look before announcing a winner: votes from
 * disposable-mail domains and client addresses that verified many votes.
 */
import { BUSY_ADDRESS_VOTES, type VotingResults } from '@festival/shared';
import { useMemo, useState } from 'react';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/console/admin-client';
import { useOrganizer } from '~/lib/console/use-organizer';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { useSetVotingOpen } from '../api/voting';

type Category = VotingResults['categories'][number];
type Nominee = Category['nominees'][number];

const SWITCHERS = ['owner', 'manager', 'content'] as const;

export function VotingView({ results }: { results: VotingResults }) {
  const { role } = useOrganizer();
  const maySwitch = (SWITCHERS as readonly string[]).includes(role);

  return (
    <div className="space-y-5">
      <section
        aria-label="Voting status"
        className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="text-sm text-slate-800">
          {results.edition}: voting is{' '}
          <strong className={results.open ? 'text-green-800' : 'text-slate-900'}>
            {results.open ? 'open' : 'closed'}
          </strong>
          . {results.totalVotes} verified {results.totalVotes === 1 ? 'vote' : 'votes'} so far.
        </p>
        {maySwitch ? <VotingSwitch open={results.open} /> : null}
      </section>

      {results.categories.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
          No award categories in this edition yet: add them under Content, Award categories.
        </p>
      ) : (
        results.categories.map((category) => <CategoryResults key={category.id} category={category} />)
      )}

      <section aria-labelledby="flags-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="flags-heading" className="text-base font-bold text-brand-900">
          Suspicious patterns
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Flagged votes still count; check them before announcing results.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <FlagList
            title="Disposable email domains"
            empty="No votes from disposable-mail domains."
            items={results.flags.disposableDomains.map((flag) => ({ key: flag.domain, votes: flag.votes }))}
          />
          <FlagList
            title={`Addresses with ${BUSY_ADDRESS_VOTES} or more votes`}
            empty="No client address verified that many votes."
            items={results.flags.busyAddresses.map((flag) => ({ key: flag.ip, votes: flag.votes }))}
          />
        </div>
      </section>
    </div>
  );
}

/** One category's nominees, most votes first, each vote's share of the category's votes. */
function CategoryResults({ category }: { category: Category }) {
  const nominees = useMemo(
    () => [...category.nominees].sort((a, b) => b.votes - a.votes || a.title.localeCompare(b.title)),
    [category.nominees],
  );
  const columns = useMemo<AdminColumn<Nominee>[]>(
    () => [
      { id: 'rank', header: '#', cell: ({ row }) => row.index + 1 },
      {
        id: 'nominee',
        header: 'Nominee',
        cell: ({ row }) => (
          <a
            href={`/cms/${row.original.id}`}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-800"
          >
            {row.original.title}
          </a>
        ),
      },
      {
        id: 'votes',
        header: 'Verified votes',
        cell: ({ row }) => <VoteBar votes={row.original.votes} total={category.votes} />,
      },
      {
        id: 'flagged',
        header: 'Flagged',
        cell: ({ row }) =>
          row.original.flaggedVotes > 0 ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {row.original.flaggedVotes}
            </span>
          ) : (
            <span className="text-slate-500">0</span>
          ),
      },
    ],
    [category.votes],
  );
  return (
    <DataTable
      caption={`${category.name}: ${category.votes} ${category.votes === 1 ? 'vote' : 'votes'}`}
      columns={columns}
      rows={nominees}
      rowId={(nominee) => String(nominee.id)}
      emptyMessage="No nominees in this category yet: add nominee pages under Content."
    />
  );
}

function VoteBar({ votes, total }: { votes: number; total: number }) {
  const share = total > 0 ? Math.round((votes / total) * 100) : 0;
  return (
    <div className="flex min-w-32 items-center gap-2">
      <span className="w-10 text-right font-semibold tabular-nums">{votes}</span>
      <span aria-hidden="true" className="h-2 flex-1 rounded-full bg-slate-100">
        <span className="block h-2 rounded-full bg-brand-600" style={{ width: `${share}%` }} />
      </span>
      <span className="w-10 text-xs text-slate-500 tabular-nums">{share}%</span>
    </div>
  );
}

function FlagList({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: { key: string; votes: number }[];
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {items.map((item) => (
            <li key={item.key} className="flex justify-between gap-3 py-1.5">
              <span className="break-all">{item.key}</span>
              <span className="font-semibold tabular-nums">{item.votes}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function VotingSwitch({ open }: { open: boolean }) {
  const [asking, setAsking] = useState(false);
  const change = useSetVotingOpen();
  return (
    <>
      <Button variant={open ? 'outline' : 'secondary'} onClick={() => setAsking(true)}>
        {open ? 'Close voting' : 'Open voting'}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(next) => {
          setAsking(next);
          if (!next) change.reset();
        }}
        title={open ? 'Close voting?' : 'Open voting?'}
        description={
          open
            ? 'Visitors can no longer ask for a voting code or confirm one. The votes so far are kept.'
            : 'Visitors can vote again for the award nominees.'
        }
        confirmLabel={open ? 'Close voting' : 'Open voting'}
        pending={change.isPending}
        error={change.error ? errorMessage(change.error) : null}
        onConfirm={() => change.mutate(!open, { onSuccess: () => setAsking(false) })}
      />
    </>
  );
}
