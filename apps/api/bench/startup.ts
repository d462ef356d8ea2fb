/**
 * The built server's start: milliseconds from spawning `node dist/server.js` to its
 * first answer, and its resident memory (MB): the peak while starting (VmHWM) and the resident
 * set a few seconds later, once the web build's server bundle (imported when it starts
 * listening) has loaded. A start is what a new process costs when a festival scales out, a
 * deploy restarts, or a crashed worker is replaced.
 *
 * On PGlite and, with DATABASE_URL, on a fresh database of that server; each is started once
 * unmeasured, to migrate and seed its database as `npm start` does the first time, and then
 * measured: medians of BENCH_STARTS starts (default 3). No PGlite is opened in the bench's own
 * process, whose later runs would carry its memory. Alone:
 * `npm run bench:startup` in apps/api after `npm run build`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openThrowawayDatabase } from '../test/throwaway-database.js';
import { hasBuiltServer, startBuiltServer } from './order-flow.js';
import { median, printTable } from './table.js';

/** Seconds after the first answer before the resident set is read. */
const SETTLE_SECONDS = 4;

interface Start {
  readyMs: number;
  peakMb: number;
  settledMb: number;
}

async function measureStart(databaseUrl: string | undefined, dataDir: string): Promise<Start> {
  const server = await startBuiltServer({ databaseUrl, dataDir, workers: 1, env: {} });
  try {
    const { readyMs } = server;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const memory = server.memoryMb?.();
    return { readyMs, peakMb: memory?.peak ?? Number.NaN, settledMb: memory?.rss ?? Number.NaN };
  } finally {
    await server.stop();
  }
}

/**
 * `starts` starts in one new data directory (on PGlite, its database), after one unmeasured start
 * that migrates and seeds the database, as `npm start` does the first time.
 */
async function measureStarts(
  label: string,
  databaseUrl: string | undefined,
  starts: number,
): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-bench-start-'));
  const runs: Start[] = [];
  try {
    await measureStart(databaseUrl, dataDir);
    for (let i = 0; i < starts; i++) runs.push(await measureStart(databaseUrl, dataDir));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return [
    label,
    median(runs.map((run) => run.readyMs)).toFixed(0),
    median(runs.map((run) => run.peakMb)).toFixed(0),
    median(runs.map((run) => run.settledMb)).toFixed(0),
    runs.map((run) => run.readyMs.toFixed(0)).join(', '),
  ];
}

/** Measures and prints the starts; does nothing but say so when the API has not been built. */
export async function benchStartup(): Promise<void> {
  if (!hasBuiltServer()) {
    console.log('The built server (apps/api/dist) is missing: run `npm run build` for its start.\n');
    return;
  }
  const starts = Number(process.env.BENCH_STARTS ?? 3);
  const rows = [await measureStarts('PGlite', undefined, starts)];
  if (process.env.DATABASE_URL) {
    const { url, drop } = await openThrowawayDatabase({ prefix: 'bench_start' });
    try {
      rows.push(await measureStarts('PostgreSQL', url, starts));
    } finally {
      await drop();
    }
  }
  console.log(`The built server's start, 1 process, median of ${starts}\n`);
  printTable(
    ['database', 'first answer ms', 'peak RSS MB', `RSS after ${SETTLE_SECONDS} s MB`, 'each start ms'],
    rows,
  );
  console.log('');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchStartup();
