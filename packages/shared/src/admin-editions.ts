/**
 * Festival editions in the organizer console (issue 8 §2 "Editions"): the current edition's
 * name, dates and times (UTC instants, shown in India time), venue, map link and video, and the
 * next edition, which becomes the current one. Owners and managers change them.
 */
import { z } from 'zod';
import { requiredText } from './validation.js';

export const EDITION_EDITOR_ROLES = ['owner', 'manager'] as const;

const https = (message: string) =>
  z.url({ protocol: /^https$/, error: message }).max(2000, 'The address is too long');

const editionFields = {
  name: requiredText('Name is required', 150),
  /** First day's opening, an ISO 8601 instant. */
  startsAt: z.iso.datetime({ offset: true, error: 'Enter the start date and time' }),
  /** Last day's closing, an ISO 8601 instant. */
  endsAt: z.iso.datetime({ offset: true, error: 'Enter the end date and time' }),
  venue: requiredText('Venue is required', 200),
  venueMapUrl: https('Enter the map link (https://…)'),
  /** Embed address of the festival video; null for none. */
  videoUrl: z
    .union([z.literal('').transform(() => null), https('Enter the video embed address (https://…)')])
    .nullable(),
};

function endAfterStart(
  value: { startsAt?: string | undefined; endsAt?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
  }
}

/** Body of `PATCH /api/admin/editions/current`: the fields to change. */
export const UpdateEditionSchema = z
  .object(editionFields)
  .partial()
  .superRefine(endAfterStart)
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Change at least one field');
export type UpdateEdition = z.infer<typeof UpdateEditionSchema>;

/** Body of `POST /api/admin/editions`: the next edition, which becomes the current one. */
export const CreateEditionSchema = z
  .object({
    ...editionFields,
    videoUrl: editionFields.videoUrl.default(null),
    /** Copy the current edition's ticket types (not archived) as a starting point. */
    copyTicketTypes: z.boolean().default(true),
  })
  .superRefine(endAfterStart);
export type CreateEdition = z.infer<typeof CreateEditionSchema>;
export type CreateEditionInput = z.input<typeof CreateEditionSchema>;

export const EditionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  venue: z.string(),
  venueMapUrl: z.string(),
  videoUrl: z.string().nullable(),
  /** Whether the edition has ended at the time of the answer. */
  ended: z.boolean(),
});
export type Edition = z.infer<typeof EditionSchema>;
