/**
 * `WEB_CONCURRENCY=N`, run as a real server process (src/server.ts through tsx)
 * and watched through its JSON log lines, which carry each process's pid. On PostgreSQL: two
 * workers answer, a killed worker is replaced, SIGTERM stops them all and exits 0. On PGlite:
 * one process, and a warning that says why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from './helper.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface LogLine {
  pid: number;
  msg: string;
  worker?: number;
  [key: string]: unknown;
}

interface RunningServer {
  process: ChildProcess;
  port: number;
  lines: LogLine[];
  /** Resolves with the first log line (already seen or to come) that `match` accepts. */
  waitFor(match: (line: LogLine) => boolean, what: string): Promise<LogLine>;
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'festival-cluster-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
  });
  const lines: LogLine[] = [];
  const waiters: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const text of complete.filter(Boolean)) {
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      for (const waiter of waiters.filter((candidate) => candidate.match(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    process: child,
    port,
    lines,
    exited,
    waitFor(match, what) {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no log line: ${what}`)), 60_000);
        waiters.push({
          match,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
      });
    },
  };
}

/** GET /api/health on a new connection each time, so the cluster can pick another worker. */
function health(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const ready = (line: LogLine) => line.msg === 'Startup Fest Gujarat is ready';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!process.env.DATABASE_URL)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it(
    'runs two workers that both answer, replaces a killed one and stops all on SIGTERM',
    { timeout: 180_000 },
    async () => {
      const throwaway = await openTestDatabase({ prefix: 'cluster' });
      cleanups.push(() => throwaway.drop());
      // The throwaway handle's own connections stay open; the workers open theirs.
      const server = await startServer({ DATABASE_URL: throwaway.url!, WEB_CONCURRENCY: '2' });
      const primary = server.process.pid!;

      const first = await server.waitFor((line) => ready(line), 'a worker ready');
      const second = await server.waitFor(
        (line) => ready(line) && line.pid !== first.pid,
        'a second worker ready',
      );
      expect([first.pid, second.pid]).not.toContain(primary);

      for (let request = 0; request < 10; request += 1) expect(await health(server.port)).toBe(200);
      await server.waitFor(
        (line) => line.msg === 'request completed' && line.pid === first.pid,
        'a request answered by the first worker',
      );
      await server.waitFor(
        (line) => line.msg === 'request completed' && line.pid === second.pid,
        'a request answered by the second worker',
      );

      process.kill(first.pid, 'SIGKILL');
      const replacement = await server.waitFor(
        (line) => ready(line) && ![first.pid, second.pid].includes(line.pid),
        'a replacement worker ready',
      );
      expect(await health(server.port)).toBe(200);

      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect([second.pid, replacement.pid].filter(isRunning)).toEqual([]);
    },
  );
});

describe('WEB_CONCURRENCY=2 on PGlite', () => {
  it('runs one process and says why', { timeout: 120_000 }, async () => {
    const server = await startServer({ WEB_CONCURRENCY: '2' });
    const serving = await server.waitFor(ready, 'the server ready');
    expect(serving.pid).toBe(server.process.pid);
    expect(server.lines.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(/^WEB_CONCURRENCY=2 ignored: the embedded PGlite database allows one process/),
    );
    expect(server.lines.some((line) => line.msg === 'starting workers')).toBe(false);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
