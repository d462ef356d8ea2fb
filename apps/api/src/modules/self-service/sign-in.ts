/**
 * Signing in to "Manage my registration" (docs/self-service.md): a registrant proves they read
 * an email address by a single-use link, and the page keeps a session.
 *
 * - The link carries a token of 256 bits: HMAC-SHA256 under OTP_SECRET of a random nonce. The
 *   table keeps only the token's SHA-256, and the job that mails the link carries only the
 *   nonce, so neither a copy of the database nor of the job queue can open a session. A link
 *   works once (`consumeLink` is one conditional UPDATE) and for MANAGE_LINK_MINUTES.
 * - Requests answer the same whether or not the email is registered; past
 *   MANAGE_LINKS_PER_EMAIL_PER_HOUR they are ignored, also silently (the route adds a limit
 *   per client address, which does answer 429).
 * - The session is a bearer token kept by the page in sessionStorage and sent as
 *   `Authorization: Bearer …`. Why not a cookie: nothing else on the public site has one, a
 *   header cannot be sent by another site's form (no CSRF defence needed), and the session
 *   ends with the tab. It lasts MANAGE_SESSION_MINUTES; only its SHA-256 is stored.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MANAGE_LINK_MINUTES,
  MANAGE_LINKS_PER_EMAIL_PER_HOUR,
  MANAGE_SESSION_MINUTES,
  SOURCE_LOCALE,
  type Locale,
  type ManageSession,
  managePageUrl,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { ManageSessionError } from '../../errors.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { Actor } from '../audit/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { registrationsOfEmail } from '../registrations/service.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /**
     * A manage sign-in link; the token is re-derived from the nonce (self-service/jobs.ts).
     * `locale` is the language it was asked in (English when absent: jobs queued before it).
     */
    'manage-link-email': { linkId: number; nonce: string; locale?: Locale };
  }
}

const MINUTE_MS = 60_000;

export const SESSION_MESSAGES = {
  linkInvalid: 'This sign-in link has expired or was already used. Please ask for a new one.',
  sessionEnded: 'Your session has ended. Please ask for a new sign-in link.',
  notYours: 'This is not one of your registrations or orders.',
  answersClosed: 'The festival is over, so answers can no longer be changed.',
} as const;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The link token of a nonce: base64url HMAC-SHA256 under the server's secret. */
export function linkToken(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`manage-link:${nonce}`).digest('base64url');
}

/**
 * Where the emailed link points: the manage page in `locale` (the email's language:
 * `/gu/manage` in Gujarati), the token in the fragment, so it never reaches a server log.
 */
export function manageLinkUrl(publicUrl: string, token: string, locale: Locale): string {
  return `${managePageUrl(publicUrl, locale)}#token=${token}`;
}

/** A registrant acting from their manage session, as the audit log records them. */
export function registrantActor(email: string, ip: string): Actor {
  return { organizerId: 'registrant', email, ip };
}

export interface LinkDeps {
  db: Database;
  jobs: JobQueue;
  now(): Date;
  log: FastifyBaseLogger;
  secret: string;
}

/**
 * Queues a sign-in link for `email` (lower-cased by the schema) when it has a registration for
 * the current event and has not asked MANAGE_LINKS_PER_EMAIL_PER_HOUR times this hour. The
 * caller answers the same in every case.
 */
export async function requestLink(
  deps: LinkDeps,
  email: string,
  ip: string | undefined,
  locale: Locale = SOURCE_LOCALE,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    if ((await registrationsOfEmail(tx, event.id, email)).length === 0) return;
    const since = new Date(now.getTime() - 60 * MINUTE_MS);
    if ((await repository.countLinksSince(tx, email, since)) >= MANAGE_LINKS_PER_EMAIL_PER_HOUR) {
      deps.log.info('manage link not sent: hourly limit of the email reached');
      return;
    }
    const link = await issueLink(tx, deps.secret, email, { minutes: MANAGE_LINK_MINUTES, ip, now });
    await deps.jobs.enqueue(tx, 'manage-link-email', { ...link, locale });
  });
}

/**
 * Stores a single-use sign-in link for `email`, valid `minutes` from `now`, in the caller's
 * transaction, and answers what the job that mails it carries: the link's id and nonce (the
 * token is derived from the nonce only when mailing, `linkToSend`). For a sign-in the person
 * asked for, and for an email that invites them back (an unpaid registration's reminder).
 */
export async function issueLink(
  tx: Executor,
  secret: string,
  email: string,
  { minutes, ip, now }: { minutes: number; ip: string | undefined; now: Date },
): Promise<{ linkId: number; nonce: string }> {
  const nonce = randomBytes(16).toString('base64url');
  const link = await repository.insertLink(tx, {
    email,
    tokenHash: sha256(linkToken(secret, nonce)),
    expiresAt: new Date(now.getTime() + minutes * MINUTE_MS),
    ip: ip ?? null,
    createdAt: now,
  });
  return { linkId: link.id, nonce };
}

/**
 * The link of a queued `manage-link-email` job, with its token, while it can still be used;
 * undefined once used or expired (then there is nothing worth sending).
 */
export async function linkToSend(
  deps: Pick<LinkDeps, 'db' | 'secret'>,
  linkId: number,
  nonce: string,
  now: Date,
) {
  const link = await repository.findLink(deps.db, linkId);
  if (!link || link.usedAt || link.expiresAt.getTime() <= now.getTime()) return undefined;
  const token = linkToken(deps.secret, nonce);
  if (sha256(token) !== link.tokenHash) return undefined;
  return { email: link.email, token, expiresAt: link.expiresAt };
}

/**
 * Spends a link and opens a session of MANAGE_SESSION_MINUTES.
 * @throws ManageSessionError the link is unknown, used or expired (401)
 */
export async function openSession(db: Database, token: string, now: Date): Promise<ManageSession> {
  const sessionToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + MANAGE_SESSION_MINUTES * MINUTE_MS);
  const email = await db.transaction(async (tx) => {
    const owner = await repository.consumeLink(tx, sha256(token), now);
    if (!owner) return undefined;
    await repository.insertSession(tx, {
      email: owner,
      tokenHash: sha256(sessionToken),
      expiresAt,
      createdAt: now,
    });
    return owner;
  });
  if (!email) throw new ManageSessionError(SESSION_MESSAGES.linkInvalid);
  return { sessionToken, email, expiresAt: expiresAt.toISOString() };
}

/**
 * The email of the session behind an `Authorization: Bearer …` header.
 * @throws ManageSessionError no header, or an unknown or expired session (401)
 */
export async function sessionEmail(
  db: Database,
  authorization: string | undefined,
  now: Date,
): Promise<string> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  const email = token ? await repository.findSessionEmail(db, sha256(token), now) : undefined;
  if (!email) throw new ManageSessionError(SESSION_MESSAGES.sessionEnded);
  return email;
}

/** Ends a session (sign out). */
export async function closeSession(db: Database, authorization: string | undefined): Promise<void> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (token) await repository.deleteSession(db, sha256(token));
}
