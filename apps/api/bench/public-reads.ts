/**
 * Public reads against a bare Fastify: every cached public GET of the app, then a
 * bare Fastify answering the same bytes (the same Brotli body and the same headers: content
 * type, ETag, security headers…) from memory, in the same process and run; prints req/s, p99
 * (ms) and the ratio app / bare per route. Requests send `accept-encoding: br, gzip` as
 * browsers do. Goal: ratio ≥ 0.80 and p99 ≤ 20 ms at 50 connections.
 *
 * Client and servers share this process and the machine's cores: compare the ratio, which
 * both sides pay alike, more than the absolute figures. The process's CPU time per request
 * (client and server, µs) is printed too: they share one thread, so on an idle machine the
 * req/s ratio is the inverse ratio of CPU per request (the "CPU ratio"), which other processes'
 * load disturbs far less than throughput.
 *
 * With DATABASE_URL the app runs on a throwaway PostgreSQL database, and, when it has been
 * built (`npm run build -w @festival/api`), the same routes are then read from the built server
 * with 1 and 2 processes (WEB_CONCURRENCY) on that database, each route against the bare
 * Fastify right after, now in processes of its own too, as many as the server's (bare-server.ts,
 * a node:cluster like the server's): the ratio is what the app adds to a cluster of that size,
 * while a second process's gain or loss on this machine shows in the req/s. Client, servers and
 * PostgreSQL share the machine's cores.
 *
 * Called by run.ts (`npm run bench`); alone: `npx tsx bench/public-reads.ts`. Options
 * (environment): BENCH_DURATION seconds per route and side (default 5), BENCH_READ_CONNECTIONS
 * (default 50).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seed } from '../src/db/seed/index.js';
import { openThrowawayDatabase } from '../test/throwaway-database.js';
import { bareServer, startBareProcess, type BareAnswer } from './bare-server.js';
import { hasBuiltServer, startBuiltServer } from './order-flow.js';
import { median, printTable } from './table.js';

const STATES_OF_INDIA = '/api/auth/location/statesByCountry/:india';

/** The public reads, as the pages call them (the seeded data answers each with 200). */
const ROUTES = [
  '/api/auth/location/country',
  // The states of India; its id is looked up at start (STATES_OF_INDIA).
  STATES_OF_INDIA,
  '/api/auth/list/categoryMaster',
  '/api/auth/list/StageOfStartup',
  '/api/auth/list-by-participant/ticketMaster/3',
  '/api/auth/event/current',
  '/api/auth/site-config',
  '/api/auth/list/FaqMaster',
  '/api/auth/cms/get-content/about',
  '/api/auth/startup-cms/get-content/1',
  '/api/content/speakers',
  '/api/settings/public',
];

const HEADERS = { 'accept-encoding': 'br, gzip' };
/** Headers Node's HTTP server writes on every response, the bare server's as well. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface Side {
  rps: number;
  p99: number;
  /**
   * CPU time (user + system) per request, µs: this process's, or, given `serverCpuSeconds`,
   * the server processes'.
   */
  cpuUs: number;
  failures: number;
}

/**
 * Reads `url` for `duration` seconds over `connections`. `serverCpuSeconds` (a server in
 * processes of its own) counts their CPU instead of this process's.
 */
async function load(
  url: string,
  duration: number,
  connections: number,
  serverCpuSeconds?: () => number,
): Promise<Side> {
  const before = process.cpuUsage();
  const serverBefore = serverCpuSeconds?.();
  const result = await autocannon({ url, duration, connections, headers: HEADERS });
  const cpu = process.cpuUsage(before);
  const cpuUs =
    serverCpuSeconds && serverBefore !== undefined
      ? (serverCpuSeconds() - serverBefore) * 1e6
      : cpu.user + cpu.system;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs: cpuUs / Math.max(1, result.requests.total),
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Runs the comparison and prints its table; returns the lowest ratio of any route. */
export async function benchPublicReads(): Promise<number> {
  const duration = Number(process.env.BENCH_DURATION ?? 5);
  const connections = Number(process.env.BENCH_READ_CONNECTIONS ?? 50);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-bench-reads-'));
  const { database, label, url, drop } = await openThrowawayDatabase({
    prefix: 'bench_reads',
    pgliteDir: path.join(dataDir, 'pglite'),
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const app = await buildApp({ config, database });
  // The same bytes and headers the app sends, for the bare server to answer from memory.
  const answers = new Map<string, BareAnswer>();
  const bare = bareServer(answers);
  try {
    await seed(app.db, app.log, app.now());
    const countries = (await app.inject({ url: '/api/auth/location/country' })).json<{
      data: { _id: number; isoCode: string }[];
    }>().data;
    const india = countries.find((country) => country.isoCode === 'IN');
    if (!india) throw new Error('The seeded country list has no India (IN)');
    const routes = ROUTES.map((route) => route.replace(':india', String(india._id)));
    for (const route of routes) {
      const response = await app.inject({ url: route, headers: HEADERS });
      if (response.statusCode !== 200) throw new Error(`GET ${route} answered ${response.statusCode}`);
      // Every header the app sends, security headers included: the bare server's response is
      // the app's byte for byte, but for the ones Node writes itself.
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined && !NODE_HEADERS.has(name)) headers[name] = String(value);
      }
      answers.set(route, { body: response.rawPayload, headers });
    }
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

    console.log(`Public reads — app on ${label} vs a bare Fastify with the same bytes in memory`);
    console.log(`${connections} connections, ${duration} s per route and side, accept-encoding: br, gzip\n`);
    // Warm the JIT and both servers once.
    await load(`${appUrl}${routes[0]}`, 1, connections);
    await load(`${bareUrl}${routes[0]}`, 1, connections);

    const header = [
      'route',
      'app req/s',
      'bare req/s',
      'ratio',
      'app CPU µs',
      'bare CPU µs',
      'CPU ratio',
      'app p99 ms',
      'bare p99 ms',
      'errors',
    ];
    const rows: string[][] = [];
    let lowest = Infinity;
    let lowestByCpu = Infinity;
    for (const route of routes) {
      const measured = await load(`${appUrl}${route}`, duration, connections);
      const baseline = await load(`${bareUrl}${route}`, duration, connections);
      const ratio = measured.rps / baseline.rps;
      const cpuRatio = baseline.cpuUs / measured.cpuUs;
      lowest = Math.min(lowest, ratio);
      lowestByCpu = Math.min(lowestByCpu, cpuRatio);
      rows.push([
        route.replace('/api/', ''),
        measured.rps.toFixed(0),
        baseline.rps.toFixed(0),
        ratio.toFixed(2),
        measured.cpuUs.toFixed(1),
        baseline.cpuUs.toFixed(1),
        cpuRatio.toFixed(2),
        String(measured.p99),
        String(baseline.p99),
        String(measured.failures + baseline.failures),
      ]);
    }
    printTable(header, rows);
    console.log(
      `\nLowest ratio app / bare: ${lowest.toFixed(2)} by req/s, ${lowestByCpu.toFixed(2)} by CPU per request (goal ≥ 0.80)\n`,
    );
    if (url && hasBuiltServer()) {
      await benchBuiltServer({
        databaseUrl: url,
        routes,
        answers,
        answersFile: path.join(dataDir, 'answers.json'),
        duration,
        connections,
      });
    } else if (url) {
      console.log(
        'The built server (apps/api/dist) is missing: build it for the reads on 1 and 2 processes.\n',
      );
    }
    return lowest;
  } finally {
    await bare.close();
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Rounds over every route on the built server: in even rounds the routes in order, each app
 * then bare; in odd ones in reverse, each bare then app. Client, server processes and
 * PostgreSQL share the machine's cores, and with two processes a side's req/s drifts between
 * one reading and the next, and over minutes (one route read 0.72 while the in-process
 * comparison gave it 1.14; in one run the first routes read 0.79 and the last 0.98). Short
 * readings in both orders, spread over the whole run, and the median of their ratios let
 * neither side, nor any route, have the better seconds.
 */
const ROUNDS = 4;

/** One route's rounds: req/s and CPU averaged, p99 the worst, the ratio the rounds' median. */
function combine(rounds: { app: Side; bare: Side }[]): { app: Side; bare: Side; ratio: number } {
  const average = (sides: Side[]): Side => ({
    rps: sides.reduce((sum, side) => sum + side.rps, 0) / sides.length,
    p99: Math.max(...sides.map((side) => side.p99)),
    cpuUs: sides.reduce((sum, side) => sum + side.cpuUs, 0) / sides.length,
    failures: sides.reduce((sum, side) => sum + side.failures, 0),
  });
  return {
    app: average(rounds.map((round) => round.app)),
    bare: average(rounds.map((round) => round.bare)),
    ratio: median(rounds.map(({ app, bare }) => app.rps / bare.rps)),
  };
}

/**
 * The routes read from the built server with 1, then 2 processes on `databaseUrl`, against
 * the bare server (`answers`, stored in `answersFile`) with as many processes, in ROUNDS
 * rounds over the routes; prints req/s, p99 (ms) and the median ratio per route.
 */
async function benchBuiltServer(options: {
  databaseUrl: string;
  routes: string[];
  answers: Map<string, BareAnswer>;
  answersFile: string;
  duration: number;
  connections: number;
}): Promise<void> {
  const { routes, duration, connections } = options;
  const roundSeconds = Math.max(2, Math.round(duration / ROUNDS));
  const measured = new Map<string, { workers: number; app: Side; bare: Side; ratio: number }[]>();
  for (const workers of [1, 2]) {
    const bareProcess = await startBareProcess(options.answers, options.answersFile, workers);
    const bareUrl = bareProcess.baseUrl;
    const server = await startBuiltServer({ databaseUrl: options.databaseUrl, workers, env: {} }).catch(
      async (error: unknown) => {
        await bareProcess.stop();
        throw error;
      },
    );
    try {
      // Every process warms its JIT and fills its own cache; the bare process warms its JIT.
      for (const route of routes) {
        await load(`${server.baseUrl}${route}`, 1, connections);
        await load(`${bareUrl}${route}`, 1, connections);
      }
      const rounds = new Map<string, { app: Side; bare: Side }[]>(routes.map((route) => [route, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const route of round % 2 === 0 ? routes : routes.toReversed()) {
          const readApp = () =>
            load(`${server.baseUrl}${route}`, roundSeconds, connections, server.cpuSeconds);
          const readBare = () =>
            load(`${bareUrl}${route}`, roundSeconds, connections, bareProcess.cpuSeconds);
          if (round % 2 === 0) {
            const app = await readApp();
            rounds.get(route)!.push({ app, bare: await readBare() });
          } else {
            const bare = await readBare();
            rounds.get(route)!.push({ app: await readApp(), bare });
          }
        }
      }
      for (const route of routes) {
        measured.set(route, [...(measured.get(route) ?? []), { workers, ...combine(rounds.get(route)!) }]);
      }
    } finally {
      await server.stop();
      await bareProcess.stop();
    }
  }
  console.log('Public reads — the built server with 1 and 2 processes vs the bare Fastify with as many\n');
  const rows = routes.map((route) => [
    route.replace('/api/', ''),
    ...(measured.get(route) ?? []).flatMap(({ app, bare, ratio }) => [
      app.rps.toFixed(0),
      ratio.toFixed(2),
      (bare.cpuUs / app.cpuUs).toFixed(2),
      String(app.p99),
      String(app.failures + bare.failures),
    ]),
  ]);
  printTable(
    [
      'route',
      '1 proc req/s',
      'ratio',
      'CPU ratio',
      'p99 ms',
      'errors',
      '2 procs req/s',
      'ratio',
      'CPU ratio',
      'p99 ms',
      'errors',
    ],
    rows,
  );
  const lowest = (workers: number, of: (row: { app: Side; bare: Side; ratio: number }) => number) =>
    Math.min(
      ...[...measured.values()].flat().flatMap((row) => (row.workers === workers ? [of(row)] : [])),
    ).toFixed(2);
  const byRate = (row: { ratio: number }) => row.ratio;
  const byCpu = (row: { app: Side; bare: Side }) => row.bare.cpuUs / row.app.cpuUs;
  console.log(
    `\nLowest ratio built server / bare: ${lowest(1, byRate)} with 1 process, ${lowest(2, byRate)} with 2 by req/s; ` +
      `${lowest(1, byCpu)} and ${lowest(2, byCpu)} by the servers' CPU per request\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchPublicReads();
