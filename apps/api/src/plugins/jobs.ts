/**
 * The job queue (pg-boss, https://pgboss.io) as a named plugin: `app.jobs`. Side effects that
 * follow a state change (emails, provider refunds) are written as jobs in the transaction of
 * that change, so they exist exactly when it commits; a worker in every server process runs
 * them after commit, with retries and exponential backoff. A crash between commit and send
 * loses nothing: the job is still queued (or its claim expires) and runs after restart.
 * Handlers must be idempotent (each records what it did and skips what is done), because a
 * worker that dies mid-job runs the job again. Why pg-boss: docs/decisions/005-job-queue.md.
 *
 * Modules declare their job names and payloads by augmenting `JobPayloads`:
 * ```ts
 * declare module '../../plugins/jobs.js' { interface JobPayloads { 'pass-email': { orderId: string } } }
 * ```
 */
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type ConstructorOptions,
  type DrizzleTransactionLike,
  type JobResult,
  type QueueOptions,
} from 'pg-boss';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/search.js';

/** Job name → payload; augmented by the modules that own the jobs. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}
export type JobName = keyof JobPayloads & string;
/** Jobs without a payload, which `every` can queue on a timer. */
export type PeriodicJobName = {
  [N in JobName]: JobPayloads[N] extends Record<string, never> ? N : never;
}[JobName];

/** One attempt of a job, as the handler sees it. */
export interface JobAttempt<N extends JobName> {
  id: string;
  data: JobPayloads[N];
  /** 0 on the first attempt. */
  retryCount: number;
}

export interface JobQueue {
  /**
   * Writes a job in `tx` (or, given the database, on its own): it runs only if, and once, that
   * transaction commits; not before `startAfterSeconds`, when given.
   */
  enqueue<N extends JobName>(
    tx: Executor,
    name: N,
    data: JobPayloads[N],
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  /**
   * Writes one job of `name` per payload in `tx`, as `enqueue` does, in statements of up to
   * ENQUEUE_BATCH jobs rather than one per job: for announcements to a whole list.
   */
  enqueueMany<N extends JobName>(tx: Executor, name: N, data: readonly JobPayloads[N][]): Promise<void>;
  /**
   * Registers the handler of a job name. A handler that throws is retried with backoff up to
   * the queue's retry limit, then the job is kept as failed (visible in pg-boss's tables).
   */
  handle<N extends JobName>(
    name: N,
    handler: (job: JobAttempt<N>) => Promise<void>,
    options?: QueueOptions,
  ): void;
  /**
   * Queues `name` every `seconds` from when the app is ready until it closes. Its queue has
   * pg-boss's `short` policy, which keeps one job queued at a time: however many processes'
   * timers fire, one sweep waits, and pg-boss hands it to one worker. For sweeps whose failure
   * is simply the next run's work.
   */
  every(name: PeriodicJobName, seconds: number): void;
  /**
   * Deletes, in `tx`, every job whatever its state (queued, retrying, running, completed, failed)
   * whose payload or recorded output mentions `text`, case-blind, and answers how many. For an
   * erasure: a payload may carry an address (`pass-email`'s recipient) and a failed job's
   * output the mail server's words about it. pg-boss keeps finished jobs in the same table
   * until their retention ends, so this reaches them too.
   */
  deleteMentioning(tx: Executor, text: string): Promise<number>;
  /**
   * Jobs whose last attempt failed, newest first, at most `limit`: `failed` ones (out of
   * attempts, kept until pg-boss's retention ends) and `retry` ones (waiting for their next
   * attempt at `startAfter`). `error` is the message the handler threw.
   */
  troubled(db: Executor, limit: number): Promise<TroubledJob[]>;
  /** The job `id` (a UUID) as `troubled` lists it, or undefined when it is not failed or retrying. */
  troubledById(db: Executor, id: string): Promise<TroubledJob | undefined>;
  /**
   * Queues a job that failed for good once more (pg-boss `retry`: one more attempt, now).
   * Answers false when the job is not failed (retried meanwhile, or gone).
   */
  retryFailed(name: string, id: string): Promise<boolean>;
  /**
   * Jobs per queue and state (created, retry, active, failed), and per queue the age in seconds
   * of the oldest job waiting to start (0 when none waits), at `now`: for the metrics.
   */
  queueStats(db: Executor, now: Date): Promise<QueueStat[]>;
}

/** One queue's jobs by state (`JobQueue.queueStats`). */
export interface QueueStat {
  name: string;
  state: 'created' | 'retry' | 'active' | 'failed';
  jobs: number;
  oldestWaitingSeconds: number;
}

/** A job whose last attempt failed (`JobQueue.troubled`). */
export interface TroubledJob {
  id: string;
  name: string;
  state: 'failed' | 'retry';
  data: unknown;
  /** Attempts made so far. */
  attempts: number;
  error: string | null;
  createdAt: Date;
  /** When it failed for good (`failed`); null while it waits for a retry. */
  failedAt: Date | null;
  /** When the next attempt starts (`retry`); null once failed for good. */
  nextAttemptAt: Date | null;
}

/** The PostgreSQL schema of pg-boss's tables. */
const SCHEMA = 'pgboss';

/** The columns of pg-boss's job table that `toTroubledJob` reads. */
const TROUBLED_COLUMNS = sql.raw(
  'id, name, state, data, retry_count, output, created_on, completed_on, start_after',
);

interface TroubledRow {
  id: string;
  name: string;
  state: 'failed' | 'retry';
  data: unknown;
  retry_count: number;
  output: { message?: unknown } | null;
  created_on: string | Date;
  completed_on: string | Date | null;
  start_after: string | Date;
}

function toTroubledJob(row: TroubledRow): TroubledJob {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    data: row.data,
    // A job waiting for a retry has made one attempt more than it has retried.
    attempts: row.state === 'retry' ? row.retry_count : row.retry_count + 1,
    error: typeof row.output?.message === 'string' ? row.output.message : null,
    createdAt: new Date(row.created_on),
    failedAt: row.state === 'failed' && row.completed_on ? new Date(row.completed_on) : null,
    nextAttemptAt: row.state === 'retry' ? new Date(row.start_after) : null,
  };
}

/** Jobs a worker fetches at once (see the workers below). */
const JOB_BATCH = 10;

/**
 * Jobs per statement of `enqueueMany`: pg-boss's `insert` sends them as one JSON parameter, so
 * a list of any length goes in a few statements of bounded size.
 */
const ENQUEUE_BATCH = 1000;

/** Retry policy of every queue unless its module says otherwise: 10 tries over about 2 hours. */
const DEFAULT_QUEUE: QueueOptions = {
  retryLimit: 10,
  retryBackoff: true,
  retryDelay: 5,
  retryDelayMax: 30 * 60,
  expireInSeconds: 5 * 60,
};

export interface JobsPluginOptions {
  /**
   * Whether this process runs jobs (default true). Tests turn it off to leave jobs queued, as
   * a process killed right after a commit would.
   */
  work?: boolean;
  /** Seconds between polls when no notification arrives (default 2). */
  pollingIntervalSeconds?: number;
  /** Retries of a failing job before it is failed for good (default 10); tests lower it. */
  retryLimit?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export default fp<JobsPluginOptions>(
  async (app, options) => {
    const { connection } = app.database;
    const common: ConstructorOptions = { schema: SCHEMA, schedule: false, useListenNotify: true };
    const boss = new PgBoss(
      connection.driver === 'pglite'
        ? { ...common, db: fromPglite(connection.client), backend: 'pglite' }
        : { ...common, connectionString: connection.url, max: 4, application_name: 'festival-jobs' },
    );
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));

    const handlers = new Map<
      string,
      { run: (job: JobAttempt<JobName>) => Promise<void>; queue: QueueOptions }
    >();
    const periodic = new Map<PeriodicJobName, number>();
    const timers: NodeJS.Timeout[] = [];

    const jobs: JobQueue = {
      async enqueue(tx, name, data, sendOptions = {}) {
        await boss.send(name, data as object, {
          // Both drivers' `execute` resolve to `{ rows }` (pg's QueryResult, PGlite's Results);
          // the shared Database type only knows it as unknown.
          db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql),
          ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        });
      },
      async enqueueMany(tx, name, data) {
        // insert() takes the queue's retry policy as send() does (its SQL falls back to the
        // queue's row), and skips send()'s per-job checks, which these plain payloads do not need.
        const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
        for (let start = 0; start < data.length; start += ENQUEUE_BATCH) {
          const batch = data
            .slice(start, start + ENQUEUE_BATCH)
            .map((payload) => ({ data: payload as object }));
          await boss.insert(name, batch, { db });
        }
      },
      handle(name, handler, queue = {}) {
        if (handlers.has(name)) throw new Error(`job ${name} already has a handler`);
        handlers.set(name, {
          run: handler as (job: JobAttempt<JobName>) => Promise<void>,
          queue: {
            ...DEFAULT_QUEUE,
            ...(options.retryLimit === undefined ? {} : { retryLimit: options.retryLimit }),
            ...queue,
          },
        });
      },
      every(name, seconds) {
        periodic.set(name, seconds);
      },
      async deleteMentioning(tx, text) {
        const needle = text.toLowerCase();
        const mentions = (column: string) =>
          sql`strpos(lower(coalesce(${sql.raw(column)}::text, '')), ${needle}) > 0`;
        const result = await tx.execute(sql`
          delete from ${sql.raw(`${SCHEMA}.job`)}
          where ${mentions('data')} or ${mentions('output')} or ${mentions('source_output')}
          returning id`);
        return rowsOf(result).length;
      },
      async troubled(db, limit) {
        return rowsOf<TroubledRow>(
          await db.execute(sql`
            select ${TROUBLED_COLUMNS}
            from ${sql.raw(`${SCHEMA}.job`)}
            where state in ('failed', 'retry')
            order by coalesce(completed_on, created_on) desc
            limit ${limit}`),
        ).map(toTroubledJob);
      },
      async troubledById(db, id) {
        const [row] = rowsOf<TroubledRow>(
          await db.execute(sql`
            select ${TROUBLED_COLUMNS}
            from ${sql.raw(`${SCHEMA}.job`)}
            where id = ${id} and state in ('failed', 'retry')`),
        );
        return row && toTroubledJob(row);
      },
      async queueStats(db, now) {
        const rows = rowsOf<{
          name: string;
          state: QueueStat['state'];
          jobs: string | number;
          oldest: string | Date | null;
        }>(
          await db.execute(sql`
            select name, state, count(*) as jobs,
              min(created_on) filter (where state in ('created', 'retry') and start_after <= ${now.toISOString()}::timestamptz) as oldest
            from ${sql.raw(`${SCHEMA}.job`)}
            where state in ('created', 'retry', 'active', 'failed')
            group by name, state`),
        );
        return rows.map((row) => ({
          name: row.name,
          state: row.state,
          jobs: Number(row.jobs),
          oldestWaitingSeconds: row.oldest
            ? Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000)
            : 0,
        }));
      },
      async retryFailed(name, id) {
        // pg-boss answers { requested, affected }; its type declares none of it.
        const result = (await boss.retry(name, id)) as { affected?: number };
        return (result.affected ?? 0) > 0;
      },
    };
    app.decorate('jobs', jobs);

    // Every module has registered its handlers by now: create their queues, then work them.
    let started = false;
    app.addHook('onReady', async () => {
      await boss.start();
      started = true;
      for (const [name, { queue }] of handlers) {
        const policy = periodic.has(name as PeriodicJobName) ? 'short' : 'standard';
        // A policy is fixed when a queue is created; a periodic queue created before it had one
        // is made again (it holds at most sweeps, each the next one's work).
        const existing = await boss.getQueue(name);
        if (existing && existing.policy !== policy) await boss.deleteQueue(name);
        await boss.createQueue(name, { ...queue, policy, notify: true });
        await boss.updateQueue(name, queue);
      }
      for (const [name, seconds] of periodic) {
        const timer = setInterval(() => {
          jobs
            .enqueue(app.db, name, {})
            .catch((err: unknown) => app.log.warn({ err, job: name }, 'could not queue a periodic job'));
        }, seconds * 1000);
        timer.unref();
        timers.push(timer);
      }
      if (options.work === false) return;
      // NOTIFY wakes a worker at once, but without more notifications it then polls every
      // `interval`: one job per poll would leave a backlog (the emails of a busy sale) draining
      // at one job per interval. A worker takes up to JOB_BATCH jobs per fetch, runs them one
      // after another and fetches again at once while batches come back full; each job still
      // succeeds or fails (and is retried) on its own.
      const interval = options.pollingIntervalSeconds ?? 2;
      for (const [name, { run }] of handlers) {
        await boss.work<JobPayloads[JobName]>(
          name,
          {
            pollingIntervalSeconds: interval,
            notifyPollingIntervalSeconds: interval,
            batchSize: JOB_BATCH,
            burstWhenBatchFull: true,
            perJobResults: true,
          },
          async (batch) => {
            const results: JobResult[] = [];
            for (const job of batch) {
              const log = app.log.child({ job: name, jobId: job.id, attempt: job.retryCount + 1 });
              try {
                await run({ id: job.id, data: job.data, retryCount: job.retryCount });
                results.push({ id: job.id, status: 'completed' });
              } catch (err) {
                log.warn({ err }, 'job failed; it will be retried');
                const message = err instanceof Error ? err.message : String(err);
                results.push({ id: job.id, status: 'failed', output: { message } });
              }
            }
            return results;
          },
        );
      }
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
