/**
 * Printing in the console: name badges and the passes of an order or a check-in list as one
 * PDF. The query names whose passes (exactly one of an attendee, an order or a check-in list);
 * only valid passes (of a paid order, not revoked) of the current edition are printed.
 */
import { z } from 'zod';
import type { OrganizerRole } from './admin.js';
import { databaseId, safeString } from './input.js';

/** Who prints: the gate desk (owners, managers, gate) and sales (finance). */
export const BADGE_ROLES: readonly OrganizerRole[] = ['owner', 'manager', 'finance', 'gate'];

/**
 * `a6`: one badge per A6 page (105 × 148 mm, portrait), for a badge printer or a cut A4;
 * `labels`: eight badges per A4 sheet of 99.1 × 67.7 mm labels, two across and four down
 * (the Avery L7165 / J8165 layout).
 */
export const BADGE_LAYOUTS = ['a6', 'labels'] as const;
export const BadgeLayoutSchema = z.enum(BADGE_LAYOUTS, { error: 'Choose the A6 or the label-sheet layout' });
export type BadgeLayout = z.infer<typeof BadgeLayoutSchema>;

/** Names of the layouts as the console offers them. */
export const BADGE_LAYOUT_NAMES: Record<BadgeLayout, string> = {
  a6: 'A6, one badge a page',
  labels: 'A4 labels, 8 a sheet (L7165)',
};

export const ONE_SELECTION_MESSAGE = 'Choose one attendee, one order or one check-in list';

/** Whose passes: exactly one of an attendee, an order (by reference) or a check-in list. */
const selection = {
  registrationId: z.uuid('Unknown attendee').optional(),
  orderReference: safeString().trim().min(1).max(40).optional(),
  listId: databaseId('Unknown check-in list').optional(),
};

function oneSelected(query: { registrationId?: string; orderReference?: string; listId?: number }) {
  return (
    [query.registrationId, query.orderReference, query.listId].filter((v) => v !== undefined).length === 1
  );
}

export const PassesPdfQuerySchema = z
  .object({ orderReference: selection.orderReference, listId: selection.listId })
  .refine(oneSelected, { message: 'Choose one order or one check-in list' });
export type PassesPdfQuery = z.infer<typeof PassesPdfQuerySchema>;

export const BadgesPdfQuerySchema = z
  .object({ ...selection, layout: BadgeLayoutSchema.default('a6') })
  .refine(oneSelected, { message: ONE_SELECTION_MESSAGE });
export type BadgesPdfQuery = z.infer<typeof BadgesPdfQuerySchema>;

/** Whose passes to print, without the layout: what the API's print services take. */
export type PrintSelection = { registrationId: string } | { orderReference: string } | { listId: number };
