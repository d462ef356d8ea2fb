/**
 * Content collections: speakers, sponsors, featured startups,
 * participant logos, activities and event-flow images, per edition. The public site reads the
 * current edition's visible entries in order, and earlier editions' as the archive; organizers
 * list, add, edit, hide/show, reorder and delete the current edition's entries and upload their
 * images. Every change is audited with before and after in its transaction.
 *
 * Images are uploaded on their own (re-encoded by the upload store, modules/uploads) and an
 * entry then names the image's URL; an entry may also name one of the site's own files
 * (/images/…, the seed's placeholders).
 */
import path from 'node:path';
import sharp from 'sharp';
import {
  contentItemRuleErrors,
  type AdminContentItem,
  type ContentArchive,
  type ContentCollection,
  type ContentEditions,
  type ContentItemValues,
  type PublicContentItem,
  type SampleContentRemoval,
  type UploadedImage,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { editionRef } from '../../lib/edition-ref.js';
import { fileKey, type FileStore } from '../../lib/file-store.js';
import { assertSameSet } from '../../lib/reorder.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import type { StagedUpload, UploadStore } from '../uploads/storage.js';
import * as repository from './repository.js';

const ENTITY_TYPE = 'content_item';
const NOT_FOUND = 'Unknown entry';
/** Public path of uploaded images; the file name is the image's id and extension. */
export const IMAGE_URL_PREFIX = '/api/content/images/';

function toPublic(row: repository.ContentItemRow): PublicContentItem {
  return {
    id: row.id,
    name: row.name,
    caption: row.caption,
    group: row.group,
    linkUrl: row.linkUrl,
    image:
      row.imageUrl && row.imageWidth && row.imageHeight
        ? { src: row.imageUrl, width: row.imageWidth, height: row.imageHeight, alt: row.imageAlt }
        : null,
    sample: row.sample,
  };
}

function toAdmin(row: repository.ContentItemRow): AdminContentItem {
  return {
    ...toPublic(row),
    collection: row.collection as ContentCollection,
    visible: row.visible,
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The current edition's visible entries of a collection in display order, as the public pages
 * render them (earlier editions' entries are the archive, `listArchiveItems`).
 */
export async function listPublicItems(
  db: Executor,
  collection: ContentCollection,
): Promise<PublicContentItem[]> {
  const { id } = await getCurrentEvent(db);
  return (await repository.listItems(db, collection, id)).map(toPublic);
}

/**
 * The seed's placeholder entries still among the current edition's, per collection that has
 * any ("speakers" → 9): the site says "Sample" over them until organizers replace them.
 */
export async function sampleEntryCounts(db: Executor): Promise<Record<string, number>> {
  const { id } = await getCurrentEvent(db);
  return Object.fromEntries(
    (await repository.countSamples(db, id)).map((row) => [row.collection, row.entries]),
  );
}

/**
 * The current edition, and the earlier editions with visible entries in the collection (newest
 * first): what a page names and links as its archive ("2024 sponsors").
 */
export async function listContentEditions(
  db: Executor,
  collection: ContentCollection,
): Promise<ContentEditions> {
  const current = await getCurrentEvent(db);
  const archive = await repository.editionsWithItems(db, collection, current.id);
  return {
    current: editionRef(current),
    archive: archive.map((row) => ({ ...editionRef(row), entries: row.entries })),
  };
}

/**
 * One edition's visible entries of a collection, by the edition's slug or year (`2024`).
 * @throws NotFoundError no such edition (404)
 */
export async function listArchiveItems(
  db: Executor,
  collection: ContentCollection,
  edition: string,
): Promise<ContentArchive> {
  const row = await repository.findEdition(db, edition);
  if (!row) throw new NotFoundError('Unknown edition');
  return {
    edition: editionRef(row),
    items: (await repository.listItems(db, collection, row.id)).map(toPublic),
  };
}

/** Every entry of a collection in the current edition, hidden ones too, in display order. */
export async function listAdminItems(
  db: Executor,
  collection: ContentCollection,
): Promise<AdminContentItem[]> {
  const { id } = await getCurrentEvent(db);
  return (await repository.listItems(db, collection, id, { all: true })).map(toAdmin);
}

/**
 * The row values of an entry, after the collection's rules and a check that an uploaded image exists.
 * @throws ValidationError a rule of the collection, or an image URL that names no upload (400)
 */
async function rowValues(
  db: Executor,
  collection: ContentCollection,
  input: ContentItemValues,
): Promise<Omit<repository.NewContentItemRow, 'collection' | 'eventId'>> {
  const errors = contentItemRuleErrors(collection, input);
  if (input.image?.url.startsWith(IMAGE_URL_PREFIX)) {
    const id = path.parse(input.image.url.slice(IMAGE_URL_PREFIX.length)).name;
    if (!(await repository.findImage(db, id))) errors.image = 'Upload the image again';
  }
  if (Object.keys(errors).length > 0)
    throw new ValidationError('Please correct the highlighted fields.', errors);
  return {
    name: input.name,
    caption: input.caption,
    group: input.group,
    linkUrl: input.linkUrl,
    imageUrl: input.image?.url ?? null,
    imageWidth: input.image?.width ?? null,
    imageHeight: input.image?.height ?? null,
    imageAlt: input.image?.alt ?? '',
    sample: input.sample,
  };
}

/** Adds a visible entry of the current edition after the collection's last one. */
export async function createItem(
  db: Database,
  actor: Actor,
  collection: ContentCollection,
  input: ContentItemValues,
  now: Date,
): Promise<AdminContentItem> {
  return db.transaction(async (tx) => {
    const values = await rowValues(tx, collection, input);
    const { id: eventId } = await getCurrentEvent(tx);
    const row = await repository.insertItem(tx, { ...values, collection, eventId, updatedAt: now });
    await recordAudit(tx, actor, {
      at: now,
      action: 'content_item.create',
      entityType: ENTITY_TYPE,
      entityId: row.id,
      before: null,
      after: toAdmin(row),
    });
    return toAdmin(row);
  });
}

/** An entry of the current edition: the console edits that edition's entries; earlier ones are its archive. */
async function lockOwn(tx: Executor, collection: ContentCollection, id: number) {
  const { id: eventId } = await getCurrentEvent(tx);
  const row = await repository.lockItem(tx, collection, eventId, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

/**
 * Replaces an entry's fields, or only its visibility.
 * @throws NotFoundError no such entry in the collection (404)
 * @throws ValidationError a rule of the collection (400)
 */
export async function updateItem(
  db: Database,
  actor: Actor,
  collection: ContentCollection,
  id: number,
  change: { input: ContentItemValues } | { visible: boolean },
  now: Date,
): Promise<AdminContentItem> {
  return db.transaction(async (tx) => {
    const before = await lockOwn(tx, collection, id);
    const values =
      'input' in change ? await rowValues(tx, collection, change.input) : { visible: change.visible };
    const after = await repository.updateItem(tx, id, { ...values, updatedAt: now });
    await recordAudit(tx, actor, {
      at: now,
      action:
        'input' in change
          ? 'content_item.update'
          : change.visible
            ? 'content_item.show'
            : 'content_item.hide',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: toAdmin(before),
      after: toAdmin(after),
    });
    return toAdmin(after);
  });
}

/**
 * Deletes an entry (its uploaded image stays: another entry or the audit log may name it).
 * @throws NotFoundError no such entry in the collection (404)
 */
export async function deleteItem(
  db: Database,
  actor: Actor,
  collection: ContentCollection,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOwn(tx, collection, id);
    await repository.deleteItem(tx, id);
    // The collection's ETag counts entries, so a deletion changes it too.
    await recordAudit(tx, actor, {
      at: now,
      action: 'content_item.delete',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: toAdmin(before),
      after: null,
    });
  });
}

/**
 * Whether the public pages still show the site's own samples (held in code, SITE_SAMPLES in
 * packages/shared): true until the owner removes the sample content.
 */
export async function siteSamplesShown(db: Executor): Promise<boolean> {
  return !(await repository.siteSamplesRemoved(db));
}

/**
 * Removes the sample content in one step, for the owner before the site goes live: every entry
 * of every edition still marked `sample` (the seed's placeholder speakers, sponsors,
 * participants and the rest; an entry organizers no longer mark as sample stays), and the
 * samples the site holds in code (the season-one quotes, the host's profile link and the rest),
 * which the public pages stop showing within a second (the edition's public cache). The seed
 * adds samples only on a fresh install, so they do not come back on a restart. Audited once,
 * with the count per collection and whether the site's own samples went.
 */
export async function removeSampleContent(
  db: Database,
  actor: Actor,
  now: Date,
): Promise<SampleContentRemoval> {
  return db.transaction(async (tx) => {
    const removed: Record<string, number> = {};
    for (const row of await repository.deleteSamples(tx)) {
      removed[row.collection] = (removed[row.collection] ?? 0) + 1;
    }
    const siteSamplesRemoved = await repository.removeSiteSamples(tx, now);
    if (Object.keys(removed).length > 0 || siteSamplesRemoved) {
      await recordAudit(tx, actor, {
        at: now,
        action: 'content.remove_samples',
        entityType: 'content',
        entityId: 'samples',
        before: { ...removed, ...(siteSamplesRemoved ? { siteSamples: true } : {}) },
        after: null,
      });
    }
    return { removed, siteSamplesRemoved };
  });
}

/**
 * Puts every entry of a collection in the current edition in the order of `ids`.
 * @throws ValidationError `ids` is not exactly the collection's entries (400)
 */
export async function reorderItems(
  db: Database,
  actor: Actor,
  collection: ContentCollection,
  ids: number[],
  now: Date,
): Promise<AdminContentItem[]> {
  return db.transaction(async (tx) => {
    const { id: eventId } = await getCurrentEvent(tx);
    const rows = await repository.lockCollection(tx, collection, eventId);
    assertSameSet(
      rows.map((row) => row.id),
      ids,
    );
    for (const [index, id] of ids.entries()) {
      await repository.updateItem(tx, id, { position: index + 1, updatedAt: now });
    }
    await recordAudit(tx, actor, {
      at: now,
      action: 'content_item.reorder',
      entityType: ENTITY_TYPE,
      entityId: collection,
      before: { ids: rows.map((row) => row.id) },
      after: { ids },
    });
    return listAdminItems(tx, collection);
  });
}

/**
 * Stores an uploaded image (already decoded and encoded again by the upload store) under its
 * own id and records it, audited.
 */
export async function saveImage(
  db: Database,
  store: UploadStore,
  actor: Actor,
  file: StagedUpload,
  now: Date,
): Promise<UploadedImage> {
  const { width, height } = await sharp(file.path).metadata();
  const [placed] = await store.place([file], now);
  return db.transaction(async (tx) => {
    const row = await repository.insertImage(tx, {
      storedName: placed!.storedName,
      mimeType: file.mimeType,
      ext: file.ext,
      sizeBytes: file.sizeBytes,
      width,
      height,
      sha256: file.sha256,
      uploadedBy: actor.organizerId,
    });
    const image = { url: `${IMAGE_URL_PREFIX}${row.id}.${row.ext}`, width, height, sizeBytes: row.sizeBytes };
    await recordAudit(tx, actor, {
      at: now,
      action: 'content_image.upload',
      entityType: 'content_image',
      entityId: row.id,
      before: null,
      after: { ...image, mimeType: row.mimeType, sha256: row.sha256 },
    });
    return image;
  });
}

/**
 * An uploaded image's type and a stream of its bytes from `files`, by its public file name
 * (`<id>.<ext>`). Type, size and SHA-256 are the row's, recorded at upload.
 * @throws NotFoundError no such image, or its file is gone from the store (404)
 */
export async function openImage(
  db: Executor,
  files: FileStore,
  fileName: string,
): Promise<{ mimeType: string; sizeBytes: number; sha256: string; stream: NodeJS.ReadableStream }> {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]+)$/.exec(fileName);
  const row = match ? await repository.findImage(db, match[1]!) : undefined;
  const stored =
    row && row.ext === match?.[2] ? await files.get(fileKey('content-images', row.storedName)) : null;
  if (!row || !stored) throw new NotFoundError('Image not found');
  return { mimeType: row.mimeType, sizeBytes: row.sizeBytes, sha256: row.sha256, stream: stored.stream };
}
