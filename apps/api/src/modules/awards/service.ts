/**
 * Award categories (the spec's /awards and /cms/{id} pages): organizers
 * keep the current edition's categories (add, rename, reorder, delete while empty), each nominee
 * page belongs to one, and /awards lists every edition's categories with their nominees, the
 * current edition first. Every change is audited with before and after in its transaction.
 */
import type { AdminAwardCategory, AwardCategoryInput, AwardEdition, PublicAwards } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { AwardCategoryInUseError, NotFoundError, ValidationError } from '../../errors.js';
import { editionRef } from '../../lib/edition-ref.js';
import { assertSameSet } from '../../lib/reorder.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import * as repository from './repository.js';

const ENTITY_TYPE = 'award_category';
export const UNKNOWN_CATEGORY = 'Unknown award category';
const NAME_TAKEN = 'This edition already has a category of that name';

/** A nominee page's category as other modules need it: its name and edition. */
export interface AwardCategoryRef {
  id: number;
  name: string;
  eventId: number;
  /** The edition's name. */
  edition: string;
}

/** The current edition's categories in display order, with their nominees and votes counted. */
export async function listCategories(db: Executor): Promise<AdminAwardCategory[]> {
  const event = await getCurrentEvent(db);
  return repository.listCategories(db, event.id);
}

/** A category of the current edition, locked. @throws NotFoundError (404) for any other id. */
async function lockCurrent(tx: Executor, id: number) {
  const event = await getCurrentEvent(tx);
  const row = await repository.lockCategory(tx, id);
  if (!row || row.eventId !== event.id) throw new NotFoundError(UNKNOWN_CATEGORY);
  return row;
}

const snapshot = (row: repository.AwardCategoryRow) => ({
  id: row.id,
  eventId: row.eventId,
  name: row.name,
  position: row.position,
});

/**
 * Adds a category after the current edition's last one.
 * @throws ValidationError the edition already has a category of that name (400)
 */
export async function createCategory(
  db: Database,
  actor: Actor,
  input: AwardCategoryInput,
  now: Date,
): Promise<AdminAwardCategory> {
  return db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    const row = await repository.insertCategory(tx, { eventId: event.id, name: input.name });
    if (!row) throw new ValidationError(NAME_TAKEN, { name: NAME_TAKEN });
    await recordAudit(tx, actor, {
      at: now,
      action: 'award_category.create',
      entityType: ENTITY_TYPE,
      entityId: row.id,
      before: null,
      after: snapshot(row),
    });
    return { id: row.id, name: row.name, position: row.position, nominees: 0, votes: 0 };
  });
}

/**
 * Renames a category of the current edition (its nominees and votes stay with it).
 * @throws NotFoundError not a category of the current edition (404)
 * @throws ValidationError another category of the edition has that name (400)
 */
export async function renameCategory(
  db: Database,
  actor: Actor,
  id: number,
  input: AwardCategoryInput,
  now: Date,
): Promise<AdminAwardCategory> {
  return db.transaction(async (tx) => {
    const before = await lockCurrent(tx, id);
    if (await repository.nameTaken(tx, before.eventId, input.name, id)) {
      throw new ValidationError(NAME_TAKEN, { name: NAME_TAKEN });
    }
    const after = await repository.updateCategory(tx, id, { name: input.name });
    await recordAudit(tx, actor, {
      at: now,
      action: 'award_category.rename',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    const { nominees, votes } = await repository.usage(tx, id);
    return { id, name: after.name, position: after.position, nominees, votes };
  });
}

/**
 * Puts every category of the current edition in the order of `ids`.
 * @throws ValidationError `ids` is not exactly the edition's categories (400)
 */
export async function reorderCategories(
  db: Database,
  actor: Actor,
  ids: number[],
  now: Date,
): Promise<AdminAwardCategory[]> {
  return db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    const rows = await repository.lockCategoriesOf(tx, event.id);
    assertSameSet(
      rows.map((row) => row.id),
      ids,
    );
    for (const [index, id] of ids.entries()) await repository.updateCategory(tx, id, { position: index + 1 });
    await recordAudit(tx, actor, {
      at: now,
      action: 'award_category.reorder',
      entityType: ENTITY_TYPE,
      entityId: event.id,
      before: { ids: rows.map((row) => row.id) },
      after: { ids },
    });
    return repository.listCategories(tx, event.id);
  });
}

/**
 * Deletes a category of the current edition that holds no nominee page and no vote: votes
 * are the voters', and a nominee must belong to a category.
 * @throws NotFoundError not a category of the current edition (404)
 * @throws AwardCategoryInUseError it holds nominee pages or votes (409)
 */
export async function deleteCategory(db: Database, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCurrent(tx, id);
    const { nominees, votes } = await repository.usage(tx, id);
    if (nominees > 0 || votes > 0) {
      throw new AwardCategoryInUseError(
        'Only an empty category can be deleted: move its nominee pages to another category first.',
      );
    }
    await repository.deleteCategory(tx, id);
    await recordAudit(tx, actor, {
      at: now,
      action: 'award_category.delete',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: null,
    });
  });
}

/** The category with this id, with its edition, or undefined. */
export async function findCategory(db: Executor, id: number): Promise<AwardCategoryRef | undefined> {
  return repository.findCategory(db, id);
}

/** Categories by id (unknown ids left out), for lists of nominee pages. */
export async function findCategories(db: Executor, ids: number[]): Promise<AwardCategoryRef[]> {
  return repository.findCategories(db, [...new Set(ids)]);
}

/**
 * The current edition's categories with their nominees, and the earlier editions' as the
 * archive (newest first). Voting is open only in the current edition, until organizers close it.
 */
export async function publicAwards(db: Executor): Promise<PublicAwards> {
  const current = await getCurrentEvent(db);
  const editions = new Map<number, AwardEdition>();
  const editionOf = (row: { eventId: number; slug: string; edition: string; startsAt: Date }) => {
    let edition = editions.get(row.eventId);
    if (!edition) {
      edition = {
        ...editionRef({ slug: row.slug, name: row.edition, startsAt: row.startsAt }),
        votingOpen: row.eventId === current.id && current.votingClosedAt === null,
        categories: [],
      };
      editions.set(row.eventId, edition);
    }
    return edition;
  };
  editionOf({ eventId: current.id, slug: current.slug, edition: current.name, startsAt: current.startsAt });
  for (const row of await repository.listPublicCategories(db)) {
    const { categories } = editionOf(row);
    let category = categories.at(-1);
    if (category?.id !== row.categoryId) {
      category = { id: row.categoryId, name: row.category, nominees: [] };
      categories.push(category);
    }
    if (row.nomineeId !== null && row.nominee !== null) {
      category.nominees.push({ id: row.nomineeId, title: row.nominee, path: `/cms/${row.nomineeId}` });
    }
  }
  const [first, ...others] = editions.values();
  return { current: first!, archive: others };
}
