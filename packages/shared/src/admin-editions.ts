/**
 * Festival editions in the organizer console: the current edition's name, dates and times (UTC
 * instants, shown in India time), venue, map link and video, and the next edition, which becomes
 * the current one. Owners and managers change them.
 */
import { z } from 'zod';
import { EVENT_TIME_ZONE } from './constants.js';
import { storedTranslationsSchema, translationsSchema } from './translations-schema.js';
import { requiredText } from './validation.js';

export const EDITION_EDITOR_ROLES = ['owner', 'manager'] as const;

/** How visitors register: Visitor passes sold here, or an external listing (the spec's edition). */
export const VISITOR_REGISTRATIONS = ['pass', 'external'] as const;
export const VisitorRegistrationSchema = z.enum(VISITOR_REGISTRATIONS, {
  error: 'Choose how visitors register',
});
export type VisitorRegistration = z.infer<typeof VisitorRegistrationSchema>;

const statLabel = { label: requiredText('Enter what the figure counts', 40) };

/**
 * A headline figure of the home page: `{ value: '1000+', label: 'Participants' }`, with the
 * label's Gujarati and Hindi under `translations` (`{ gu: { label: '…' } }`, stored in the
 * figure's own jsonb; left out: none).
 */
export const EditionStatSchema = z.object({
  value: requiredText('Enter the figure', 20),
  ...statLabel,
  translations: translationsSchema(statLabel),
});
export type EditionStat = z.infer<typeof EditionStatSchema>;

/** A headline figure as an answer carries it (already checked by EditionStatSchema when written). */
export const StoredEditionStatSchema = z.object({
  value: z.string(),
  label: z.string(),
  translations: storedTranslationsSchema(['label']).optional(),
});

/** The fields of an edition organizers translate (the figures' labels are translated in each figure). */
export const EDITION_TRANSLATED_FIELDS = ['name', 'venue', 'theme'] as const;
export type EditionTranslatedField = (typeof EDITION_TRANSLATED_FIELDS)[number];

const translatedEditionFields = {
  name: requiredText('Name is required', 150),
  venue: requiredText('Venue is required', 200),
  theme: z.string().trim().max(300, 'At most 300 characters'),
};

/** An edition's translations as a body carries them, each checked by its English field's rules. */
export const EditionTranslationsSchema = translationsSchema(translatedEditionFields);

/**
 * An edition's invoice number is `<prefix>/<financial year>/<n>`, e.g. `SFG/2526/123`, and a
 * credit note's `<prefix>/<financial year>/C<n>`: with a prefix of at most 5 characters both
 * stay within the 16 characters CGST Rules 2017 rule 46(b) allows.
 */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9-]{1,5}$/;

/** An order reference starts with the edition's prefix: `SFG27` → `SFG27-7KQ2M9XW4P`. */
export const REFERENCE_PREFIX_PATTERN = /^[A-Z][A-Z0-9]{1,7}$/;

const https = (message: string) =>
  z.url({ protocol: /^https$/, error: message }).max(2000, 'The address is too long');

const editionFields = {
  name: translatedEditionFields.name,
  /** First day's opening, an ISO 8601 instant. */
  startsAt: z.iso.datetime({ offset: true, error: 'Enter the start date and time' }),
  /** Last day's closing, an ISO 8601 instant. */
  endsAt: z.iso.datetime({ offset: true, error: 'Enter the end date and time' }),
  venue: translatedEditionFields.venue,
  venueMapUrl: https('Enter the map link (https://…)'),
  /** Embed address of the festival video; null for none. */
  videoUrl: z
    .union([z.literal('').transform(() => null), https('Enter the video embed address (https://…)')])
    .nullable(),
  /** Which edition this is (3 → "3rd edition"); null when unnumbered. */
  editionNumber: z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'At least 1')
    .max(999, 'At most 999')
    .nullable(),
  theme: translatedEditionFields.theme,
  sectors: z.array(requiredText('Enter the sector', 60)).max(20, 'At most 20 sectors'),
  stats: z.array(EditionStatSchema).max(8, 'At most 8 figures'),
  visitorRegistration: VisitorRegistrationSchema,
  /** Required when visitors register elsewhere. */
  visitorRegistrationUrl: z
    .union([z.literal('').transform(() => null), https('Enter the listing address (https://…)')])
    .nullable(),
  referencePrefix: z
    .string({ error: 'Enter the order reference prefix' })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(REFERENCE_PREFIX_PATTERN, 'Use 2 to 8 letters or digits, starting with a letter')),
  invoicePrefix: z
    .string({ error: 'Enter the invoice prefix' })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(INVOICE_PREFIX_PATTERN, 'Use 1 to 5 letters, digits or -')),
  /** The Gujarati and Hindi of the name, venue and theme; left out of an edit, the stored ones stay. */
  translations: EditionTranslationsSchema,
};

/** Visitors sent elsewhere need the address they are sent to. */
function externalListingGiven(
  value: {
    visitorRegistration?: VisitorRegistration | undefined;
    visitorRegistrationUrl?: string | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (value.visitorRegistration === 'external' && value.visitorRegistrationUrl === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['visitorRegistrationUrl'],
      message: 'Enter the listing address (https://…)',
    });
  }
}

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
  .superRefine(externalListingGiven)
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Change at least one field');
export type UpdateEdition = z.infer<typeof UpdateEditionSchema>;

/** Body of `POST /api/admin/editions`: the next edition, which becomes the current one. */
export const CreateEditionSchema = z
  .object({
    ...editionFields,
    videoUrl: editionFields.videoUrl.default(null),
    editionNumber: editionFields.editionNumber.default(null),
    theme: editionFields.theme.default(''),
    sectors: editionFields.sectors.default([]),
    stats: editionFields.stats.default([]),
    visitorRegistration: editionFields.visitorRegistration.default('pass'),
    visitorRegistrationUrl: editionFields.visitorRegistrationUrl.default(null),
    /** Left out: the current edition's letters with the new edition's year (`SFG27`). */
    referencePrefix: editionFields.referencePrefix.optional(),
    /** Left out: the current edition's invoice prefix (the series goes on). */
    invoicePrefix: editionFields.invoicePrefix.optional(),
    /**
     * Copy the current edition's ticket types and registration questions (not archived) as a
     * starting point; a question asked of a ticket type is asked of its copy.
     */
    copyTicketTypes: z.boolean().default(true),
  })
  .superRefine(endAfterStart)
  .superRefine(externalListingGiven);
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
  editionNumber: z.number().int().nullable(),
  theme: z.string(),
  sectors: z.array(z.string()),
  stats: z.array(StoredEditionStatSchema),
  visitorRegistration: VisitorRegistrationSchema,
  visitorRegistrationUrl: z.string().nullable(),
  translations: storedTranslationsSchema(EDITION_TRANSLATED_FIELDS),
  referencePrefix: z.string(),
  invoicePrefix: z.string(),
  /** Whether the edition has ended at the time of the answer. */
  ended: z.boolean(),
});
export type Edition = z.infer<typeof EditionSchema>;

/**
 * The next edition's order-reference prefix: the current prefix's letters and the new
 * edition's year in India time (`SFG24` and 20 October 2027 → `SFG27`).
 */
export function nextReferencePrefix(current: string, startsAt: Date): string {
  const letters = /^[A-Z]+/.exec(current)?.[0]?.slice(0, 6) || 'REF';
  const year = new Intl.DateTimeFormat('en-IN', { year: '2-digit', timeZone: EVENT_TIME_ZONE }).format(
    startsAt,
  );
  return `${letters}${year}`;
}
