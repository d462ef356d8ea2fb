/**
 * Organizers' site content: FAQ entries, award categories, CMS pages, content collections and
 * their uploaded images.
 */
import { sql } from 'drizzle-orm';
import {
  CMS_PAGE_KINDS,
  CONTENT_COLLECTIONS,
  type CmsPageTranslatedField,
  type FaqTranslatedField,
} from '@festival/shared';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, isJsonObject, oneOf, translationsColumn } from './columns.js';
import { events } from './editions.js';

/** One FAQ entry. `key` is the seed's stable name, so re-seeding never duplicates or overwrites. */
export const faqItems = pgTable(
  'faq_items',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** The Gujarati and Hindi of the question and answer; English is the columns above. */
    translations: translationsColumn<FaqTranslatedField>(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Hidden entries stay in the console but are not listed on /faq. */
    visible: boolean('visible').notNull().default(true),
  },
  (t) => [check('faq_items_translations_ck', isJsonObject(t.translations))],
);

/**
 * An award category of one edition ("Best Agri-Tech Startup"): its nominees are CMS pages of
 * kind 'nominee', and a voter has one vote in each category.
 */
export const awardCategories = pgTable(
  'award_categories',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('award_categories_event_name_uq').on(t.eventId, t.name)],
);

/**
 * A content page with organiser-written HTML (the spec's CMS content): the about page (kind
 * 'about'), the highlights recap (kind 'highlights') and the award nominee pages (kind
 * 'nominee') that /cms/{id} shows and voters vote for. HTML is sanitised when written and again
 * when read.
 */
export const cmsPages = pgTable(
  'cms_pages',
  {
    id: serial('id').primaryKey(),
    /** 'about' | 'highlights' | 'nominee' (CMS_PAGE_KINDS in packages/shared admin-content.ts). */
    kind: text('kind').notNull(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** A nominee's award category (which fixes its edition); null for the about page. */
    awardCategoryId: integer('award_category_id').references(() => awardCategories.id),
    contentHtml: text('content_html').notNull(),
    /** The Gujarati and Hindi of the title and HTML (sanitised as the English); English is the columns above. */
    translations: translationsColumn<CmsPageTranslatedField>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cms_pages_kind_ck', oneOf(t.kind, CMS_PAGE_KINDS)),
    check('cms_pages_translations_ck', isJsonObject(t.translations)),
  ],
);

/**
 * One entry of a public content collection: speakers, sponsors,
 * featured startups, participant logos, activities and event-flow images, one table with a
 * `collection` column (CONTENT_COLLECTIONS in packages/shared admin-content.ts says what each
 * column means per collection). `key` is the seed's stable name (null for organizers' entries),
 * so re-seeding never duplicates or overwrites. `sample` marks the seed's placeholders.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    collection: text('collection').notNull(),
    key: text('key').unique(),
    name: text('name').notNull(),
    /** Title or topic, description, caption or time: the line under the name. */
    caption: text('caption').notNull().default(''),
    /** Speakers' group, sponsors' tier, event-flow day; '' where the collection has none. */
    group: text('group').notNull().default(''),
    linkUrl: text('link_url'),
    /** A site path (/images/…) or an uploaded image (/api/content/images/…). */
    imageUrl: text('image_url'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imageAlt: text('image_alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    sample: boolean('sample').notNull().default(false),
    /** The edition the entry belongs to: the current edition's pages list its own, earlier ones are the archive. */
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_items_event_collection_position_idx').on(t.eventId, t.collection, t.position),
    check('content_items_collection_ck', oneOf(t.collection, CONTENT_COLLECTIONS)),
  ],
);

/**
 * An image organizers uploaded for the site, decoded and encoded again
 * as registration uploads are (modules/uploads); served publicly at /api/content/images/<id>.<ext>.
 */
export const contentImages = pgTable('content_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  storedName: text('stored_name').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  ext: text('ext').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  createdAt: createdAt(),
});

/**
 * Whether the owner removed the sample content the site holds in code rather than in
 * `content_items` (the season-one quotes and two of its highlights, the host's profile link, the
 * Award Night art, the Shark Tank stories; SITE_SAMPLES in packages/shared): at most one row,
 * written by "Remove sample content". Until it exists the public pages show those samples marked
 * "Sample" and the status page counts them.
 */
export const siteSamplesRemoval = pgTable(
  'site_samples_removal',
  {
    /** Always true: the table holds one row at most. */
    id: boolean('id').primaryKey().default(true),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('site_samples_removal_single_ck', sql`${t.id}`)],
);
