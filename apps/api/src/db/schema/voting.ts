/**
 * Award voting: voters' one-time codes and their votes.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { awardCategories, cmsPages } from './content.js';

/**
 * A one-time code emailed to a voter. Only the newest code of an email can be used; the code
 * itself is never stored, only its HMAC-SHA256 under OTP_SECRET.
 */
export const voteOtps = pgTable(
  'vote_otps',
  {
    id: serial('id').primaryKey(),
    /** Trimmed, lower-cased. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The nominee page the popup was opened from, if the browser said. */
    cmsPageId: integer('cms_page_id').references(() => cmsPages.id),
    /** Wrong codes tried against this row. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when the email could not be sent, so the code can never be used. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    /** Set from the app's clock (not the database's): the per-email rate limit counts by it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vote_otps_email_created_idx').on(t.email, t.createdAt)],
);

/**
 * One award vote. The unique email makes "one vote per email" hold even for racing requests;
 * the unique voter key (an HMAC of the email, modules/voting) keeps holding it after an erasure
 * replaced the email.
 */
export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Hex HMAC-SHA256 of the voter's email (`voterKey`); null on votes cast before it existed. */
    voterKey: text('voter_key'),
    cmsPageId: integer('cms_page_id')
      .notNull()
      .references(() => cmsPages.id),
    /** The nominee's category when the vote was cast: one vote per voter in each category. */
    awardCategoryId: integer('award_category_id')
      .notNull()
      .references(() => awardCategories.id),
    /** Client address of the verification (behind a proxy only with TRUST_PROXY), for spotting vote farms. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('votes_category_email_uq').on(t.awardCategoryId, t.email),
    uniqueIndex('votes_category_voter_key_uq').on(t.awardCategoryId, t.voterKey),
  ],
);
