/**
 * FAQ use cases (the spec's /faq page and `auth/list/FaqMaster` call):
 * the public list of visible entries, and the console's list, create, edit, hide/show and
 * reorder, each audited with before and after in the transaction of the change.
 */
import { randomUUID } from 'node:crypto';
import {
  editionFieldValues,
  fillEditionFields,
  TRANSLATION_LOCALES,
  type AdminFaqItem,
  type FaqItem,
  type FaqItemInput,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { assertSameSet } from '../../lib/reorder.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import * as repository from './repository.js';

const ENTITY_TYPE = 'faq_item';
const NOT_FOUND = 'Unknown FAQ entry';

/**
 * The visible FAQ in display order, with the spec's keys `que` and `ans` (plain text) and the
 * organizers' translations of each under the same keys, the current edition's fields
 * (`{{edition.dates}}`) filled in everywhere.
 */
export async function listFaq(db: Executor): Promise<FaqItem[]> {
  const rows = await repository.listFaqItems(db);
  const values = editionFieldValues(await getCurrentEvent(db));
  const fill = (text: string | undefined) => (text === undefined ? undefined : fillEditionFields(text, values));
  return rows.map((row) => ({
    _id: row.id,
    que: fillEditionFields(row.question, values),
    ans: fillEditionFields(row.answer, values),
    translations: Object.fromEntries(
      TRANSLATION_LOCALES.flatMap((locale) => {
        const translation = row.translations[locale];
        return translation
          ? [[locale, { que: fill(translation.question), ans: fill(translation.answer) }]]
          : [];
      }),
    ),
  }));
}

function toAdmin(row: repository.FaqItemRow): AdminFaqItem {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    translations: row.translations,
    visible: row.visible,
    position: row.sortOrder,
  };
}

/** Every entry, hidden ones too, in display order. */
export async function listAdminFaq(db: Executor): Promise<AdminFaqItem[]> {
  return (await repository.listFaqItems(db, { all: true })).map(toAdmin);
}

/** Adds a visible entry after the last one. */
export async function createFaqItem(
  db: Database,
  actor: Actor,
  input: FaqItemInput,
  now: Date,
): Promise<AdminFaqItem> {
  return db.transaction(async (tx) => {
    // Organizers' entries get a key of their own, so the seed's keys never match them.
    const row = await repository.insertFaqItem(tx, {
      key: `organizer-${randomUUID()}`,
      ...input,
      translations: input.translations ?? {},
    });
    await recordAudit(tx, actor, {
      at: now,
      action: 'faq_item.create',
      entityType: ENTITY_TYPE,
      entityId: row.id,
      before: null,
      after: toAdmin(row),
    });
    return toAdmin(row);
  });
}

/**
 * Changes an entry's question, answer and translations (left out: kept), or its visibility.
 * @throws NotFoundError no such entry (404)
 */
export async function updateFaqItem(
  db: Database,
  actor: Actor,
  id: number,
  changes: Partial<FaqItemInput & { visible: boolean }>,
  now: Date,
): Promise<AdminFaqItem> {
  return db.transaction(async (tx) => {
    const before = await repository.lockFaqItem(tx, id);
    if (!before) throw new NotFoundError(NOT_FOUND);
    const after = await repository.updateFaqItem(tx, id, changes);
    await recordAudit(tx, actor, {
      at: now,
      action:
        changes.visible === undefined
          ? 'faq_item.update'
          : changes.visible
            ? 'faq_item.show'
            : 'faq_item.hide',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: toAdmin(before),
      after: toAdmin(after),
    });
    return toAdmin(after);
  });
}

/**
 * Puts every entry in the order of `ids` (positions 1, 2, …), audited as one change of the list.
 * @throws ValidationError `ids` is not exactly the set of entries (400)
 */
export async function reorderFaq(
  db: Database,
  actor: Actor,
  ids: number[],
  now: Date,
): Promise<AdminFaqItem[]> {
  return db.transaction(async (tx) => {
    const rows = await repository.lockAllFaqItems(tx);
    assertSameSet(
      rows.map((row) => row.id),
      ids,
    );
    for (const [index, id] of ids.entries()) await repository.updateFaqItem(tx, id, { sortOrder: index + 1 });
    await recordAudit(tx, actor, {
      at: now,
      action: 'faq_item.reorder',
      entityType: ENTITY_TYPE,
      entityId: 'all',
      before: { ids: rows.map((row) => row.id) },
      after: { ids },
    });
    return listAdminFaq(tx);
  });
}
