/**
 * CMS content use cases (spec §2 /about and /cms/{id}, §3 CMS content, §7
 * `auth/cms/get-content/{id}` and `auth/startup-cms/get-content/{id}`).
 */
import type { CmsContent } from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import * as repository from './repository.js';
import { sanitizeCmsHtml } from './sanitize.js';

export const PAGE_NOT_FOUND = 'Page not found';

/** A route's `:id`: all digits is the numeric id, anything else the slug (e.g. `about`). */
export function parsePageRef(id: string): { id: number } | { slug: string } {
  return /^\d{1,9}$/.test(id) ? { id: Number(id) } : { slug: id };
}

/**
 * A page's content as the browser renders it, sanitised again on the way out in case a row
 * was written around the seed (defence in depth).
 * @throws NotFoundError 'Page not found' for an unknown id or slug.
 */
export async function getPageContent(db: Executor, id: string): Promise<CmsContent> {
  const page = await repository.findPage(db, parsePageRef(id));
  if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
  return { _id: page.id, title: page.title, Content: sanitizeCmsHtml(page.contentHtml) };
}

/** The award nominee page with this id (the page voters vote for), or undefined. */
export async function findNominee(db: Executor, id: number): Promise<repository.CmsPage | undefined> {
  return repository.findPage(db, { id }, 'nominee');
}
