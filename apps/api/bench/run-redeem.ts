/**
 * `npm run bench:redeem`: the gate's redeem API alone (redeem.ts), faster to repeat than the
 * whole `npm run bench`. Embedded PGlite in a temporary directory by default; with DATABASE_URL,
 * a fresh database on that server, dropped afterwards, and then also the built server
 * (`npm run build -w @festival/api`) with 1 and 2 processes when it has been built.
 *
 * Options (environment): BENCH_DURATION seconds (default 5), BENCH_CONNECTIONS (default 10).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { ORIGIN, signedInOrganizer } from '../test/organizer-helpers.js';
import { openBenchApp } from './bench-app.js';
import { hasBuiltServer, startBuiltServer } from './order-flow.js';
import { benchRedeem, preparePasses, printRedeem, type RedeemBenchResult } from './redeem.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Enough new passes for 2,000 scans/s over the run, and a warm-up's worth for each server. */
const PASSES_PER_RUN = DURATION * 2_000;
const WARM_UP_PASSES = 2_000;

const { app, benchEnv, label, url, close } = await openBenchApp();

try {
  const builtServers = url && hasBuiltServer() ? [1, 2] : [];
  const runs = 1 + builtServers.length;
  console.log(`Database: ${label}`);
  console.log(`Issuing ${runs * (PASSES_PER_RUN + WARM_UP_PASSES)} signed passes…`);
  const gatePasses = await preparePasses(app.db, runs * (PASSES_PER_RUN + WARM_UP_PASSES));
  /** The next run's slice of passes: its warm-up's, then its own. */
  let taken = 0;
  const take = (count: number) => {
    const slice = { listId: gatePasses.listId, passes: gatePasses.passes.slice(taken, taken + count) };
    taken += count;
    return slice;
  };
  const gate = await signedInOrganizer(app, 'gate', false);
  const runId = randomBytes(4).toString('hex');
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores shared by client, server and database; ` +
      `${DURATION} s per run, ${CONNECTIONS} connections\n`,
  );

  const results: RedeemBenchResult[] = [];
  const run = async (runLabel: string, serverUrl: string) => {
    const common = { baseUrl: serverUrl, origin: ORIGIN, cookie: gate.cookie, connections: CONNECTIONS };
    await benchRedeem({
      ...common,
      label: 'warm-up',
      gatePasses: take(WARM_UP_PASSES),
      duration: 1,
      runId: `${runId}-w${results.length}`,
    });
    results.push(
      await benchRedeem({
        ...common,
        label: runLabel,
        gatePasses: take(PASSES_PER_RUN),
        duration: DURATION,
        runId: `${runId}-${results.length}`,
      }),
    );
  };

  await run('POST admin/checkin/redeem (in this process)', baseUrl);
  for (const workers of builtServers) {
    const server = await startBuiltServer({ databaseUrl: url!, workers, env: benchEnv });
    try {
      await run(`POST admin/checkin/redeem (built server, ${workers} process(es))`, server.baseUrl);
    } finally {
      await server.stop();
    }
  }
  printRedeem(results);
} finally {
  await close();
}
