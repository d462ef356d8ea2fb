/**
 * Organizer accounts, kept by better-auth (apps/api/src/modules/organizers/auth.ts) through its
 * Drizzle adapter: an organizer is better-auth's "user" with a role. Property names are the
 * fields better-auth reads and writes; ids are better-auth's random strings. Passwords are
 * better-auth's scrypt hashes in `organizer_accounts.password`, never here.
 */
import { ORGANIZER_ROLES } from '@festival/shared';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.js';

/** An organizer: who signs in to the console, and their role (ORGANIZER_ROLES). */
export const organizers = pgTable(
  'organizers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull(),
    /** A disabled organizer cannot sign in; their sessions were ended when they were disabled. */
    disabled: boolean('disabled').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * The password was chosen by someone else (`npm run organizer:add` for a later organizer):
     * the console opens nothing until the organizer chooses their own (cleared by a password
     * change or a reset).
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('organizers_role_ck', oneOf(t.role, ORGANIZER_ROLES))],
);

/** A signed-in browser: the cookie holds `token` (signed). */
export const organizerSessions = pgTable(
  'organizer_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organizer_sessions_user_idx').on(table.userId)],
);

/** Sign-in methods of an organizer; `providerId = 'credential'` holds the password hash. */
export const organizerAccounts = pgTable(
  'organizer_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organizer_accounts_user_idx').on(table.userId)],
);

/** better-auth's short-lived values: WebAuthn challenges, the two-factor step of a sign-in. */
export const organizerVerifications = pgTable(
  'organizer_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organizer_verifications_identifier_idx').on(table.identifier)],
);

/** An organizer's TOTP secret and backup codes, both encrypted by better-auth. */
export const organizerTwoFactors = pgTable(
  'organizer_two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    index('organizer_two_factors_user_idx').on(table.userId),
    index('organizer_two_factors_secret_idx').on(table.secret),
  ],
);

/** An organizer's WebAuthn credential (@better-auth/passkey). */
export const organizerPasskeys = pgTable(
  'organizer_passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }),
  },
  (table) => [
    index('organizer_passkeys_user_idx').on(table.userId),
    index('organizer_passkeys_credential_idx').on(table.credentialID),
  ],
);

/** better-auth's rate-limit counters (sign-in per address), shared by every process. */
export const organizerRateLimits = pgTable('organizer_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Epoch milliseconds. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
