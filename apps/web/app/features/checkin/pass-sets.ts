/**
 * The pass ids a list's sync data keeps beside its passes, and what they refuse on the device. A
 * QR token is signed with its pass's ticket type, and a pass whose ticket changed keeps its id
 * with older QR codes still naming the old ticket; so a token that verifies and names a ticket of
 * the list is admitted offline only when the sync did not say its pass is off the list
 * (`notOnList`), where an unknown pass id means a pass bought after the sync.
 */
import type { PassTokenClaims, RedeemReason, SyncChange } from '@festival/shared';

export interface PassSets {
  /** The edition's revoked passes. */
  revoked: Set<string>;
  /** The edition's other passes, not revoked, that the list does not admit (another ticket, unpaid). */
  notOnList: Set<string>;
  /** Passes a new entry refuses, as the server had them at the sync. */
  entered: Set<string>;
}

function mark(set: Set<string>, id: string, member: boolean) {
  if (member) set.add(id);
  else set.delete(id);
}

/**
 * Applies one change of a delta answer to the sets, in place: a change without a pass that is not
 * revoked puts the pass off the list, one with a pass back on it.
 */
export function applyChange(sets: PassSets, change: SyncChange): void {
  mark(sets.revoked, change.id, change.revoked);
  mark(sets.notOnList, change.id, change.pass === null && !change.revoked);
  mark(sets.entered, change.id, change.entered);
}

/**
 * Why the device refuses a verified token whatever the day and earlier entries, in the server's
 * order: another edition (`invalid`), a revoked pass, a ticket or a pass the list does not admit
 * (`product`, the server's reason for a pass not on the list). Undefined when none applies.
 */
export function tokenRefusal(
  claims: Pick<PassTokenClaims, 'passId' | 'eventId' | 'ticketTypeId'>,
  list: { eventId: number; ticketTypeIds: readonly number[] },
  sets: Pick<PassSets, 'revoked' | 'notOnList'>,
): RedeemReason | undefined {
  if (claims.eventId !== list.eventId) return 'invalid';
  if (sets.revoked.has(claims.passId)) return 'revoked';
  if (!list.ticketTypeIds.includes(claims.ticketTypeId)) return 'product';
  if (sets.notOnList.has(claims.passId)) return 'product';
  return undefined;
}
