/**
 * The primary process of `WEB_CONCURRENCY=N npm start` on PostgreSQL: it serves
 * nothing itself but runs N workers with node:cluster, each a whole server (server.ts run
 * again) listening on the same port, which the primary hands connections to in turn.
 *
 * - A worker that ends after it was listening (a crash, an out-of-memory kill) is replaced.
 * - A worker that ends before it listened stops the whole server with exit code 1: a start-up
 *   failure (database unreachable, a bad migration) would only repeat.
 * - SIGTERM or SIGINT: no more replacements; each worker gets SIGTERM and shuts down
 *   gracefully (SHUTDOWN_GRACE_SECONDS); the primary exits 0 once all have ended. A second
 *   signal is passed on too, which makes the workers exit at once.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

export interface PrimaryOptions {
  workers: number;
  /** How long workers may take to shut down before they are killed, in ms. */
  shutdownMs: number;
  log: Logger;
}

export function runPrimary({ workers, shutdownMs, log }: PrimaryOptions): void {
  const live = new Set<Worker>();
  const listening = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  function fork() {
    const worker = cluster.fork();
    live.add(worker);
  }

  function stop(signal: NodeJS.Signals) {
    stopping = true;
    for (const worker of live) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
    }, shutdownMs).unref();
  }

  cluster.on('listening', (worker) => {
    listening.add(worker);
    log.info({ worker: worker.process.pid }, 'worker listening');
  });

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    const wasListening = listening.delete(worker);
    const ended = { worker: worker.process.pid, code, signal };
    if (stopping) {
      if (live.size === 0) {
        log.info({ exitCode }, 'all workers stopped');
        process.exit(exitCode);
      }
    } else if (!wasListening) {
      log.error(ended, 'a worker failed to start; stopping the server');
      exitCode = 1;
      stop('SIGTERM');
      if (live.size === 0) process.exit(exitCode);
    } else {
      log.error(ended, 'a worker ended unexpectedly; starting a new one');
      fork();
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      log.info({ signal, workers: live.size }, 'shutting down the workers');
      stop(signal);
    });
  }

  log.info({ workers }, 'starting workers');
  for (let count = 0; count < workers; count += 1) fork();
}
