/**
 * The owner's status page: each check (mail server, payment keys, signing key, disk, backups,
 * sample content) with what was found and what to do; checked again on demand.
 */
import type { StatusCheck } from '@festival/shared';
import { Button } from '~/components/ui/button';
import { QueryState } from '~/components/console/query-state';
import { PlainBadge } from '~/components/console/status-badge';
import { adminQueryOptions, useAdminQuery } from '~/lib/console/admin-client';
import { RemoveSamples } from './remove-samples';

const STATE = {
  ok: { tone: 'good', words: 'Working' },
  warn: { tone: 'wait', words: 'Needs attention' },
  fail: { tone: 'bad', words: 'Broken' },
} as const;

export function StatusChecks() {
  const query = useAdminQuery(adminQueryOptions<StatusCheck[]>('/status'));
  return (
    <QueryState query={query} loadingLabel="Checking…">
      {(checks) => (
        <div className="space-y-4">
          <Button
            variant="outline"
            pending={query.isFetching}
            pendingLabel="Checking…"
            onClick={() => void query.refetch()}
          >
            Check again
          </Button>
          <ul className="grid gap-3">
            {checks.map((check) => (
              <li key={check.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-brand-900">
                  {check.label}
                  <PlainBadge tone={STATE[check.state].tone}>{STATE[check.state].words}</PlainBadge>
                </h2>
                <p className="mt-1 text-sm text-slate-800 [overflow-wrap:anywhere]">{check.detail}</p>
                {check.action ? <p className="mt-1 text-sm text-slate-600">{check.action}</p> : null}
                {check.id === 'sample-content' ? <RemoveSamples check={check} /> : null}
              </li>
            ))}
          </ul>
        </div>
      )}
    </QueryState>
  );
}
