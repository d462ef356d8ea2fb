/**
 * Award voting with emailed one-time codes (the spec's vote popup and its calls
 * `send-otp`/`resend-otp`/`verify-otp/AwardVoting`).
 *
 * - Codes are 6 digits from `crypto.randomInt`, stored only as HMAC-SHA256 under OTP_SECRET
 *   (keyed with the email, so equal codes of two voters never share a hash).
 * - A code is valid for OTP_TTL_SECONDS (300 s, the popup's countdown), once, and dies after 5 wrong tries. Only the newest code
 *   of an email counts, so a new send or resend invalidates the earlier ones.
 * - At most 5 codes per email per hour, counted in the database so every process agrees.
 * - One vote per email in each award category (a voter votes once in each of the edition's
 *   categories), held by the unique index on (`award_category_id`, `email`) even for racing
 *   verifies, and by the unique (category, voter key) (an HMAC of the email) once an erasure
 *   replaced the email. A later edition has categories of its own, so its voters start afresh.
 * - Voting runs in the current edition only, until organizers close it: a nominee of an earlier
 *   edition is answered 'Voting is closed.'.
 * - The email goes out after the code's row commits; if it cannot be sent the code is revoked
 *   (no usable code is left behind) and the caller is told to try again.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  BUSY_ADDRESS_VOTES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  VOTE_ALREADY_RECORDED_ERROR,
  type Locale,
  type VotingResults,
} from '@festival/shared';
import { isValid as isDeliverableEmail } from 'mailchecker';
import type { Database, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  AlreadyVotedError,
  NotFoundError,
  OtpDeliveryError,
  OtpInvalidError,
  OtpRequestLimitError,
  VotingClosedError,
} from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { listCategories, findCategory } from '../awards/service.js';
import { findNominee } from '../cms/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import type { Mailer } from '../mail/mailer.js';
import { otpEmail } from './emails.js';
import * as repository from './repository.js';

export interface VotingDeps {
  db: Database;
  now(): Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** OTP_SECRET: the HMAC key of stored codes. */
  otpSecret: string;
}

/** Codes one email may request per hour. */
export const OTP_REQUESTS_PER_HOUR = 5;

export const OTP_MESSAGES = {
  tooManyRequests: 'Too many OTP requests. Please try again later.',
  notSent: 'Could not send the OTP email. Please try again.',
  nomineeNotFound: 'Nominee not found',
  noCode: 'No OTP has been requested for this email. Please request an OTP.',
  revoked: 'This OTP is no longer valid. Please request a new OTP.',
  used: 'This OTP has already been used. Please request a new OTP.',
  expired: 'This OTP has expired. Please request a new OTP.',
  tooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  wrong: (left: number) => `Invalid OTP. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
} as const;

const MINUTE_MS = 60_000;

/** A uniformly random code of OTP_LENGTH digits, leading zeros kept. */
export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * The voter key of `email`: hex HMAC-SHA256 of `voter:<email, lower case>` under OTP_SECRET.
 * Kept on the vote after an erasure so the erased address cannot vote twice, while the vote
 * no longer names it (a key cannot be turned back into the address without the secret).
 * Changing OTP_SECRET forgets which erased addresses voted.
 */
export function voterKey(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`voter:${email.toLowerCase()}`).digest('hex');
}

/** Hex HMAC-SHA256 of `email:code` under `secret`. */
export function hashOtp(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The award categories a vote may go to: the nominee's (when the popup was opened from a
 * nominee page, `nomineeId`), else every category of the current edition.
 * @throws VotingClosedError once an organizer has closed voting, or for a nominee of an earlier edition.
 * @throws NotFoundError for an unknown nominee.
 */
async function votingCategories(db: Executor, nomineeId: number | undefined): Promise<number[]> {
  const current = await getCurrentEvent(db);
  if (current.votingClosedAt) throw new VotingClosedError(VOTING_CLOSED_MESSAGE);
  if (nomineeId === undefined) return (await listCategories(db)).map((category) => category.id);
  const nominee = await findNominee(db, nomineeId);
  const category = nominee?.awardCategoryId ? await findCategory(db, nominee.awardCategoryId) : undefined;
  if (!nominee || !category) throw new NotFoundError(OTP_MESSAGES.nomineeNotFound);
  if (category.eventId !== current.id) throw new VotingClosedError(VOTING_CLOSED_MESSAGE);
  return [category.id];
}

/**
 * Whether `email` has voted in every one of `categoryIds` (the spec's 'Your vote has already been
 * recorded!'): in the nominee's category when the popup names one.
 */
async function hasVotedIn(tx: Executor, email: string, key: string, categoryIds: number[]): Promise<boolean> {
  const voted = await repository.votedCategories(tx, email, key, categoryIds);
  return categoryIds.length > 0 && voted.length === categoryIds.length;
}

/**
 * Issues a new code for `email` (normalised by the schema) and emails it. Used by send and
 * resend alike: either way the new code replaces any earlier one.
 * @throws VotingClosedError when voting is closed, or the nominee is of an earlier edition.
 * @throws NotFoundError when `id` is given and is not a nominee page.
 * @throws AlreadyVotedError when the email has voted in the nominee's category (without `id`:
 *   in every category of the current edition).
 * @throws OtpRequestLimitError past OTP_REQUESTS_PER_HOUR codes for the email in the last hour,
 *   with the seconds until the first of them leaves the hour.
 * @throws OtpDeliveryError when the email could not be sent (the code is revoked).
 */
export async function requestOtp(
  deps: VotingDeps,
  input: { email: string; id?: number | undefined; locale: Locale },
  ip: string | undefined,
): Promise<void> {
  const { db } = deps;
  const { email } = input;
  const categoryIds = await votingCategories(db, input.id);
  const code = generateOtp();
  const now = deps.now();
  const otp = await db.transaction(async (tx) => {
    await repository.lockEmail(tx, email);
    if (await hasVotedIn(tx, email, voterKey(deps.otpSecret, email), categoryIds)) {
      throw new AlreadyVotedError(VOTE_ALREADY_RECORDED_ERROR);
    }
    const since = new Date(now.getTime() - 60 * MINUTE_MS);
    const { issued, firstAt } = await repository.otpsSince(tx, email, since);
    if (issued >= OTP_REQUESTS_PER_HOUR) {
      // The hour is a sliding window: a request succeeds again once its first code leaves it.
      const freedAt = (firstAt ?? now).getTime() + 60 * MINUTE_MS;
      throw new OtpRequestLimitError(
        OTP_MESSAGES.tooManyRequests,
        Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)),
      );
    }
    return repository.insertOtp(tx, {
      email,
      codeHash: hashOtp(deps.otpSecret, email, code),
      cmsPageId: input.id ?? null,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      ip: ip ?? null,
      createdAt: now,
    });
  });

  try {
    const event = await getCurrentEvent(db);
    await deps.mailer.send(
      otpEmail({ to: email, code, ttlSeconds: OTP_TTL_SECONDS, event, locale: input.locale }),
    );
  } catch (err) {
    deps.log.error({ err, otpId: otp.id }, 'vote OTP email not sent; code revoked');
    await repository.revokeOtp(db, otp.id, deps.now());
    throw new OtpDeliveryError(OTP_MESSAGES.notSent);
  }
}

/**
 * Checks `otp` against the email's newest code and records the vote for nominee `id` in the
 * nominee's award category. A wrong code's attempt is counted (committed) before the error is thrown.
 * @throws VotingClosedError when voting is closed, or the nominee is of an earlier edition.
 * @throws NotFoundError for an unknown nominee.
 * @throws AlreadyVotedError when the email has voted in the nominee's category (also when a
 *   racing verify won).
 * @throws OtpInvalidError for a missing, revoked, used, expired, exhausted or wrong code.
 */
export async function verifyOtp(
  deps: VotingDeps,
  input: { email: string; otp: string; id: number },
  ip: string | undefined,
): Promise<void> {
  const { db } = deps;
  const { email } = input;
  const now = deps.now();
  const [awardCategoryId] = await votingCategories(db, input.id);
  let failure: string | undefined;
  try {
    failure = await db.transaction(async (tx) => {
      await repository.lockEmail(tx, email);
      const key = voterKey(deps.otpSecret, email);
      if (await hasVotedIn(tx, email, key, [awardCategoryId!])) {
        throw new AlreadyVotedError(VOTE_ALREADY_RECORDED_ERROR);
      }
      const otp = await repository.findLatestOtp(tx, email);
      if (!otp) return OTP_MESSAGES.noCode;
      if (otp.revokedAt) return OTP_MESSAGES.revoked;
      if (otp.consumedAt) return OTP_MESSAGES.used;
      if (otp.attempts >= OTP_MAX_ATTEMPTS) return OTP_MESSAGES.tooManyAttempts;
      if (otp.expiresAt.getTime() <= now.getTime()) return OTP_MESSAGES.expired;
      if (!sameHash(hashOtp(deps.otpSecret, email, input.otp), otp.codeHash)) {
        const attempts = await repository.incrementAttempts(tx, otp.id);
        return attempts >= OTP_MAX_ATTEMPTS
          ? OTP_MESSAGES.tooManyAttempts
          : OTP_MESSAGES.wrong(OTP_MAX_ATTEMPTS - attempts);
      }
      await repository.consumeOtp(tx, otp.id, now);
      await repository.insertVote(tx, {
        email,
        voterKey: key,
        cmsPageId: input.id,
        awardCategoryId: awardCategoryId!,
        ip: ip ?? null,
        createdAt: now,
      });
      return undefined;
    });
  } catch (error) {
    if (
      isUniqueViolation(error, repository.ONE_VOTE_PER_EMAIL_INDEX) ||
      isUniqueViolation(error, repository.ONE_VOTE_PER_VOTER_KEY_INDEX)
    ) {
      throw new AlreadyVotedError(VOTE_ALREADY_RECORDED_ERROR);
    }
    throw error;
  }
  if (failure) throw new OtpInvalidError(failure);
}

export const VOTING_CLOSED_MESSAGE = 'Voting is closed.';

/** Whether an email domain belongs to a disposable-mail provider (mailchecker's maintained list). */
function isDisposableDomain(domain: string): boolean {
  return !isDeliverableEmail(`voter@${domain}`);
}

/**
 * The current edition's results per award category and nominee, with the patterns an
 * organizer should look at before announcing them: votes from disposable-mail domains and from
 * client addresses that verified BUSY_ADDRESS_VOTES or more votes. Flags inform; they remove no vote.
 */
export async function votingResults(db: Database): Promise<VotingResults> {
  const event = await getCurrentEvent(db);
  const rows = await repository.countVotesByNominee(db, event.id);
  const byDomain = (await repository.countVotesByDomain(db, event.id)).filter((row) =>
    isDisposableDomain(row.domain),
  );
  const busy = await repository.countVotesByBusyAddress(db, event.id, BUSY_ADDRESS_VOTES);

  const flagged = new Map<number, number>();
  const add = (map: Map<string, number>, key: string, votes: number) =>
    map.set(key, (map.get(key) ?? 0) + votes);
  const domains = new Map<string, number>();
  const addresses = new Map<string, number>();
  for (const row of byDomain) add(domains, row.domain, row.votes);
  for (const row of busy) add(addresses, row.ip, row.votes);
  // A vote can be both from a disposable domain and a busy address; count it once.
  const flaggedVotes = await repository.countFlaggedVotesByNominee(
    db,
    event.id,
    [...domains.keys()],
    [...addresses.keys()],
  );
  for (const row of flaggedVotes) flagged.set(row.cmsPageId, row.votes);

  const categories: VotingResults['categories'] = [];
  for (const row of rows) {
    let category = categories.at(-1);
    if (category?.id !== row.categoryId) {
      category = { id: row.categoryId, name: row.category, votes: 0, nominees: [] };
      categories.push(category);
    }
    if (row.id === null || row.slug === null || row.title === null) continue;
    category.votes += row.votes;
    category.nominees.push({
      id: row.id,
      slug: row.slug,
      title: row.title,
      votes: row.votes,
      flaggedVotes: flagged.get(row.id) ?? 0,
    });
  }

  const byCount = (a: { votes: number }, b: { votes: number }) => b.votes - a.votes;
  return {
    edition: event.name,
    open: event.votingClosedAt === null,
    totalVotes: categories.reduce((sum, category) => sum + category.votes, 0),
    categories,
    flags: {
      disposableDomains: [...domains].map(([domain, votes]) => ({ domain, votes })).sort(byCount),
      busyAddresses: [...addresses].map(([ip, votes]) => ({ ip, votes })).sort(byCount),
    },
  };
}

/** Opens or closes award voting of the current edition, with its audit row. */
export async function setVoting(db: Database, open: boolean, actor: Actor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    await repository.setVotingClosedAt(tx, event.id, open ? null : now);
    await recordAudit(tx, actor, {
      at: now,
      action: open ? 'voting.open' : 'voting.close',
      entityType: 'event',
      entityId: event.id,
      before: { votingOpen: event.votingClosedAt === null },
      after: { votingOpen: open },
    });
  });
}

/** Every verified vote of every edition, with its category and edition, oldest first, for the export. */
export async function listVotesForExport(db: Database) {
  return repository.listVotes(db);
}

/**
 * Verified votes per award nominee of the current edition, most votes first, every nominee
 * listed (0 when none). A vote exists only once its email's OTP was verified.
 */
export async function countVotesByNominee(
  db: Executor,
): Promise<{ id: number; slug: string; title: string; votes: number }[]> {
  const event = await getCurrentEvent(db);
  const nominees = [];
  for (const row of await repository.countVotesByNominee(db, event.id)) {
    if (row.id !== null && row.slug !== null && row.title !== null) {
      nominees.push({ id: row.id, slug: row.slug, title: row.title, votes: row.votes });
    }
  }
  return nominees.sort((a, b) => b.votes - a.votes || a.title.localeCompare(b.title));
}

/**
 * Erases `email` from its award votes, in every category and edition, and deletes its one-time
 * codes (a handled deletion request). The votes still count, and their voter key (`voterKey`,
 * under `otpSecret`) stays, so the address cannot vote again in those categories. Returns how
 * many votes.
 */
export async function erasePersonalData(tx: Executor, email: string, otpSecret: string): Promise<number> {
  return repository.erasePersonalData(tx, email, voterKey(otpSecret, email));
}
