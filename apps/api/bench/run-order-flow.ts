/**
 * `npm run bench:order-flow`: the end-to-end order flow of `npm run bench` alone (order-flow.ts:
 * register → checkout → sandbox pay → callback → order page), faster to repeat. Embedded PGlite
 * in a temporary directory by default; with DATABASE_URL, a fresh database on that server,
 * dropped afterwards. Then, when it has been built (`npm run build -w @festival/api`), the built
 * server in a process of its own, as `npm start` runs it, each run on a database of its own
 * (startOrderFlowServer): on PGlite one process, on PostgreSQL 1 and 2 processes. There the
 * buyers (this process) no longer share the server's thread.
 *
 * Besides confirmed orders per minute and the latency of one whole flow it prints the CPU time
 * per confirmed order (in this process: client, server and PGlite together; for the built
 * server: its processes only, and the buyers' apart), of a PostgreSQL server on this machine
 * too, and, in this process, the database round trips per confirmed order, in all and per
 * route (round-trips.ts; `jobs`: the queue's workers, e.g. the emails). The emails' jobs fall
 * behind under load: after a run (in this process, and on a built server on PostgreSQL) it
 * waits for the queue to empty and prints what that took, in time and CPU per order, and the
 * orders per minute had the run lasted that much longer ("with emails sent").
 *
 * Options (environment): BENCH_DURATION seconds each run (default 10), BENCH_BUYERS buyers in
 * flight (default 16), BENCH_JOBS=0 runs no jobs in this process (its figures are then the
 * requests' alone; the built server still runs its own), BENCH_TRACE_SQL=1 prints every
 * statement with its route to stderr (with BENCH_BUYERS=1, one flow's statements in order).
 * To profile: `node --import tsx --cpu-prof bench/run-order-flow.ts`.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openBenchApp } from './bench-app.js';
import {
  hasBuiltServer,
  investorBuyers,
  jobsDone,
  localPostgresCpuSeconds,
  printOrderFlow,
  processCpuSeconds,
  raiseCapacities,
  runOrderFlow,
  startOrderFlowServer,
  type OrderFlowResult,
} from './order-flow.js';
import { countRoundTrips } from './round-trips.js';
import { printTable } from './table.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);
const WARM_UP_SECONDS = 2;

/** BENCH_JOBS=0: this process runs no jobs, so its figures are the requests' alone. */
const runJobs = process.env.BENCH_JOBS !== '0';
// As in run.ts: each buyer sends its own address (order-flow.ts).
const { app, benchEnv, label, url, close } = await openBenchApp({
  env: { TRUST_PROXY: 'loopback' },
  jobs: { work: runJobs },
});
const roundTrips = countRoundTrips(app, app.database);
const totalTrips = () => [...roundTrips.snapshot().values()].reduce((sum, trips) => sum + trips, 0);

/** Confirmed orders per minute of `result` had the run lasted `jobsSeconds` more (its emails' drain). */
function perMinuteWithJobs(result: OrderFlowResult, jobsSeconds: number): number {
  const minutes = result.confirmed / result.perMinute + jobsSeconds / 60;
  return result.confirmed / minutes;
}

try {
  await raiseCapacities(app.db);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`Database: ${label}`);
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores shared by client, server and database; ` +
      `${DURATION} s per run, ${BUYERS} buyers in flight\n`,
  );
  const databaseCpuSeconds = url ? await localPostgresCpuSeconds(app.db) : undefined;
  const flow = {
    buyers: BUYERS,
    durationSeconds: DURATION,
    ...(await investorBuyers(baseUrl)),
    ...(databaseCpuSeconds ? { databaseCpuSeconds } : {}),
  };

  const results: OrderFlowResult[] = [];
  // Unmeasured: the JIT, the database's caches and the job queue warm up.
  await runOrderFlow('warm-up', { ...flow, baseUrl, durationSeconds: WARM_UP_SECONDS });
  if (runJobs) await jobsDone(app.db);
  const tripsBefore = roundTrips.snapshot();
  const inProcess = await runOrderFlow('in this process', {
    ...flow,
    baseUrl,
    cpuSeconds: processCpuSeconds,
    roundTrips: totalTrips,
  });
  results.push(inProcess);
  // The emails the run queued and its workers had no time for: their cost, apart.
  const jobsCpuBefore = processCpuSeconds();
  const jobsStarted = performance.now();
  const jobsLeft = runJobs ? await jobsDone(app.db) : 0;
  const jobsCpu = processCpuSeconds() - jobsCpuBefore;
  const jobsSeconds = (performance.now() - jobsStarted) / 1000;
  if (runJobs) inProcess.withJobsPerMinute = perMinuteWithJobs(inProcess, jobsSeconds);
  const routeTrips = [...roundTrips.snapshot()]
    .map(([route, trips]) => [route, trips - (tripsBefore.get(route) ?? 0)] as const)
    .filter(([, trips]) => trips > 0);

  // Each with a database of its own; on PGlite one process (PGlite allows one).
  const builtJobs: string[] = [];
  for (const workers of !hasBuiltServer() ? [] : url ? [1, 2] : [1]) {
    const server = await startOrderFlowServer({ postgres: url !== undefined, workers, env: benchEnv });
    try {
      const label = `built server, ${workers} process(es)`;
      const served = { ...flow, ...(await investorBuyers(server.baseUrl)), baseUrl: server.baseUrl };
      await runOrderFlow('warm-up', { ...served, durationSeconds: WARM_UP_SECONDS });
      if (server.database) await jobsDone(server.database);
      const result = await runOrderFlow(label, {
        ...served,
        ...(server.cpuSeconds ? { cpuSeconds: server.cpuSeconds } : {}),
        buyersCpuSeconds: processCpuSeconds,
      });
      results.push(result);
      // As in this process: the emails its workers had no time for during the run, apart.
      if (server.database && server.cpuSeconds && result.confirmed > 0) {
        const cpuBefore = server.cpuSeconds();
        const started = performance.now();
        const left = await jobsDone(server.database);
        const seconds = (performance.now() - started) / 1000;
        const cpuMs = ((server.cpuSeconds() - cpuBefore) * 1000) / result.confirmed;
        result.withJobsPerMinute = perMinuteWithJobs(result, seconds);
        builtJobs.push(
          `The ${label}: ${left} jobs were still queued after the run; they took ` +
            `${seconds.toFixed(1)} s and ${cpuMs.toFixed(1)} ms of its CPU per confirmed order more.`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  if (!hasBuiltServer()) {
    console.log('The built server (apps/api/dist) is missing: run `npm run build -w @festival/api`.\n');
  }

  printOrderFlow(results);
  if (runJobs && inProcess.confirmed > 0) {
    console.log(
      `\nIn this process, ${jobsLeft} jobs were still queued after the run; they took ${jobsSeconds.toFixed(1)} s ` +
        `and ${((jobsCpu * 1000) / inProcess.confirmed).toFixed(1)} ms of CPU per confirmed order more ` +
        '(their round trips are under jobs below).',
    );
  }
  for (const line of builtJobs) console.log(line);
  console.log('');
  printTable(
    ['round trips per confirmed order (in this process)', 'trips'],
    routeTrips.map(([route, trips]) => [route, (trips / Math.max(1, inProcess.confirmed)).toFixed(2)]),
  );
} finally {
  await close();
}
