/**
 * Award categories (the spec's /awards, /cms/{id} and voting): each edition has its categories,
 * each category its nominee pages, and a voter has one vote in each category. Organizers keep
 * the current edition's categories in the console; /awards lists them with their nominees, and
 * earlier editions' categories as the archive.
 */
import { z } from 'zod';
import { requiredText } from './validation.js';

/** Body of adding or renaming an award category. */
export const AwardCategoryInputSchema = z.object({
  name: requiredText('Category name is required', 120),
});
export type AwardCategoryInput = z.infer<typeof AwardCategoryInputSchema>;

/** An award category of the current edition as the console lists it; `position` 1 is shown first. */
export const AdminAwardCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  /** Nominee pages in the category; a category can be deleted only while it has none and no votes. */
  nominees: z.number().int(),
  votes: z.number().int(),
});
export type AdminAwardCategory = z.infer<typeof AdminAwardCategorySchema>;

/** An edition as a public page names it: "Startup Fest Gujarat 2024", year 2024. */
export const EditionRefSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Calendar year the edition starts in (India time). */
  year: z.number().int(),
});
export type EditionRef = z.infer<typeof EditionRefSchema>;

/** One edition's award categories with their nominees, in the organizers' order. */
export const AwardEditionSchema = EditionRefSchema.extend({
  votingOpen: z.boolean(),
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      nominees: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          /** The nominee's page, `/cms/{id}`. */
          path: z.string(),
        }),
      ),
    }),
  ),
});
export type AwardEdition = z.infer<typeof AwardEditionSchema>;

/**
 * `GET /api/awards`: the current edition's categories (possibly none yet), and the earlier
 * editions that had categories, newest first.
 */
export const PublicAwardsSchema = z.object({
  current: AwardEditionSchema,
  archive: z.array(AwardEditionSchema),
});
export type PublicAwards = z.infer<typeof PublicAwardsSchema>;
