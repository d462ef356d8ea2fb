/**
 * `npm run bench`: load-tests the main API endpoints with autocannon against the app built
 * in this process and listening on 127.0.0.1. Embedded PGlite in a temporary DATA_DIR by
 * default; with DATABASE_URL set, a fresh database created on that PostgreSQL server and
 * dropped afterwards. Prints requests/s, p50 and p99 latency (ms) and failures per endpoint,
 * and the same figures for the organizer dashboard's aggregation (`getDashboard`), called
 * in-process one call after another once the checkout run has filled the orders, and for the
 * gate's redeem API (redeem.ts: mostly new passes by their signed QR token, some
 * scanned again, some typed, every answer checked), and printing a check-in list of 2,000 passes
 * as badges and as passes (badges.ts). Then the end-to-end order flow
 * (order-flow.ts): in this process, then, when it has been built, on the built server in a
 * process of its own, each run on a database of its own: on PGlite one process, with
 * DATABASE_URL 1 and 2 processes (WEB_CONCURRENCY).
 *
 * First the public reads (public-reads.ts); last the built server's start (startup.ts). Before
 * the dashboard, the order flow and the built server's runs it waits for this process's job
 * queue to empty, so the emails an earlier run queued are not sent during a later one.
 *
 * Client and server share the machine's cores, so compare figures between runs on the same
 * machine (or PGlite against PostgreSQL), not against other machines.
 *
 * Options (environment): BENCH_DURATION seconds per endpoint (default 5), BENCH_CONNECTIONS
 * (default 10), BENCH_BUYERS buyers in flight in the order flow (default 16), which runs
 * twice BENCH_DURATION.
 */
import os from 'node:os';
import { createHistogram, performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { ParticipantCategory } from '@festival/shared';
import { z } from 'zod';
import { getDashboard } from '../src/modules/dashboard/service.js';
import { signedInOrganizer, ORIGIN } from '../test/organizer-helpers.js';
import { openBenchApp } from './bench-app.js';
import {
  hasBuiltServer,
  investorBuyers,
  jobsDone,
  printOrderFlow,
  raiseCapacities,
  runOrderFlow,
  startOrderFlowServer,
  type OrderFlowResult,
} from './order-flow.js';
import { benchPublicReads } from './public-reads.js';
import { benchStartup } from './startup.js';
import { benchRedeem, preparePasses, printRedeem } from './redeem.js';
import { benchBadges, printBadges } from './badges.js';
import { printTable, type Row } from './table.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);
/** Most checkout requests in one run (each needs an attendee registered beforehand). */
const MAX_CHECKOUTS = 20_000;
/** Passes the redeem warm-up scans before the measured run. */
const REDEEM_WARM_UP = 2_000;

async function measure(
  endpoint: string,
  options: Omit<autocannon.Options, 'connections'> & { connections?: number },
): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  const failures = result.errors + result.timeouts + result.non2xx;
  return {
    endpoint,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
  };
}

/**
 * Calls `call` one after another for DURATION seconds; latencies as `measure` reports them.
 * A call that throws ends the bench: a failing in-process call is a bug, not load.
 */
async function measureCalls(endpoint: string, call: () => Promise<unknown>): Promise<Row> {
  const histogram = createHistogram();
  const started = performance.now();
  while (performance.now() - started < DURATION * 1000) {
    const start = performance.now();
    await call();
    histogram.record(Math.max(1, Math.round((performance.now() - start) * 1e6)));
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    endpoint,
    requests: histogram.count,
    rps: histogram.count / seconds,
    p50: histogram.percentile(50) / 1e6,
    p99: histogram.percentile(99) / 1e6,
    failures: 0,
  };
}

function printEndpoints(rows: Row[]) {
  printTable(
    ['endpoint', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx'],
    rows.map((row) => [
      row.endpoint,
      String(row.requests),
      row.rps.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      String(row.failures),
    ]),
  );
}

// First, on a database of its own: the public reads against a bare Fastify.
await benchPublicReads();

// The order flow's buyers each send their own X-Forwarded-For (order-flow.ts).
const { app, benchEnv, label, url, close } = await openBenchApp({ env: { TRUST_PROXY: 'loopback' } });

try {
  await raiseCapacities(app.db);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const api = `${baseUrl}/api/auth`;

  console.log(`Database: ${label}`);
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores shared by client and server; ` +
      `${DURATION} s per endpoint, ${CONNECTIONS} connections\n`,
  );

  // The same buyers as the order flow's: investor registrations with fresh emails.
  const { newInvestor: investor, ticketId: investorPassId } = await investorBuyers(baseUrl);
  const runId = randomBytes(4).toString('hex');

  /** Registers one investor through the app, returning the attendee id. */
  const register = async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/investor', payload: investor() });
    if (response.statusCode !== 200) {
      throw new Error(`POST auth/investor answered ${response.statusCode}: ${response.body}`);
    }
    return registeredId(response.json());
  };

  const getRoutes = [
    'location/country',
    'list/categoryMaster',
    `list-by-participant/ticketMaster/${ParticipantCategory.Pitcher}`,
  ];
  // Unmeasured first pass so the JIT and the database caches are warm for every endpoint.
  console.log('Warming up…');
  for (const route of getRoutes) {
    await autocannon({ url: `${api}/${route}`, connections: CONNECTIONS, duration: 1 });
  }
  for (let round = 0; round < 5; round += 1) {
    await Promise.all(Array.from({ length: CONNECTIONS }, register));
  }

  const rows: Row[] = [];
  for (const route of getRoutes) {
    rows.push(await measure(`GET ${route}`, { url: `${api}/${route}`, duration: DURATION }));
  }

  const registration = await measure('POST investor', {
    url: api,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/investor',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify(investor()) }),
      },
    ],
  });
  rows.push(registration);

  // Every checkout needs an attendee no other order holds, so they are registered first, off
  // the clock, and the run sends exactly one request per attendee. The count aims at about
  // DURATION seconds of checkout, taking a checkout to cost about what a registration did.
  const checkouts = Math.min(
    MAX_CHECKOUTS,
    Math.max(CONNECTIONS * 10, Math.round(registration.rps * DURATION)),
  );
  console.log(`Registering ${checkouts} attendees for the checkout run…`);
  const attendeeIds: string[] = [];
  while (attendeeIds.length < checkouts) {
    const batch = Math.min(CONNECTIONS, checkouts - attendeeIds.length);
    attendeeIds.push(...(await Promise.all(Array.from({ length: batch }, register))));
  }

  let next = 0;
  rows.push(
    await measure('POST payment/checkout', {
      url: api,
      amount: attendeeIds.length,
      requests: [
        {
          method: 'POST',
          path: '/api/auth/payment/checkout',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              startupIds: [attendeeIds[next++ % attendeeIds.length]],
              selectedTicket: investorPassId,
            }),
          }),
        },
      ],
    }),
  );

  // The registrations' and checkouts' emails are sent before the next measurement, not during it.
  await jobsDone(app.db);
  // After the checkout run the edition holds thousands of orders to aggregate. Called through
  // the service: the route needs a signed-in organizer, which a load test has no business making.
  rows.push(
    await measureCalls('getDashboard (owner, 1 caller)', () => getDashboard(app.db, new Date(), 'owner')),
  );

  // The gate: passes issued off the clock, then the scan mix of redeem.ts.
  const gatePasses = await preparePasses(app.db, REDEEM_WARM_UP + DURATION * 2_000);
  const gate = await signedInOrganizer(app, 'gate', false);
  const redeemRun = {
    baseUrl,
    origin: ORIGIN,
    cookie: gate.cookie,
    connections: CONNECTIONS,
  };
  await benchRedeem({
    ...redeemRun,
    label: 'warm-up',
    gatePasses: { ...gatePasses, passes: gatePasses.passes.slice(0, REDEEM_WARM_UP) },
    duration: 1,
    runId: `${runId}-warm-up`,
  });
  const redeemRow = await benchRedeem({
    ...redeemRun,
    label: 'POST admin/checkin/redeem',
    gatePasses: { ...gatePasses, passes: gatePasses.passes.slice(REDEEM_WARM_UP) },
    duration: DURATION,
    runId,
  });
  rows.push(redeemRow);

  // Printing a check-in list of 2,000 passes (badges.ts): one request per document.
  const printed = await benchBadges(app);

  const flows: OrderFlowResult[] = [];
  const flow = {
    buyers: BUYERS,
    durationSeconds: DURATION * 2,
    newInvestor: investor,
    ticketId: investorPassId,
  };
  await jobsDone(app.db);
  flows.push(await runOrderFlow('in this process', { ...flow, baseUrl }));
  // This process's workers would otherwise send the run's emails while the built server is measured.
  await jobsDone(app.db);
  if (hasBuiltServer()) {
    // Each with a database of its own; on PGlite one process (PGlite allows one).
    for (const workers of url ? [1, 2] : [1]) {
      const server = await startOrderFlowServer({ postgres: url !== undefined, workers, env: benchEnv });
      try {
        const served = { ...flow, ...(await investorBuyers(server.baseUrl)), baseUrl: server.baseUrl };
        // Unmeasured: the new processes' JIT and connections warm up.
        await runOrderFlow('warm-up', { ...served, durationSeconds: 2 });
        flows.push(await runOrderFlow(`built server, ${workers} process(es)`, served));
      } finally {
        await server.stop();
      }
    }
  } else {
    console.log(
      '\nThe built server (apps/api/dist) is missing: run `npm run build -w @festival/api` for 1 and 2 processes.',
    );
  }

  console.log('');
  printEndpoints(rows);
  console.log('');
  printRedeem([redeemRow]);
  console.log('');
  printBadges(printed);
  console.log('');
  printOrderFlow(flows);
} finally {
  await close();
}

// Last: after it, this process's own requests measured slower (app p99 8-10 ms instead of 3-4 in
// the public reads, cause not found), and its figures are the built server's, whatever ran before.
console.log('');
await benchStartup();

/** The registered attendee's id from a registration answer. */
function registeredId(body: unknown): string {
  return z.object({ data: z.object({ _id: z.string() }) }).parse(body).data._id;
}
