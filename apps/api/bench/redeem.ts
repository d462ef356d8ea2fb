/**
 * The gate's redeem API under load (goal: at least 500 scans/s with p99 ≤ 50 ms on
 * PostgreSQL). `preparePasses` issues paid passes in bulk, off the clock, each with its real
 * signed QR token; `benchRedeem` then sends `POST /api/admin/checkin/redeem` as a signed-in gate
 * steward's scanners would, and checks every answer.
 *
 * The mix, by scan number: every 10th scan is a pass admitted 95 scans earlier (never itself a repeat) (a person
 * scanned again, answered `already_redeemed`), every 25th of the others is the pass code typed
 * instead of its token, and the rest are new passes by their token (admitted). Four gates.
 * An answer other than the one its scan expects counts as a failure, as do errors and non-2xx.
 * Besides scans/s and latency it reports this process's CPU time per scan, which a busy
 * machine disturbs less than throughput.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import {
  checkinListTicketTypes,
  checkinLists,
  countries,
  orderAttendees,
  orderLines,
  orders,
  passes,
  registrations,
  ticketTypes,
} from '../src/db/schema.js';
import type { Database } from '../src/db/client.js';
import { newPassCode, passQrPayloads } from '../src/modules/passes/service.js';
import { printTable, type Row } from './table.js';

/** A scan of the seeded 2024 edition's Day 1, the day the bench's list admits. */
const SCANNED_AT = '2024-10-20T05:00:00Z';
const GATES = ['North', 'South', 'East', 'West'];
/** Every REPEAT_EVERY-th scan is a pass admitted REPEAT_LAG scans earlier. */
const REPEAT_EVERY = 10;
const REPEAT_LAG = 95;
/** Every TYPED_EVERY-th new pass is typed (its code) rather than scanned (its token). */
const TYPED_EVERY = 25;

export interface GatePasses {
  listId: number;
  /** Each pass's code and signed token, in order. */
  passes: { code: string; token: string }[];
}

/**
 * Registers `count` attendees of the current edition's first ticket type with paid orders and
 * issued passes (direct inserts, as the payment would leave them), and a check-in list for that
 * ticket type on both days. Tokens are signed by the app's pass service, as the pass email's.
 */
export async function preparePasses(db: Database, count: number): Promise<GatePasses> {
  const [ticketType] = await db.select().from(ticketTypes).orderBy(ticketTypes.id).limit(1);
  const [country] = await db.select({ id: countries.id }).from(countries).limit(1);
  if (!ticketType || !country) throw new Error('Seed the database first');
  const now = new Date();
  const codes: string[] = [];
  for (let start = 0; start < count; start += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, count - start) }, (_, i) => ({
      n: start + i,
      registrationId: randomUUID(),
      orderId: randomUUID(),
      code: newPassCode(),
    }));
    await db.insert(registrations).values(
      batch.map((row) => ({
        id: row.registrationId,
        eventId: ticketType.eventId,
        participantCategoryId: ticketType.participantCategoryId,
        ticketTypeId: ticketType.id,
        name: `Gate Bench ${row.n}`,
        email: `gate-bench-${row.registrationId}@example.com`,
        countryCode: '+91',
        contactNo: String(9_000_000_000 + row.n),
        city: 'Ahmedabad',
        countryId: country.id,
        termsAcceptedAt: now,
      })),
    );
    await db.insert(orders).values(
      batch.map((row) => ({
        id: row.orderId,
        reference: `GB-${row.orderId}`,
        eventId: ticketType.eventId,
        amount: ticketType.amount,
        status: 'paid',
        provider: 'sandbox',
        expiresAt: now,
        paidAt: now,
      })),
    );
    await db.insert(orderLines).values(
      batch.map((row) => ({
        orderId: row.orderId,
        ticketTypeId: ticketType.id,
        quantity: 1,
        unitAmount: ticketType.amount,
        amount: ticketType.amount,
        position: 0,
      })),
    );
    await db
      .insert(orderAttendees)
      .values(
        batch.map((row) => ({ orderId: row.orderId, registrationId: row.registrationId, position: 0 })),
      );
    await db.insert(passes).values(
      batch.map((row) => ({
        eventId: ticketType.eventId,
        orderId: row.orderId,
        registrationId: row.registrationId,
        code: row.code,
      })),
    );
    codes.push(...batch.map((row) => row.code));
  }
  // A batch at a time: one query's bind parameters are capped at 65,535.
  const tokens = new Map<string, string>();
  for (let start = 0; start < codes.length; start += 10_000) {
    for (const [code, token] of await passQrPayloads(db, codes.slice(start, start + 10_000))) {
      tokens.set(code, token);
    }
  }
  const [list] = await db
    .insert(checkinLists)
    .values({ eventId: ticketType.eventId, name: 'Bench gate', days: [1, 2] })
    .returning({ id: checkinLists.id });
  await db
    .insert(checkinListTicketTypes)
    .values({ checkinListId: list!.id, ticketTypeId: ticketType.id, eventId: ticketType.eventId });
  return { listId: list!.id, passes: codes.map((code) => ({ code, token: tokens.get(code)! })) };
}

/** A redeem run: `failures` also counts answers other than the scan expected. */
export interface RedeemBenchResult extends Row {
  /** Answers by status (`ok`, `already_redeemed`, …). */
  statuses: Record<string, number>;
  /**
   * CPU time this process spent per scan (ms, user + system): the server's and the client's
   * share when the server runs in this process. Steadier than scans/s on a busy machine.
   */
  cpuMsPerScan: number;
  /** The first unexpected answer, to tell why. */
  firstFailure?: string;
}

/**
 * Runs the mix against `baseUrl` for `duration` seconds over `connections` connections, as the
 * organizer whose session cookie is `cookie` (the gate role). Scans run past the prepared
 * passes' end count as failures: prepare more passes than the run can scan.
 */
export async function benchRedeem(options: {
  label: string;
  baseUrl: string;
  origin: string;
  cookie: string;
  gatePasses: GatePasses;
  duration: number;
  connections: number;
  runId: string;
}): Promise<RedeemBenchResult> {
  const { gatePasses } = options;
  let scan = 0;
  let fresh = 0;
  /** Pass index of each scan, and the status it expects. */
  const expected: { pass: number; status: string }[] = [];
  const statuses: Record<string, number> = {};
  let unexpected = 0;
  let firstFailure: string | undefined;

  const nextScan = () => {
    const n = scan++;
    const repeat = n % REPEAT_EVERY === REPEAT_EVERY - 1 && n >= REPEAT_LAG;
    const pass = repeat ? expected[n - REPEAT_LAG]!.pass : fresh++;
    // A repeat of a repeat is still already redeemed; a pass past the prepared ones is none.
    const status = pass >= gatePasses.passes.length ? 'invalid' : repeat ? 'already_redeemed' : 'ok';
    expected.push({ pass, status });
    const prepared = gatePasses.passes[pass % gatePasses.passes.length]!;
    return {
      n,
      body: JSON.stringify({
        code: !repeat && pass % TYPED_EVERY === TYPED_EVERY - 1 ? prepared.code : prepared.token,
        listId: gatePasses.listId,
        direction: 'entry',
        scannedAt: SCANNED_AT,
        nonce: `bench-${options.runId}-${n}`,
        gate: GATES[n % GATES.length],
        offline: false,
      }),
    };
  };

  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.duration,
    requests: [
      {
        method: 'POST',
        path: '/api/admin/checkin/redeem',
        headers: { 'content-type': 'application/json', cookie: options.cookie, origin: options.origin },
        setupRequest: (request) => ({ ...request, body: nextScan().body }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          const answer = (JSON.parse(body) as { data: { status: string; nonce: string } }).data;
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          const n = Number(answer.nonce.slice(answer.nonce.lastIndexOf('-') + 1));
          const wanted = expected[n]?.status;
          if (answer.status !== wanted) {
            unexpected += 1;
            firstFailure ??= `scan ${n} answered ${answer.status}, expected ${wanted}`;
          }
        },
      },
    ],
  });
  return {
    endpoint: options.label,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx + unexpected,
    statuses,
    cpuMsPerScan: cpuMs(process.cpuUsage(cpuBefore)) / Math.max(1, result.requests.total),
    firstFailure,
  };
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

/** Prints redeem runs: the endpoint table's figures, then the answers each run got. */
export function printRedeem(rows: RedeemBenchResult[]): void {
  printTable(
    ['redeem run', 'scans', 'scans/s', 'p50 ms', 'p99 ms', 'CPU ms/scan', 'failures', 'answers'],
    rows.map((row) => [
      row.endpoint,
      String(row.requests),
      row.rps.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      row.cpuMsPerScan.toFixed(2),
      String(row.failures),
      Object.entries(row.statuses)
        .map(([status, n]) => `${status} ${n}`)
        .join(', '),
    ]),
  );
  for (const row of rows) if (row.firstFailure) console.log(`${row.endpoint}: ${row.firstFailure}`);
}
