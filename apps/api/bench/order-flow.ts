/**
 * The end-to-end order flow of `npm run bench`: each
 * of BUYERS simulated buyers goes through what the site's pages do, one request after another,
 * and starts again as soon as its order is confirmed:
 *
 * 1. `POST /api/auth/investor` registers an attendee;
 * 2. `POST /api/auth/payment/checkout` reserves the seat and opens the sandbox payment;
 * 3. `GET` the sandbox checkout page, then `POST …/pay`, which answers the auto-submitting form
 *    with the signed payment result;
 * 4. `POST /api/auth/payment/callback` with that form, as the browser does (303 to the success page);
 * 5. `GET /api/auth/payment/orders/:reference`, the success page's read: it must list the pass.
 *
 * Prints confirmed orders per minute and p50/p99 of one whole flow (ms). A flow that fails
 * counts as a failure and the buyer starts a new one.
 *
 * Each buyer sends its own X-Forwarded-For (a loopback address; only a header, no traffic goes
 * there) and the server runs with TRUST_PROXY, so the per-address limit of the order summary
 * (30 a minute) counts each buyer as the site would, not the bench as one client.
 *
 * `startBuiltServer` runs the built server (dist/server.js, `npm run build -w @festival/api`)
 * as its own process tree, with WEB_CONCURRENCY workers on a PostgreSQL database, so the flow
 * can also be measured on several processes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHistogram, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  CountrySchema,
  ParticipantCategory,
  StateSchema,
  TicketTypeSchema,
  type InvestorRegistrationInput,
} from '@festival/shared';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { Pool, type Dispatcher } from 'undici';
import { z } from 'zod';
import { openDatabase, type Database } from '../src/db/client.js';
import { ticketTypes } from '../src/db/schema.js';
import { rowsOf } from '../src/db/search.js';
import { seed } from '../src/db/seed/index.js';
import { openThrowawayDatabase } from '../test/throwaway-database.js';
import { freePort } from './free-port.js';
import { processTreeCpuSeconds, processTreeMemoryMb, statFields } from './proc.js';
import { printTable } from './table.js';

export interface OrderFlowOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Buyers in flight at once. */
  buyers: number;
  /** How long buyers start new flows, in seconds; flows in flight then finish. */
  durationSeconds: number;
  /** A valid registration with an email no other flow uses. */
  newInvestor: () => InvestorRegistrationInput;
  /** The ticket type the buyers choose. */
  ticketId: number;
  /**
   * CPU seconds used so far by what serves the flow (`processCpuSeconds` in this process, the
   * built server's `cpuSeconds`), sampled before and after the run for CPU per order.
   */
  cpuSeconds?: () => number;
  /** CPU seconds so far of a PostgreSQL server on this machine (`localPostgresCpuSeconds`). */
  databaseCpuSeconds?: () => number;
  /** CPU seconds so far of the buyers, when they do not share the server's process. */
  buyersCpuSeconds?: () => number;
  /** Database round trips so far (round-trips.ts), sampled likewise. */
  roundTrips?: () => number;
}

export interface OrderFlowResult {
  label: string;
  confirmed: number;
  perMinute: number;
  /**
   * Confirmed orders per minute counting, after the run, the time its queued jobs (the emails)
   * took to finish: what the server sustains with every email sent. When measured.
   */
  withJobsPerMinute?: number;
  /** One whole flow, ms. */
  p50: number;
  p99: number;
  failures: number;
  /** CPU ms per confirmed order, when `cpuSeconds` was given. */
  cpuMsPerOrder?: number;
  /** The database server's CPU ms per confirmed order, when `databaseCpuSeconds` was given. */
  databaseCpuMsPerOrder?: number;
  /** The buyers' CPU ms per confirmed order, when `buyersCpuSeconds` was given. */
  buyersCpuMsPerOrder?: number;
  /** Database round trips per confirmed order, when `roundTrips` was given. */
  roundTripsPerOrder?: number;
  /** The first failure's message, to tell why. */
  firstFailure?: string;
}

/** Raises every ticket type's capacity: the seeded ones would sell out within seconds. */
export async function raiseCapacities(db: Database): Promise<void> {
  await db.update(ticketTypes).set({ capacity: 10_000_000 });
}

/** GETs a list route and parses the `{isOk, data}` envelope's list; throws on any other answer. */
async function getList<T extends z.ZodType>(url: string, item: T): Promise<z.output<T>[]> {
  const response = await fetch(url);
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return z.array(item).parse(z.object({ isOk: z.literal(true), data: z.unknown() }).parse(body).data);
}

/**
 * What the order flow's buyers send, read from the seeded reference data through the API at
 * `baseUrl`: the investor pass's ticket id, and investor registrations (India, Gujarat), each
 * with an email no other one uses.
 */
export async function investorBuyers(
  baseUrl: string,
): Promise<Pick<OrderFlowOptions, 'newInvestor' | 'ticketId'>> {
  const api = `${baseUrl}/api/auth`;
  const india = (await getList(`${api}/location/country`, CountrySchema)).find((c) => c.isoCode === 'IN');
  if (!india) throw new Error('The seeded country list has no India (IN)');
  const states = await getList(`${api}/location/statesByCountry/${india._id}`, StateSchema);
  const gujarat = states.find((state) => state.StateName === 'Gujarat') ?? states[0];
  const [pass] = await getList(
    `${api}/list-by-participant/ticketMaster/${ParticipantCategory.Investor}`,
    TicketTypeSchema,
  );
  if (!pass) throw new Error('No ticket type on sale for investors');
  const runId = randomBytes(4).toString('hex');
  let sequence = 0;
  return {
    ticketId: pass._id,
    newInvestor: () => {
      sequence += 1;
      return {
        name: `Bench Investor ${sequence}`,
        email: `bench-${runId}-${sequence}@example.com`,
        countryCode: india.isdCode,
        contactNo: String(9_000_000_000 + sequence),
        companyName: 'Bench Capital',
        investmentAmount: 100_000,
        City: 'Ahmedabad',
        CountryID: india._id,
        StateID: gujarat?._id,
        description: 'Load test',
        pincode: '380060',
        address: 'Science City Road',
        terms: true,
        participantCategoryId: ParticipantCategory.Investor,
        ticketId: pass._id,
      };
    },
  };
}

/** Failed flows after which the buyers stop. */
const MAX_FAILURES = 50;

const CheckoutAnswer = z.object({
  order: z.object({ reference: z.string() }),
  checkout: z.object({ url: z.string() }),
});
const SummaryAnswer = z.object({
  data: z.object({ status: z.string(), passes: z.array(z.object({ code: z.string() })) }),
});

/** The hidden fields of the sandbox's auto-submitting form (values are HTML-escaped, and plain here). */
function formFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields.append(match[1]!, match[2]!);
  }
  return fields;
}

/** One answer of the server, read whole: its headers and body. */
interface Answer {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends one request on the buyers' connection pool and reads the whole answer. undici's
 * `request`, not `fetch`: the buyers stand for browsers on their own devices, and fetch's
 * WHATWG streams cost this machine's shared cores about twice the CPU per request.
 */
async function send(
  pool: Pool,
  step: string,
  expected: number,
  options: Pick<Dispatcher.RequestOptions, 'path' | 'method' | 'headers' | 'body'>,
): Promise<Answer> {
  const { statusCode, headers, body } = await pool.request(options);
  const text = await body.text();
  if (statusCode !== expected) throw new Error(`${step} answered ${statusCode}: ${text.slice(0, 200)}`);
  return { headers, body: text };
}

/** One buyer's whole flow, from registration to the order page listing the pass. */
async function buyOnce(options: OrderFlowOptions, pool: Pool, clientAddress: string): Promise<void> {
  const headers = { 'x-forwarded-for': clientAddress };
  const json = { ...headers, 'content-type': 'application/json' };

  const registered = await send(pool, 'register', 200, {
    path: '/api/auth/investor',
    method: 'POST',
    headers: json,
    body: JSON.stringify(options.newInvestor()),
  });
  const attendeeId = z.object({ data: z.object({ _id: z.string() }) }).parse(JSON.parse(registered.body))
    .data._id;

  const checkedOut = await send(pool, 'checkout', 200, {
    path: '/api/auth/payment/checkout',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ startupIds: [attendeeId], selectedTicket: options.ticketId }),
  });
  const { order, checkout } = CheckoutAnswer.parse(JSON.parse(checkedOut.body));

  await send(pool, 'sandbox page', 200, { path: checkout.url, method: 'GET', headers });
  const paid = await send(pool, 'sandbox pay', 200, { path: `${checkout.url}/pay`, method: 'POST', headers });

  const callback = await send(pool, 'callback', 303, {
    path: '/api/auth/payment/callback',
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: formFields(paid.body).toString(),
  });
  const location = callback.headers.location;
  if (typeof location !== 'string' || !location.startsWith('/payment-success')) {
    throw new Error(`callback sent the buyer to ${String(location)}`);
  }

  const summary = await send(pool, 'order summary', 200, {
    path: `/api/auth/payment/orders/${encodeURIComponent(order.reference)}`,
    method: 'GET',
    headers,
  });
  const { data } = SummaryAnswer.parse(JSON.parse(summary.body));
  if (data.status !== 'paid' || data.passes.length !== 1) {
    throw new Error(`order ${order.reference} is ${data.status} with ${data.passes.length} passes`);
  }
}

/** Runs `options.buyers` buyers for `options.durationSeconds`; see the module's comment. */
export async function runOrderFlow(label: string, options: OrderFlowOptions): Promise<OrderFlowResult> {
  const histogram = createHistogram();
  let failures = 0;
  let firstFailure: string | undefined;
  let flows = 0;
  const cpuBefore = options.cpuSeconds?.();
  const databaseCpuBefore = options.databaseCpuSeconds?.();
  const buyersCpuBefore = options.buyersCpuSeconds?.();
  const tripsBefore = options.roundTrips?.();
  const started = performance.now();
  const deadline = started + options.durationSeconds * 1000;
  // A connection per buyer, kept alive, as each buyer's browser keeps its own.
  const pool = new Pool(options.baseUrl, { connections: options.buyers });
  const buyer = async () => {
    while (performance.now() < deadline) {
      flows += 1;
      // 127.1.x.y: one address per flow, as buyers on their own devices.
      const address = `127.1.${(flows >> 8) & 255}.${flows & 255}`;
      const start = performance.now();
      try {
        await buyOnce(options, pool, address);
        histogram.record(Math.max(1, Math.round((performance.now() - start) * 1e6)));
      } catch (error) {
        failures += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
        // A flow that always fails is a broken bench, not load: stop soon and report it.
        if (failures >= MAX_FAILURES) return;
      }
    }
  };
  await Promise.all(Array.from({ length: options.buyers }, buyer));
  await pool.close();
  const minutes = (performance.now() - started) / 60_000;
  const confirmed = histogram.count;
  const perOrder = (before: number | undefined, after: (() => number) | undefined) =>
    before === undefined || !after || confirmed === 0 ? undefined : (after() - before) / confirmed;
  const msPerOrder = (before: number | undefined, after: (() => number) | undefined) => {
    const seconds = perOrder(before, after);
    return seconds === undefined ? undefined : seconds * 1000;
  };
  return {
    label,
    confirmed: histogram.count,
    perMinute: histogram.count / minutes,
    p50: histogram.count ? histogram.percentile(50) / 1e6 : 0,
    p99: histogram.count ? histogram.percentile(99) / 1e6 : 0,
    failures,
    cpuMsPerOrder: msPerOrder(cpuBefore, options.cpuSeconds),
    databaseCpuMsPerOrder: msPerOrder(databaseCpuBefore, options.databaseCpuSeconds),
    buyersCpuMsPerOrder: msPerOrder(buyersCpuBefore, options.buyersCpuSeconds),
    roundTripsPerOrder: perOrder(tripsBefore, options.roundTrips),
    firstFailure,
  };
}

/**
 * Waits until the job queue on `db` has run every job (the emails of the orders so far), so
 * that no queued work drains into the next measurement. Throws if jobs are still queued after 5
 * minutes (a queue with no worker never empties).
 * @returns how many were waiting or running when called
 */
export async function jobsDone(db: Database): Promise<number> {
  const waiting = async () => {
    const result = await db.execute(
      sql`select count(*)::int as jobs from pgboss.job where state in ('created', 'retry', 'active')`,
    );
    return z.object({ jobs: z.number() }).parse(rowsOf(result)[0]).jobs;
  };
  const first = await waiting();
  const deadline = performance.now() + 300_000;
  for (let left = first; left > 0; left = await waiting()) {
    if (performance.now() > deadline) throw new Error(`${left} jobs still queued after 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return first;
}

/** CPU seconds (user and system) this process has used. */
export function processCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

export function printOrderFlow(rows: OrderFlowResult[]): void {
  const header = ['order flow', 'confirmed', 'orders/min', 'p50 ms', 'p99 ms', 'failed'];
  const withJobs = rows.some((row) => row.withJobsPerMinute !== undefined);
  if (withJobs) header.push('with emails sent');
  const withCpu = rows.some((row) => row.cpuMsPerOrder !== undefined);
  const withDatabaseCpu = rows.some((row) => row.databaseCpuMsPerOrder !== undefined);
  const withBuyersCpu = rows.some((row) => row.buyersCpuMsPerOrder !== undefined);
  const withTrips = rows.some((row) => row.roundTripsPerOrder !== undefined);
  if (withCpu) header.push('CPU ms/order');
  if (withDatabaseCpu) header.push('database CPU');
  if (withBuyersCpu) header.push('buyers CPU');
  if (withTrips) header.push('round trips/order');
  const cells = rows.map((row) => [
    row.label,
    String(row.confirmed),
    row.perMinute.toFixed(0),
    row.p50.toFixed(0),
    row.p99.toFixed(0),
    String(row.failures),
    ...(withJobs ? [row.withJobsPerMinute?.toFixed(0) ?? '–'] : []),
    ...(withCpu ? [row.cpuMsPerOrder?.toFixed(1) ?? '–'] : []),
    ...(withDatabaseCpu ? [row.databaseCpuMsPerOrder?.toFixed(1) ?? '–'] : []),
    ...(withBuyersCpu ? [row.buyersCpuMsPerOrder?.toFixed(1) ?? '–'] : []),
    ...(withTrips ? [row.roundTripsPerOrder?.toFixed(1) ?? '–'] : []),
  ]);
  printTable(header, cells);
  for (const row of rows) {
    if (row.firstFailure) console.log(`${row.label}: first failure: ${row.firstFailure}`);
  }
}

const BUILT_SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/server.js');

/** Whether the built server exists (`npm run build -w @festival/api`). */
export function hasBuiltServer(): boolean {
  return existsSync(BUILT_SERVER);
}

/** A built server the bench started (startBuiltServer). */
export interface BuiltServer {
  baseUrl: string;
  /** Milliseconds from spawning the process to its first answer (polled every 25 ms). */
  readyMs: number;
  /** CPU seconds of the server's processes so far; undefined without /proc. */
  cpuSeconds?: (() => number) | undefined;
  /** Resident memory of the server's processes, MB: now and the peak so far; undefined without /proc. */
  memoryMb?: (() => { rss: number; peak: number }) | undefined;
  stop: () => Promise<void>;
}

/** The instant the built server's clock starts at (its TEST_CLOCK_START), which its seed takes. */
const serverClock = (env: Record<string, string>) => new Date(env.TEST_CLOCK_START ?? Date.now());

/**
 * The built server for the order flow, on a database of its own, so that the jobs its orders
 * queue run on its workers only, not on those of the bench's own app (which keeps the database
 * it was built on): on PGlite one process in a data directory of its own; with `postgres`, a
 * new database on the PostgreSQL server DATABASE_URL names, dropped by `stop()`. Either is
 * migrated and seeded, with every capacity raised (`raiseCapacities`). On PostgreSQL `database`
 * is a handle on the server's database (its job queue can be watched); PGlite's is the server's alone.
 */
export async function startOrderFlowServer(options: {
  postgres: boolean;
  workers: number;
  env: Record<string, string>;
}): Promise<BuiltServer & { database?: Database }> {
  const { workers, env } = options;
  if (!options.postgres) return startBuiltServer({ preparePglite: raiseCapacities, workers, env });
  const own = await openThrowawayDatabase({ prefix: 'bench_server' });
  try {
    await seed(own.database.db, pino({ level: 'silent' }), serverClock(env));
    await raiseCapacities(own.database.db);
    const server = await startBuiltServer({ databaseUrl: own.url, workers, env });
    return {
      ...server,
      database: own.database.db,
      stop: async () => {
        await server.stop();
        await own.drop();
      },
    };
  } catch (error) {
    await own.drop();
    throw error;
  }
}

/**
 * Starts the built server with `workers` processes (WEB_CONCURRENCY) on the PostgreSQL database
 * at `databaseUrl`, or, without it, as `npm start` runs by default: one process on PGlite in a
 * data directory of its own, migrated, seeded and handed to `preparePglite` first (the server
 * holds it while it runs), or in `dataDir`, kept as it is and as the server leaves it. With the
 * bench's clock and the sandbox provider; waits until it answers.
 */
export async function startBuiltServer(options: {
  databaseUrl?: string | undefined;
  preparePglite?: (db: Database) => Promise<void>;
  workers: number;
  env: Record<string, string>;
  /** A data directory to start in and keep; the server migrates and seeds a new one itself. */
  dataDir?: string;
}): Promise<BuiltServer> {
  const port = await freePort();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'festival-bench-server-')));
  if (!options.databaseUrl && ownDataDir) {
    const database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
    try {
      await database.migrate();
      await seed(database.db, pino({ level: 'silent' }), serverClock(options.env));
      await options.preparePglite?.(database.db);
    } finally {
      await database.close();
    }
  }
  const spawned = performance.now();
  // The flags `npm start` runs the server with (scripts/start.mjs, decision 028).
  const child = spawn(process.execPath, ['--liftoff-only', BUILT_SERVER], {
    env: {
      ...process.env,
      ...options.env,
      // Empty means unset (src/config.ts): PGlite, whatever this process's environment says.
      DATABASE_URL: options.databaseUrl ?? '',
      WEB_CONCURRENCY: String(options.workers),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the built server exited with ${child.exitCode} before answering`);
    }
    const answered = await fetch(`${baseUrl}/api/checkin/keys`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) {
      const readyMs = performance.now() - spawned;
      const pid = child.pid;
      const proc = pid !== undefined && existsSync(`/proc/${pid}/stat`);
      return {
        baseUrl,
        readyMs,
        cpuSeconds: proc ? () => processTreeCpuSeconds(pid) : undefined,
        memoryMb: proc ? () => processTreeMemoryMb(pid) : undefined,
        stop,
      };
    }
    if (Date.now() > until) {
      await stop();
      throw new Error('the built server did not answer within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * CPU seconds so far of the PostgreSQL server behind `db` (its postmaster and every backend),
 * when it runs on this machine: the backend's parent in /proc is the postmaster. Undefined for
 * a server elsewhere (or in a container this process cannot see into).
 */
export async function localPostgresCpuSeconds(db: Database): Promise<(() => number) | undefined> {
  const { pid } = z
    .object({ pid: z.number() })
    .parse(rowsOf(await db.execute(sql`select pg_backend_pid() as pid`))[0]);
  let fields: string[];
  try {
    fields = statFields(pid);
  } catch {
    return undefined;
  }
  // The parent's pid: field 4.
  const postmaster = Number(fields[1]);
  return () => processTreeCpuSeconds(postmaster);
}
