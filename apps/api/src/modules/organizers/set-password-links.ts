/**
 * Links by which an organizer chooses their password: the invitation an owner sends, and the
 * password reset anyone may ask for on the sign-in page. Both are better-auth's reset-password
 * tokens (a `reset-password:<token>` verification row naming the organizer), so better-auth's
 * `/reset-password` consumes either: once (the row is deleted as it is used), and not after it
 * lapses. An invitation is written here, in the transaction that adds the organizer, and lasts
 * INVITATION_VALID_DAYS; a reset is written by better-auth's `/request-password-reset`, which
 * then calls `queuePasswordReset`, and lasts RESET_VALID_MINUTES.
 *
 * The link carries its token in the fragment (`/admin/set-password#token=…`): a browser sends
 * no fragment to any server, so the token stays out of request logs and Referer headers. Only
 * an organizer's newest link works. Jobs carry the row's id, never the token: a job that runs
 * after its link was used, replaced or lapsed sends nothing.
 *
 * Verification rows live on the wall clock, not `app.now()`: better-auth checks their expiry
 * against it.
 */
import { generateRandomString } from 'better-auth/crypto';
import type { Database, Executor } from '../../db/client.js';
import type { JobQueue } from '../../plugins/jobs.js';
import * as repository from './repository.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** The invitation email of a new organizer (organizers/jobs.ts); `invitedBy` is the owner's name. */
    'organizer-invitation': { linkId: string; invitedBy: string };
    /** The password-reset email an organizer asked for on the sign-in page (organizers/jobs.ts). */
    'organizer-password-reset': { linkId: string };
  }
}

/** How long an invitation's link works. */
export const INVITATION_VALID_DAYS = 7;
/** How long a password reset's link works (better-auth's `resetPasswordTokenExpiresIn`). */
export const RESET_VALID_MINUTES = 60;
/**
 * Per address: a reset asked for within this many minutes of the organizer's previous link
 * sends nothing (the previous email's link still works), so a stranger cannot fill an
 * organizer's inbox. The answer is the same either way.
 */
export const RESET_EMAIL_GAP_MINUTES = 5;

/** The console page that takes the link, with the token in the fragment. */
export function setPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/set-password#token=${encodeURIComponent(token)}`;
}

/**
 * Writes an invitation link for `organizerId` in `tx` (replacing any earlier link of theirs)
 * and queues its email, sent once `tx` commits.
 */
export async function issueInvitation(
  tx: Executor,
  jobs: JobQueue,
  organizerId: string,
  invitedBy: string,
): Promise<void> {
  const now = new Date();
  await repository.deleteSetPasswordLinksOf(tx, organizerId);
  const id = crypto.randomUUID();
  await repository.insertSetPasswordLink(tx, {
    id,
    organizerId,
    // As better-auth makes its reset tokens (`generateId(24)`): 24 of [a-zA-Z0-9], 142 bits.
    token: generateRandomString(24, 'a-z', 'A-Z', '0-9'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000),
  });
  await jobs.enqueue(tx, 'organizer-invitation', { linkId: id, invitedBy });
}

/**
 * better-auth's `sendResetPassword`, after its answer (auth.ts): it has written the reset link
 * `token` for `organizerId`. Queues its email, unless the organizer is disabled or has another
 * link made less than RESET_EMAIL_GAP_MINUTES before this one, or after it (then this link is
 * deleted); earlier links stop working. Requests for one organizer settle one at a time, under
 * the organizer's row lock, so two asked for together send one email whichever settles first.
 */
export async function queuePasswordReset(
  db: Database,
  jobs: JobQueue,
  organizerId: string,
  token: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const organizer = await repository.findOrganizer(tx, organizerId);
    const link = await repository.findSetPasswordLinkByToken(tx, token);
    if (!link) return;
    const other = await repository.latestOtherSetPasswordLink(tx, organizerId, link.id);
    const tooSoon =
      other !== undefined &&
      other.createdAt.getTime() > link.createdAt.getTime() - RESET_EMAIL_GAP_MINUTES * 60 * 1000;
    if (!organizer || organizer.disabled || tooSoon) {
      await repository.deleteSetPasswordLink(tx, link.id);
      return;
    }
    await repository.deleteSetPasswordLinksOf(tx, organizerId, link.id);
    await jobs.enqueue(tx, 'organizer-password-reset', { linkId: link.id });
  });
}
