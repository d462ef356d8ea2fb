import {
  PARTICIPANT_CATEGORY_NAMES,
  type AdminTicketType,
  type ParticipantCategoryId,
} from '@festival/shared';

/**
 * A ticket type as a check-in list names it: its name and participant category, since one name
 * is often sold to several categories ("Gold Stall Package" to pitchers and to start-ups), and
 * "(archived)" when it is no longer sold.
 */
export function ticketTypeLabel(
  type: Pick<AdminTicketType, 'name' | 'participantCategoryId' | 'archivedAt'>,
): string {
  const category = PARTICIPANT_CATEGORY_NAMES[type.participantCategoryId as ParticipantCategoryId];
  const parts = [category, type.archivedAt ? 'archived' : undefined].filter(Boolean);
  return parts.length > 0 ? `${type.name} (${parts.join(', ')})` : type.name;
}
