/**
 * "Manage my registration": sign-in links, sessions and erasure requests.
 */
import type { ErasureOutcome } from '@festival/shared';
import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Single-use sign-in links of "Manage my registration". Only the SHA-256 of the
 * link's token is stored, so a copy of the table opens nothing. `createdAt` is the app's clock:
 * the per-email limit counts by it.
 */
export const manageLinks = pgTable(
  'manage_links',
  {
    id: serial('id').primaryKey(),
    /** Trimmed, lower-cased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('manage_links_email_created_idx').on(t.email, t.createdAt)],
);

/** A registrant's self-service session, opened by a manage link; only the token's hash is kept. */
export const manageSessions = pgTable('manage_sessions', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A registrant's request that their personal data be erased (DPDP Act 2023 §12). An owner
 * carries it out in the console (`/admin/data-requests`), which sets `handledAt` and records
 * what the erasure changed; the row itself stays as the record that the request was answered.
 */
export const deletionRequests = pgTable('deletion_requests', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  outcome: jsonb('outcome').$type<ErasureOutcome>(),
});
