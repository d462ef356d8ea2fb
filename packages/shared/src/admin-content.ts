/**
 * Site content in the organizer console: the FAQ, the CMS pages (about, highlights and award
 * nominees) and the content collections the public pages list (speakers, sponsors, featured
 * startups, participant logos, activities, event flow). Every change is made by owners, managers
 * and content organizers; the public site reads the visible entries in their order without a
 * rebuild.
 */
import { z } from 'zod';
import { EditionRefSchema } from './awards.js';
import { editionFieldsProblem } from './edition-fields.js';
import { safeString } from './input.js';
import { storedTranslationsSchema, translationsSchema } from './translations-schema.js';
import { requiredText } from './validation.js';

/** Roles that change site content: the owner, the manager and the content role. */
export const CONTENT_EDITOR_ROLES = ['owner', 'manager', 'content'] as const;

/** `{visible}`: show an entry on the public site, or hide it (it stays in the console). */
export const VisibilitySchema = z.object({ visible: z.boolean({ error: 'Say whether it is visible' }) });
export type Visibility = z.infer<typeof VisibilitySchema>;

/** `{ids}`: every entry of a list in its new order (first shown first). */
export const ReorderSchema = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1, 'List every entry in its new order')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'An entry is listed twice'),
});
export type Reorder = z.infer<typeof ReorderSchema>;

/* ------------------------------------------------------------------ FAQ */

/** A text that may name edition fields (`{{edition.dates}}`) and no other `{{…}}`. */
const withEditionFields = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((text, context) => {
    const problem = editionFieldsProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The fields of an FAQ entry organizers translate. */
export const FAQ_TRANSLATED_FIELDS = ['question', 'answer'] as const;
export type FaqTranslatedField = (typeof FAQ_TRANSLATED_FIELDS)[number];

const faqFields = {
  question: withEditionFields(requiredText('Question is required', 300)),
  answer: withEditionFields(requiredText('Answer is required', 5000)),
};

/**
 * Body of creating or editing an FAQ entry; both are plain text (the page shows them as
 * written, with edition fields filled in), and so is each translation, checked by the same
 * rules. Editing without `translations` keeps the stored ones.
 */
export const FaqItemInputSchema = z.object({
  ...faqFields,
  translations: translationsSchema(faqFields),
});
export type FaqItemInput = z.infer<typeof FaqItemInputSchema>;

/** An FAQ entry as the console lists it; `position` 1 is shown first. */
export const AdminFaqItemSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  translations: storedTranslationsSchema(FAQ_TRANSLATED_FIELDS),
  visible: z.boolean(),
  position: z.number().int(),
});
export type AdminFaqItem = z.infer<typeof AdminFaqItemSchema>;

/* ------------------------------------------------------------ CMS pages */

/** The about page, the highlights page (/highlights, whose title names the menu's highlights group) and award nominee pages. */
export const CMS_PAGE_KINDS = ['about', 'highlights', 'nominee'] as const;
export type CmsPageKind = (typeof CMS_PAGE_KINDS)[number];

/** Largest page body accepted, in characters of HTML. */
export const MAX_PAGE_HTML = 200_000;

/**
 * Body of editing a page or creating a nominee page: the title and the rich-text HTML, and
 * their translations. The
 * server sanitises the HTML before it stores it (apps/api/src/modules/cms/sanitize.ts), so what
 * it answers is what the site shows, with edition fields (`{{edition.dates}}`) filled in.
 */
/** The fields of a CMS page organizers translate. */
export const CMS_PAGE_TRANSLATED_FIELDS = ['title', 'html'] as const;
export type CmsPageTranslatedField = (typeof CMS_PAGE_TRANSLATED_FIELDS)[number];

const cmsPageFields = {
  title: withEditionFields(requiredText('Title is required', 200)),
  html: withEditionFields(safeString().max(MAX_PAGE_HTML, 'The page is too long')),
};

export const CmsPageInputSchema = z.object({
  ...cmsPageFields,
  /**
   * The Gujarati and Hindi title and HTML, checked by the English fields' rules; the server
   * sanitises each translation's HTML as it does the English. Left out, the stored ones stay.
   */
  translations: translationsSchema(cmsPageFields),
  /** A nominee page's award category (required for nominees; the about page has none). */
  awardCategoryId: z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce.number().int().positive('Choose an award category').nullable().optional(),
  ),
});
export type CmsPageInput = z.infer<typeof CmsPageInputSchema>;

export const AdminCmsPageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CMS_PAGE_KINDS),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML as stored. */
  html: z.string(),
  /** The Gujarati and Hindi title and (sanitised) HTML, as stored. */
  translations: storedTranslationsSchema(CMS_PAGE_TRANSLATED_FIELDS),
  /** Where the page is on the public site, e.g. "/about" or "/cms/3". */
  path: z.string(),
  /** A nominee's award category, and the edition it belongs to; null for the about page. */
  awardCategory: z
    .object({ id: z.number().int(), name: z.string(), edition: z.string(), current: z.boolean() })
    .nullable(),
  updatedAt: z.iso.datetime(),
});
export type AdminCmsPage = z.infer<typeof AdminCmsPageSchema>;

/* --------------------------------------------------- content collections */

/**
 * The collections and what each column means for them. `group` is the speakers' group, the
 * sponsors' tier or the event-flow day; `caption` the title or topic, description, text or time.
 */
export const CONTENT_COLLECTIONS = [
  'speakers',
  'sponsors',
  'startups',
  'participants',
  'activities',
  'event-flow',
] as const;
export const ContentCollectionSchema = z.enum(CONTENT_COLLECTIONS, { error: 'Unknown collection' });
export type ContentCollection = z.infer<typeof ContentCollectionSchema>;

/** The speakers page's three groups, in the order the page shows them. */
export const SPEAKER_GROUPS = ['speakers', 'mentors', 'moderators'] as const;

interface CollectionRules {
  /** Name of the collection and of one entry in the console. */
  label: string;
  itemLabel: string;
  /** Label of `caption` and `group` in this collection; null when the collection has none. */
  captionLabel: string | null;
  captionRequired: boolean;
  groupLabel: string | null;
  /** The only values `group` may take, when the collection fixes them. */
  groups: readonly string[] | null;
  groupRequired: boolean;
  hasLink: boolean;
  imageRequired: boolean;
  /** Public page that lists the collection. */
  path: string;
}

export const COLLECTION_RULES: Record<ContentCollection, CollectionRules> = {
  speakers: {
    label: 'Speakers',
    itemLabel: 'speaker',
    captionLabel: 'Title or topic',
    captionRequired: true,
    groupLabel: 'Group',
    groups: SPEAKER_GROUPS,
    groupRequired: true,
    hasLink: false,
    imageRequired: true,
    path: '/speakers',
  },
  sponsors: {
    label: 'Sponsors',
    itemLabel: 'sponsor',
    captionLabel: null,
    captionRequired: false,
    groupLabel: 'Tier',
    groups: null,
    groupRequired: false,
    hasLink: true,
    imageRequired: true,
    path: '/sponser',
  },
  startups: {
    label: 'Featured startups',
    itemLabel: 'startup',
    captionLabel: 'Description',
    captionRequired: false,
    groupLabel: null,
    groups: null,
    groupRequired: false,
    hasLink: true,
    imageRequired: false,
    path: '/start-up-showcase',
  },
  participants: {
    label: 'Participant logos',
    itemLabel: 'participant',
    captionLabel: null,
    captionRequired: false,
    groupLabel: null,
    groups: null,
    groupRequired: false,
    hasLink: false,
    imageRequired: true,
    path: '/participants',
  },
  activities: {
    label: 'Activities',
    itemLabel: 'activity',
    captionLabel: 'Text',
    captionRequired: true,
    groupLabel: null,
    groups: null,
    groupRequired: false,
    hasLink: false,
    imageRequired: true,
    path: '/activities',
  },
  'event-flow': {
    label: 'Event flow',
    itemLabel: 'slot',
    captionLabel: 'Time',
    captionRequired: true,
    groupLabel: 'Day',
    groups: null,
    groupRequired: true,
    hasLink: false,
    imageRequired: true,
    path: '/event-flow',
  },
};

/**
 * Where an image may live: a file of the site (`/images/<section>/<name>.svg`, the seed's
 * placeholders) or an image organizers uploaded (`/api/content/images/<uuid>.<ext>`).
 */
export const CONTENT_IMAGE_URL_PATTERN =
  /^(?:\/images\/[a-z0-9-]+\/[a-z0-9-]+\.(?:svg|webp|png)|\/api\/content\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp))$/;

export const ContentImageRefSchema = z.object({
  url: z.string().regex(CONTENT_IMAGE_URL_PATTERN, 'Upload an image'),
  width: z.number().int().positive().max(20_000),
  height: z.number().int().positive().max(20_000),
  alt: requiredText('Describe the image for people who cannot see it', 300),
});
export type ContentImageRef = z.infer<typeof ContentImageRefSchema>;

const optionalLine = (max: number) => safeString().trim().max(max, `At most ${max} characters`).default('');

/** Body of creating or editing an entry of a collection (its rules: `contentItemRuleErrors`). */
export const ContentItemInputSchema = z.object({
  name: requiredText('Name is required', 150),
  caption: optionalLine(1000),
  group: optionalLine(100),
  linkUrl: z
    .union([
      z.literal('').transform(() => null),
      z.url({ protocol: /^https?$/, error: 'Enter a web address (https://…)' }),
    ])
    .nullable()
    .default(null),
  image: ContentImageRefSchema.nullable().default(null),
  /** True while the entry is a placeholder; the page then marks it "Sample". */
  sample: z.boolean().default(false),
});
export type ContentItemInput = z.input<typeof ContentItemInputSchema>;
export type ContentItemValues = z.output<typeof ContentItemInputSchema>;

/** Field messages for what `collection` requires of an entry beyond the schema; empty when it holds. */
export function contentItemRuleErrors(
  collection: ContentCollection,
  item: Pick<ContentItemValues, 'caption' | 'group' | 'linkUrl' | 'image'>,
): Record<string, string> {
  const rules = COLLECTION_RULES[collection];
  const errors: Record<string, string> = {};
  if (rules.captionRequired && !item.caption) errors.caption = `${rules.captionLabel} is required`;
  if (rules.groupRequired && !item.group) errors.group = `${rules.groupLabel} is required`;
  if (rules.groups && item.group && !rules.groups.includes(item.group)) {
    errors.group = `Choose one of: ${rules.groups.join(', ')}`;
  }
  if (rules.imageRequired && !item.image) errors.image = 'Upload an image';
  return errors;
}

/** The input schema of one collection, its rules included (the console's forms use it). */
export const contentItemSchemaFor = (collection: ContentCollection) =>
  ContentItemInputSchema.superRefine((item, ctx) => {
    for (const [field, message] of Object.entries(contentItemRuleErrors(collection, item))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });

/** An entry as the public site reads it (`GET /api/content/{collection}`): visible entries in order. */
export const PublicContentItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  caption: z.string(),
  group: z.string(),
  linkUrl: z.string().nullable(),
  image: z
    .object({ src: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() })
    .nullable(),
  sample: z.boolean(),
});
export type PublicContentItem = z.infer<typeof PublicContentItemSchema>;

/**
 * `GET /api/content/{collection}/editions`: the current edition and the earlier editions that
 * have visible entries in the collection (newest first), for the pages' archive links.
 */
export const ContentEditionsSchema = z.object({
  current: EditionRefSchema,
  archive: z.array(EditionRefSchema.extend({ entries: z.number().int() })),
});
export type ContentEditions = z.infer<typeof ContentEditionsSchema>;

/** `GET /api/content/{collection}/editions/{edition}`: one edition's visible entries (the archive). */
export const ContentArchiveSchema = z.object({
  edition: EditionRefSchema,
  items: z.array(PublicContentItemSchema),
});
export type ContentArchive = z.infer<typeof ContentArchiveSchema>;

export const AdminContentItemSchema = PublicContentItemSchema.extend({
  collection: ContentCollectionSchema,
  visible: z.boolean(),
  position: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type AdminContentItem = z.infer<typeof AdminContentItemSchema>;

/** An uploaded image, re-encoded and stored; its `url` goes into an entry's `image.url`. */
export const UploadedImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** Largest image organizers may upload. */
export const MAX_CONTENT_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The sample content the site holds in code, not in the content collections: the public pages
 * show it marked "Sample" until the owner removes the sample content, which hides it for good.
 */
export const SITE_SAMPLES = [
  'the season-one quotes',
  'two season-one highlights',
  "the host's profile link",
  'the Award Night art',
  'the Shark Tank stories',
] as const;

/**
 * Answer of `DELETE /api/admin/sample-content`: the sample entries removed, per collection, and
 * whether the site's own samples (SITE_SAMPLES) went with them (false when already gone).
 */
export const SampleContentRemovalSchema = z.object({
  removed: z.record(z.string(), z.number().int()),
  siteSamplesRemoved: z.boolean(),
});
export type SampleContentRemoval = z.infer<typeof SampleContentRemovalSchema>;

/**
 * What a removal did, in a sentence without a full stop: "Removed 12 sample entries and the
 * site's own samples", "Removed 1 sample entry", "No sample content was left".
 */
export function sampleRemovalMessage({ removed, siteSamplesRemoved }: SampleContentRemoval): string {
  const total = Object.values(removed).reduce((sum, entries) => sum + entries, 0);
  const parts = [
    ...(total > 0 ? [`${total} sample ${total === 1 ? 'entry' : 'entries'}`] : []),
    ...(siteSamplesRemoved ? ["the site's own samples"] : []),
  ];
  return parts.length === 0 ? 'No sample content was left' : `Removed ${parts.join(' and ')}`;
}
