/**
 * CMS content use cases: the spec's /about and /cms/{id} pages and their calls
 * `auth/cms/get-content/{id}` and `auth/startup-cms/get-content/{id}`.
 */
import escapeHtml from 'escape-html';
import {
  editionFieldValues,
  fillEditionFields,
  TRANSLATION_LOCALES,
  type AdminCmsPage,
  type CmsContent,
  type CmsPageInput,
  type CmsPageTranslatedField,
  type Translations,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { findCategories, findCategory, type AwardCategoryRef } from '../awards/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import * as repository from './repository.js';
import { sanitizeCmsHtml } from './sanitize.js';

export const PAGE_NOT_FOUND = 'Page not found';

/** A route's `:id`: all digits is the numeric id, anything else the slug (e.g. `about`). */
export function parsePageRef(id: string): { id: number } | { slug: string } {
  return /^\d{1,9}$/.test(id) ? { id: Number(id) } : { slug: id };
}

/**
 * A page's content as the browser renders it: the current edition's fields
 * (`{{edition.dates}}`) filled in, HTML-escaped, then sanitised again on the way out in case a
 * row was written around the seed (defence in depth). Its Gujarati and Hindi title and HTML go
 * the same way, under `translations` with the public names (`title`, `Content`).
 * @throws NotFoundError 'Page not found' for an unknown id or slug.
 */
export async function getPageContent(db: Executor, id: string): Promise<CmsContent> {
  const page = await repository.findPage(db, parsePageRef(id));
  if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
  const values = editionFieldValues(await getCurrentEvent(db));
  const title = (text: string) => fillEditionFields(text, values);
  const html = (text: string) => sanitizeCmsHtml(fillEditionFields(text, values, escapeHtml));
  return {
    _id: page.id,
    title: title(page.title),
    Content: html(page.contentHtml),
    translations: Object.fromEntries(
      TRANSLATION_LOCALES.flatMap((locale) => {
        const translation = page.translations[locale];
        return translation
          ? [
              [
                locale,
                {
                  title: translation.title === undefined ? undefined : title(translation.title),
                  Content: translation.html === undefined ? undefined : html(translation.html),
                },
              ],
            ]
          : [];
      }),
    ),
  };
}

/**
 * The translations to store: each language's HTML through the same sanitiser as the English,
 * so what is stored is what the site shows in every language. HTML that sanitises to nothing
 * (only a script) is "not translated", as blank text is never stored.
 */
function sanitizedTranslations(
  translations: Translations<CmsPageTranslatedField>,
): Translations<CmsPageTranslatedField> {
  return Object.fromEntries(
    TRANSLATION_LOCALES.flatMap((locale) => {
      const translation = translations[locale];
      if (!translation) return [];
      const html = translation.html === undefined ? '' : sanitizeCmsHtml(translation.html).trim();
      const stored = {
        ...(translation.title === undefined ? {} : { title: translation.title }),
        ...(html === '' ? {} : { html }),
      };
      return Object.keys(stored).length > 0 ? [[locale, stored]] : [];
    }),
  );
}

/** The title of the site page `slug` of its kind (the highlights page), or null when there is none. */
export async function findPageTitle(db: Executor, slug: 'highlights'): Promise<string | null> {
  const title = (await repository.findPage(db, { slug }, slug))?.title;
  return title === undefined ? null : fillEditionFields(title, editionFieldValues(await getCurrentEvent(db)));
}

/** The award nominee page with this id (the page voters vote for), or undefined. */
export async function findNominee(db: Executor, id: number): Promise<repository.CmsPage | undefined> {
  return repository.findPage(db, { id }, 'nominee');
}

const ENTITY_TYPE = 'cms_page';

function toAdmin(
  page: repository.CmsPage,
  category: AwardCategoryRef | undefined,
  currentEventId: number,
): AdminCmsPage {
  return {
    id: page.id,
    kind: page.kind as repository.CmsPageKind,
    slug: page.slug,
    title: page.title,
    html: page.contentHtml,
    translations: page.translations,
    path: page.kind === 'nominee' ? `/cms/${page.id}` : `/${page.kind}`,
    awardCategory: category
      ? {
          id: category.id,
          name: category.name,
          edition: category.edition,
          current: category.eventId === currentEventId,
        }
      : null,
    updatedAt: page.updatedAt.toISOString(),
  };
}

/** Pages as the console shows them, each with its award category. */
async function toAdminPages(db: Executor, pages: repository.CmsPage[]): Promise<AdminCmsPage[]> {
  const current = await getCurrentEvent(db);
  const categories = await findCategories(
    db,
    pages.flatMap((page) => (page.awardCategoryId === null ? [] : [page.awardCategoryId])),
  );
  const byId = new Map(categories.map((category) => [category.id, category]));
  return pages.map((page) =>
    toAdmin(page, page.awardCategoryId === null ? undefined : byId.get(page.awardCategoryId), current.id),
  );
}

async function toAdminPage(db: Executor, page: repository.CmsPage): Promise<AdminCmsPage> {
  const [admin] = await toAdminPages(db, [page]);
  return admin!;
}

/** The page as the audit log keeps it (the HTML whole: it is what the site showed). */
const snapshot = (page: repository.CmsPage) => ({
  id: page.id,
  kind: page.kind,
  slug: page.slug,
  title: page.title,
  html: page.contentHtml,
  translations: page.translations,
  awardCategoryId: page.awardCategoryId,
  updatedAt: page.updatedAt.toISOString(),
});

/** Every page for the console: about first, then the nominee pages by id. */
export async function listAdminPages(db: Executor): Promise<AdminCmsPage[]> {
  return toAdminPages(db, await repository.listPages(db));
}

const CHOOSE_CATEGORY = 'Choose an award category';

/**
 * The award category a nominee page is saved in: one of the current edition's, or the one the
 * page already has (an earlier edition's nominee keeps its category). A page with votes keeps
 * its category: each vote counts in the category it was cast in.
 * @throws ValidationError no category, an unknown one, or a move of a page with votes (400)
 */
async function nomineeCategory(
  tx: Executor,
  input: CmsPageInput,
  page: repository.CmsPage | undefined,
): Promise<number> {
  const id = input.awardCategoryId;
  if (id === undefined || id === null)
    throw new ValidationError(CHOOSE_CATEGORY, { awardCategoryId: CHOOSE_CATEGORY });
  if (page?.awardCategoryId === id) return id;
  const category = await findCategory(tx, id);
  const current = await getCurrentEvent(tx);
  if (!category || category.eventId !== current.id) {
    const message = 'Choose one of this edition’s award categories';
    throw new ValidationError(message, { awardCategoryId: message });
  }
  if (page && (await repository.countVotes(tx, page.id)) > 0) {
    const message = 'This nominee has votes: it stays in its category';
    throw new ValidationError(message, { awardCategoryId: message });
  }
  return id;
}

/**
 * One page for the console.
 * @throws NotFoundError 'Page not found' (404)
 */
export async function getAdminPage(db: Executor, id: number): Promise<AdminCmsPage> {
  const page = await repository.findPage(db, { id });
  if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
  return toAdminPage(db, page);
}

/**
 * Replaces a page's title and HTML, their translations (left out of the input: kept) and a
 * nominee's award category; every HTML, the translations' too, is sanitised before it is
 * stored, so the stored and answered HTML is what the site shows.
 * @throws NotFoundError 'Page not found' (404)
 * @throws ValidationError a nominee without a valid category (400, see `nomineeCategory`)
 */
export async function updatePage(
  db: Database,
  actor: Actor,
  id: number,
  input: CmsPageInput,
  now: Date,
): Promise<AdminCmsPage> {
  return db.transaction(async (tx) => {
    const before = await repository.lockPage(tx, id);
    if (!before) throw new NotFoundError(PAGE_NOT_FOUND);
    const after = await repository.updatePage(tx, id, {
      title: input.title,
      contentHtml: sanitizeCmsHtml(input.html),
      translations:
        input.translations === undefined ? before.translations : sanitizedTranslations(input.translations),
      awardCategoryId: before.kind === 'nominee' ? await nomineeCategory(tx, input, before) : null,
      updatedAt: now,
    });
    await recordAudit(tx, actor, {
      at: now,
      action: 'cms_page.update',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toAdminPage(tx, after);
  });
}

/** `KrishiSetu Labs` → `krishisetu-labs`; letters and digits only, at most 60 characters. */
function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'page';
}

/**
 * Adds an award nominee page in one of the current edition's categories (shown at /cms/{id},
 * and voters can vote for it), its HTML and its translations' sanitised. The slug comes from the title, numbered
 * when taken.
 * @throws ValidationError no category of the current edition (400)
 */
export async function createNomineePage(
  db: Database,
  actor: Actor,
  input: CmsPageInput,
  now: Date,
): Promise<AdminCmsPage> {
  return db.transaction(async (tx) => {
    const awardCategoryId = await nomineeCategory(tx, input, undefined);
    const base = `nominee-${slugOf(input.title)}`;
    let page: repository.CmsPage | undefined;
    for (let attempt = 1; !page; attempt += 1) {
      page = await repository.insertPage(tx, {
        kind: 'nominee',
        slug: attempt === 1 ? base : `${base}-${attempt}`,
        title: input.title,
        contentHtml: sanitizeCmsHtml(input.html),
        translations: sanitizedTranslations(input.translations ?? {}),
        awardCategoryId,
        updatedAt: now,
      });
    }
    await recordAudit(tx, actor, {
      at: now,
      action: 'cms_page.create',
      entityType: ENTITY_TYPE,
      entityId: page.id,
      before: null,
      after: snapshot(page),
    });
    return toAdminPage(tx, page);
  });
}
