/**
 * Limits on organizer sign-ins by password, as rate-limiter-flexible's brute-force protection
 * pattern counts them (consecutive failures by username and address, and a slower counter per
 * username), so that a stranger guessing a password cannot lock its owner out:
 *
 * - per account and client address, SIGN_IN_PER_ACCOUNT_AND_ADDRESS: past `points` attempts
 *   without the right password, that address is refused for that account (429 with
 *   Retry-After) for `blockSeconds`; the right password resets its count. An attacker's address
 *   is stopped while the owner, at another address, signs in as usual;
 * - per account, whatever the address, SIGN_IN_SLOW_DOWN: past `freeAttempts` attempts without
 *   the right password in its window, each attempt waits before its password is checked, twice
 *   as long as the one before, up to `maxDelayMs`. It never refuses, so attackers spreading
 *   their guesses over many addresses slow the owner down by seconds at most;
 * - a wrong password that fills either limit queues the `sign-in-warning` email to the
 *   account (an existing organizer only), at most once per SIGN_IN_WARNING_INTERVAL_SECONDS.
 *
 * Attempts are counted before the password is checked: guesses sent in parallel cannot all pass
 * one check. The counters live in the database on PostgreSQL, shared by every process (table
 * `rate_limits`, as the routes' limits), and in memory on PGlite, which runs one process.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { JobQueue } from '../../plugins/jobs.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /**
     * The email telling an organizer someone is guessing their password (organizers/jobs.ts):
     * the latest client address and when (ISO 8601).
     */
    'sign-in-warning': { organizerId: string; address: string; at: string };
  }
}

/** Attempts without the right password per account and client address, then a refusal. */
export const SIGN_IN_PER_ACCOUNT_AND_ADDRESS = {
  points: 10,
  durationSeconds: 15 * 60,
  blockSeconds: 15 * 60,
};

/** Attempts without the right password per account, from any address, before they wait. */
export const SIGN_IN_SLOW_DOWN = {
  freeAttempts: 20,
  durationSeconds: 15 * 60,
  firstDelayMs: 500,
  maxDelayMs: 8_000,
};

/** At most one warning email per account in this many seconds. */
export const SIGN_IN_WARNING_INTERVAL_SECONDS = 60 * 60;

/** Why a sign-in was refused before its password was checked. */
export interface SignInRefusal {
  retryAfterSeconds: number;
}

export interface SignInLimits {
  /**
   * Counts an attempt to sign in to `email` (lower case) from `address` before its password
   * is checked, waiting first when the account is being slowed down.
   * @returns a refusal while this address is over its limit for this account, else undefined
   */
  admit(email: string, address: string): Promise<SignInRefusal | undefined>;
  /** The password was right: this address starts afresh, and the account's count drops by one. */
  passwordRight(email: string, address: string): Promise<void>;
  /** The password was wrong: warns the account when this attempt filled a limit. */
  passwordWrong(email: string, address: string): Promise<void>;
}

export interface SignInLimitsOptions {
  connection: DatabaseHandle['connection'];
  db: Database;
  jobs: JobQueue;
  now(): Date;
  log: FastifyBaseLogger;
}

/**
 * How long the `attempt`-th attempt without the right password to one account in its window
 * waits before its password is checked, in milliseconds (0 up to SIGN_IN_SLOW_DOWN.freeAttempts).
 */
export function signInDelayMs(attempt: number): number {
  const over = attempt - SIGN_IN_SLOW_DOWN.freeAttempts;
  if (over <= 0) return 0;
  return Math.min(SIGN_IN_SLOW_DOWN.maxDelayMs, SIGN_IN_SLOW_DOWN.firstDelayMs * 2 ** (over - 1));
}

interface CounterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
  blockDuration?: number;
}

async function openCounter(
  connection: DatabaseHandle['connection'],
  options: CounterOptions,
): Promise<RateLimiterAbstract> {
  if (connection.driver !== 'postgres') return new RateLimiterMemory(options);
  return new Promise((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres(
      { ...options, storeClient: connection.pool, storeType: 'pool', tableName: 'rate_limits' },
      (error?: Error) => (error ? reject(error) : resolve(limiter)),
    );
  });
}

/**
 * Consumes a point of `key`. rate-limiter-flexible rejects with its result when the key is over
 * its limit, and with an Error when the store fails; only the latter is thrown.
 */
async function consume(
  counter: RateLimiterAbstract,
  key: string,
): Promise<{ allowed: boolean; result: RateLimiterRes }> {
  try {
    return { allowed: true, result: await counter.consume(key) };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { allowed: false, result: error };
    throw error;
  }
}

/** Opens the counters (on PostgreSQL, creating their table when missing). */
export async function openSignInLimits(options: SignInLimitsOptions): Promise<SignInLimits> {
  const { connection, db, jobs, log } = options;
  // One after another: concurrent CREATE TABLE IF NOT EXISTS may collide on PostgreSQL.
  const perAddress = await openCounter(connection, {
    keyPrefix: 'organizer-sign-in-address',
    points: SIGN_IN_PER_ACCOUNT_AND_ADDRESS.points,
    duration: SIGN_IN_PER_ACCOUNT_AND_ADDRESS.durationSeconds,
    blockDuration: SIGN_IN_PER_ACCOUNT_AND_ADDRESS.blockSeconds,
  });
  const perAccount = await openCounter(connection, {
    keyPrefix: 'organizer-sign-in-account',
    // penalty() only counts; the delay is what holds an account's guessers back.
    points: Number.MAX_SAFE_INTEGER,
    duration: SIGN_IN_SLOW_DOWN.durationSeconds,
  });
  const warnings = await openCounter(connection, {
    keyPrefix: 'organizer-sign-in-warning',
    points: 1,
    duration: SIGN_IN_WARNING_INTERVAL_SECONDS,
  });
  // The address first: it holds no '|', so no email can make two pairs share a key.
  const addressKey = (email: string, address: string) => `${address}|${email}`;

  const warn = async (email: string, address: string) => {
    const organizer = await repository.findOrganizerByEmail(db, email);
    if (!organizer || !(await consume(warnings, organizer.id)).allowed) return;
    await jobs.enqueue(db, 'sign-in-warning', {
      organizerId: organizer.id,
      address,
      at: options.now().toISOString(),
    });
    log.info({ organizerId: organizer.id }, 'organizer sign-in limit reached; warning the account');
  };

  return {
    async admit(email, address) {
      const fromAddress = await consume(perAddress, addressKey(email, address));
      if (!fromAddress.allowed) {
        return { retryAfterSeconds: Math.max(1, Math.ceil(fromAddress.result.msBeforeNext / 1000)) };
      }
      const attempt = await perAccount.penalty(email, 1);
      const delay = signInDelayMs(attempt.consumedPoints);
      if (delay > 0) await sleep(delay);
      return undefined;
    },
    async passwordRight(email, address) {
      await perAddress.delete(addressKey(email, address));
      await perAccount.reward(email, 1);
    },
    async passwordWrong(email, address) {
      const fromAddress = await perAddress.get(addressKey(email, address));
      const overall = await perAccount.get(email);
      const addressFull = (fromAddress?.consumedPoints ?? 0) >= SIGN_IN_PER_ACCOUNT_AND_ADDRESS.points;
      const accountFull = (overall?.consumedPoints ?? 0) >= SIGN_IN_SLOW_DOWN.freeAttempts;
      if (addressFull || accountFull) await warn(email, address);
    },
  };
}
