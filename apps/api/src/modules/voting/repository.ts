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

/**
 * Of `categoryIds`, the award categories in which a vote carries `email`, or `voterKey` (the
 * email's key) after an erasure.
 */
export async function votedCategories(
  db: Executor,
  email: string,
  voterKey: string,
  categoryIds: number[],
): Promise<number[]> {
  if (categoryIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: votes.awardCategoryId })
    .from(votes)
    .where(
      and(
        inArray(votes.awardCategoryId, categoryIds),
        or(eq(votes.email, email), eq(votes.voterKey, voterKey)),
      ),
    );
  return rows.map((row) => row.id);
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

export async function insertVote(db: Executor, values: NewVote): Promise<void> {
  await db.insert(votes).values(values);
}

/** The votes of edition `eventId`: those cast in its award categories. */
function ofEdition(db: Executor, eventId: number) {
  return inArray(
    votes.awardCategoryId,
    db.select({ id: awardCategories.id }).from(awardCategories).where(eq(awardCategories.eventId, eventId)),
  );
}

/**
 * Edition `eventId`'s award categories in order, each nominee page in them with its verified
 * votes (pages without votes included, a category without nominees as one row with no page).
 */
export async function countVotesByNominee(db: Executor, eventId: number) {
  return db
    .select({
      categoryId: awardCategories.id,
      category: awardCategories.name,
      id: cmsPages.id,
      slug: cmsPages.slug,
      title: cmsPages.title,
      votes: sql<number>`count(${votes.id})::int`,
    })
    .from(awardCategories)
    .leftJoin(cmsPages, and(eq(cmsPages.awardCategoryId, awardCategories.id), eq(cmsPages.kind, 'nominee')))
    .leftJoin(votes, eq(votes.cmsPageId, cmsPages.id))
    .where(eq(awardCategories.eventId, eventId))
    .groupBy(awardCategories.id, cmsPages.id)
    .orderBy(awardCategories.position, awardCategories.id, desc(sql`count(${votes.id})`), cmsPages.title);
}

/** Votes of edition `eventId` per email domain and nominee. */
export async function countVotesByDomain(db: Executor, eventId: number) {
  const domain = sql<string>`lower(split_part(${votes.email}, '@', 2))`;
  return db
    .select({ domain, cmsPageId: votes.cmsPageId, votes: sql<number>`count(*)::int` })
    .from(votes)
    .where(ofEdition(db, eventId))
    .groupBy(domain, votes.cmsPageId);
}

/**
 * Client addresses that verified at least `min` votes in edition `eventId`, with their votes
 * per nominee.
 */
export async function countVotesByBusyAddress(db: Executor, eventId: number, min: number) {
  const busy = db
    .select({ ip: votes.ip })
    .from(votes)
    .where(and(sql`${votes.ip} is not null`, ofEdition(db, eventId)))
    .groupBy(votes.ip)
    .having(sql`count(*) >= ${min}`);
  return db
    .select({ ip: sql<string>`${votes.ip}`, cmsPageId: votes.cmsPageId, votes: sql<number>`count(*)::int` })
    .from(votes)
    .where(and(inArray(votes.ip, busy), ofEdition(db, eventId)))
    .groupBy(votes.ip, votes.cmsPageId);
}

/** Every vote of every edition with its nominee, category and edition, oldest first (for the export). */
export async function listVotes(db: Executor) {
  return db
    .select({
      at: votes.createdAt,
      email: votes.email,
      ip: votes.ip,
      nominee: cmsPages.title,
      category: awardCategories.name,
      edition: events.name,
    })
    .from(votes)
    .innerJoin(cmsPages, eq(cmsPages.id, votes.cmsPageId))
    .innerJoin(awardCategories, eq(awardCategories.id, votes.awardCategoryId))
    .innerJoin(events, eq(events.id, awardCategories.eventId))
    .orderBy(votes.createdAt, votes.id);
}

/** Votes of edition `eventId` per nominee whose email domain or client address is among the flagged ones. */
export async function countFlaggedVotesByNominee(
  db: Executor,
  eventId: number,
  domains: string[],
  addresses: string[],
) {
  if (domains.length === 0 && addresses.length === 0) return [];
  const domain = sql`lower(split_part(${votes.email}, '@', 2))`;
  return db
    .select({ cmsPageId: votes.cmsPageId, votes: sql<number>`count(*)::int` })
    .from(votes)
    .where(
      and(
        ofEdition(db, eventId),
        or(
          domains.length > 0 ? inArray(domain, domains) : undefined,
          addresses.length > 0 ? inArray(votes.ip, addresses) : undefined,
        ),
      ),
    )
    .groupBy(votes.cmsPageId);
}

/**
 * Replaces the email and client address of `email`'s votes (they still count), keeping (or, on
 * a vote older than the key, setting) their `voterKey`, and deletes its one-time codes.
 * Returns how many votes (one at most in each award category).
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

/** Closes (a date) or reopens (null) award voting of an edition. */
export async function setVotingClosedAt(db: Executor, eventId: number, at: Date | null): Promise<void> {
  await db.update(events).set({ votingClosedAt: at }).where(eq(events.id, eventId));
}
