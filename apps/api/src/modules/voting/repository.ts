/**
 * Vote and OTP rows. Every function takes `db: Executor`, the database or an open transaction.
 */
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { cmsPages, voteOtps, votes } from '../../db/schema.js';

export type VoteOtp = typeof voteOtps.$inferSelect;
export type NewVoteOtp = typeof voteOtps.$inferInsert;
export type NewVote = typeof votes.$inferInsert;

/** Unique index behind "one vote per email". */
export const ONE_VOTE_PER_EMAIL_INDEX = 'votes_email_uq';

/**
 * Serialises OTP requests and verifications of one email until the transaction ends, across
 * processes (a PostgreSQL advisory lock), so rate-limit counts and attempt counters stay exact.
 */
export async function lockEmail(tx: Transaction, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vote-otp:${email}`}))`);
}

export async function hasVoted(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: votes.id }).from(votes).where(eq(votes.email, email)).limit(1);
  return row !== undefined;
}

/** OTPs issued to `email` after `since` (delivered or not: each request counts). */
export async function countOtpsSince(db: Executor, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(voteOtps)
    .where(and(eq(voteOtps.email, email), gt(voteOtps.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertOtp(db: Executor, values: NewVoteOtp): Promise<VoteOtp> {
  const [row] = await db.insert(voteOtps).values(values).returning();
  if (!row) throw new Error('vote OTP insert returned no row');
  return row;
}

/** The newest OTP of an email: the only one that can still be used. */
export async function findLatestOtp(db: Executor, email: string): Promise<VoteOtp | undefined> {
  const [row] = await db
    .select()
    .from(voteOtps)
    .where(eq(voteOtps.email, email))
    .orderBy(desc(voteOtps.createdAt), desc(voteOtps.id))
    .limit(1);
  return row;
}

/** Counts one more wrong try; returns the new count. */
export async function incrementAttempts(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .update(voteOtps)
    .set({ attempts: sql`${voteOtps.attempts} + 1` })
    .where(eq(voteOtps.id, id))
    .returning({ attempts: voteOtps.attempts });
  if (!row) throw new Error(`vote OTP ${id} vanished`);
  return row.attempts;
}

export async function consumeOtp(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(voteOtps).set({ consumedAt: at }).where(eq(voteOtps.id, id));
}

export async function revokeOtp(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(voteOtps).set({ revokedAt: at }).where(eq(voteOtps.id, id));
}

export async function insertVote(db: Executor, values: NewVote): Promise<void> {
  await db.insert(votes).values(values);
}

/** Every nominee page with its votes, most votes first, then by title; 0 for a nominee without votes. */
export async function countVotesByNominee(db: Executor) {
  const tally = count(votes.id);
  return db
    .select({ id: cmsPages.id, slug: cmsPages.slug, title: cmsPages.title, votes: tally })
    .from(cmsPages)
    .leftJoin(votes, eq(votes.cmsPageId, cmsPages.id))
    .where(eq(cmsPages.kind, 'nominee'))
    .groupBy(cmsPages.id)
    .orderBy(desc(tally), asc(cmsPages.title), asc(cmsPages.id));
}
