/**
 * Vote and OTP rows. Every function takes `db: Executor`, the database or an open transaction.
 */
import { and, count, desc, eq, gt, inArray, min, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { awardCategories, cmsPages, events, voteOtps, votes } from '../../db/schema.js';

export type VoteOtp = typeof voteOtps.$inferSelect;
export type NewVoteOtp = typeof voteOtps.$inferInsert;
export type NewVote = typeof votes.$inferInsert;

/** Unique index behind "one vote per email" in each award category. */
export const ONE_VOTE_PER_EMAIL_INDEX = 'votes_category_email_uq';
/** The unique index that keeps an erased voter's email from voting again in a category. */
export const ONE_VOTE_PER_VOTER_KEY_INDEX = 'votes_category_voter_key_uq';

/**
 * Serialises OTP requests and verifications of one email until the transaction ends, across
 * processes (a PostgreSQL advisory lock), so rate-limit counts and attempt counters stay exact.
 */
export async function lockEmail(tx: Transaction, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vote-otp:${email}`}))`);
}

/** Whether a vote carries `email`, or `voterKey` (the email's key) after an erasure. */
export async function hasVoted(db: Executor, email: string, voterKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: votes.id })
    .from(votes)
    .where(or(eq(votes.email, email), eq(votes.voterKey, voterKey)))
    .limit(1);
  return row !== undefined;
}

/**
 * OTPs issued to `email` after `since` (delivered or not: each request counts), and when the
 * first of them was issued (null when none).
 */
export async function otpsSince(
  db: Executor,
  email: string,
  since: Date,
): Promise<{ issued: number; firstAt: Date | null }> {
  const [row] = await db
    .select({ issued: count(), firstAt: min(voteOtps.createdAt) })
    .from(voteOtps)
    .where(and(eq(voteOtps.email, email), gt(voteOtps.createdAt, since)));
  return { issued: row?.issued ?? 0, firstAt: row?.firstAt ?? null };
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

/**
 * The award category a vote for nominee page `cmsPageId` counts in: the page's own, or for a
 * nominee page without one, the first category of the current edition (made when it has none).
 */
export async function awardCategoryOf(tx: Executor, cmsPageId: number): Promise<number> {
  const [page] = await tx
    .select({ awardCategoryId: cmsPages.awardCategoryId })
    .from(cmsPages)
    .where(eq(cmsPages.id, cmsPageId));
  if (page?.awardCategoryId) return page.awardCategoryId;
  const [current] = await tx
    .select({ id: events.id })
    .from(events)
    .orderBy(sql`${events.currentSince} desc nulls last`, desc(events.startsAt))
    .limit(1);
  await tx
    .insert(awardCategories)
    .values({ eventId: current!.id, name: 'Startup Fest Awards', position: 1 })
    .onConflictDoNothing();
  const [first] = await tx
    .select({ id: awardCategories.id })
    .from(awardCategories)
    .where(eq(awardCategories.eventId, current!.id))
    .orderBy(awardCategories.position, awardCategories.id)
    .limit(1);
  return first!.id;
}

export async function insertVote(db: Executor, values: NewVote): Promise<void> {
  await db.insert(votes).values(values);
}

/** Verified votes per nominee page (pages without votes included), most votes first. */
export async function countVotesByNominee(db: Executor) {
  return db
    .select({
      id: cmsPages.id,
      slug: cmsPages.slug,
      title: cmsPages.title,
      votes: sql<number>`count(${votes.id})::int`,
    })
    .from(cmsPages)
    .leftJoin(votes, eq(votes.cmsPageId, cmsPages.id))
    .where(eq(cmsPages.kind, 'nominee'))
    .groupBy(cmsPages.id)
    .orderBy(desc(sql`count(${votes.id})`), cmsPages.title);
}

/** Votes per email domain and nominee. */
export async function countVotesByDomain(db: Executor) {
  const domain = sql<string>`lower(split_part(${votes.email}, '@', 2))`;
  return db
    .select({ domain, cmsPageId: votes.cmsPageId, votes: sql<number>`count(*)::int` })
    .from(votes)
    .groupBy(domain, votes.cmsPageId);
}

/** Client addresses that verified at least `min` votes, with their votes per nominee. */
export async function countVotesByBusyAddress(db: Executor, min: number) {
  const busy = db
    .select({ ip: votes.ip })
    .from(votes)
    .where(sql`${votes.ip} is not null`)
    .groupBy(votes.ip)
    .having(sql`count(*) >= ${min}`);
  return db
    .select({ ip: sql<string>`${votes.ip}`, cmsPageId: votes.cmsPageId, votes: sql<number>`count(*)::int` })
    .from(votes)
    .where(inArray(votes.ip, busy))
    .groupBy(votes.ip, votes.cmsPageId);
}

/** Every vote with its nominee, oldest first (for the export). */
export async function listVotes(db: Executor) {
  return db
    .select({ at: votes.createdAt, email: votes.email, ip: votes.ip, nominee: cmsPages.title })
    .from(votes)
    .innerJoin(cmsPages, eq(cmsPages.id, votes.cmsPageId))
    .orderBy(votes.createdAt, votes.id);
}

/** Votes per nominee whose email domain or client address is among the flagged ones. */
export async function countFlaggedVotesByNominee(db: Executor, domains: string[], addresses: string[]) {
  if (domains.length === 0 && addresses.length === 0) return [];
  const domain = sql`lower(split_part(${votes.email}, '@', 2))`;
  return db
    .select({ cmsPageId: votes.cmsPageId, votes: sql<number>`count(*)::int` })
    .from(votes)
    .where(
      or(
        domains.length > 0 ? inArray(domain, domains) : undefined,
        addresses.length > 0 ? inArray(votes.ip, addresses) : undefined,
      ),
    )
    .groupBy(votes.cmsPageId);
}

/**
 * Replaces the email and client address of `email`'s vote (the vote still counts), keeping
 * (or, on a vote older than the key, setting) its `voterKey`, and deletes its one-time codes.
 * Returns how many votes (0 or 1).
 */
export async function erasePersonalData(tx: Executor, email: string, voterKey: string): Promise<number> {
  await tx.delete(voteOtps).where(sql`lower(${voteOtps.email}) = lower(${email})`);
  const erased = await tx
    .update(votes)
    .set({
      email: sql`'erased-' || ${votes.id} || '@erased.invalid'`,
      ip: null,
      voterKey: sql`coalesce(${votes.voterKey}, ${voterKey})`,
    })
    .where(sql`lower(${votes.email}) = lower(${email})`)
    .returning({ id: votes.id });
  return erased.length;
}
