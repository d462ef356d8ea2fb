/**
 * Festival editions: the current edition as the console edits it, and
 * the next edition, which becomes the current one (optionally with the current edition's
 * ticket types and registration questions as a starting point). Changes are audited with before and after. Once the
 * current edition has ended the site says so and checkout stops selling (orders/checkout.ts).
 */
import type { CreateEdition, Edition, UpdateEdition } from '@festival/shared';
import { nextReferencePrefix } from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { copyQuestions } from '../questions/service.js';
import { copyTicketTypes } from '../tickets/admin-service.js';
import * as repository from './repository.js';

const ENTITY_TYPE = 'edition';

/** Whether the edition has ended at `now`. */
export const hasEnded = (edition: { endsAt: Date }, now: Date) => now.getTime() >= edition.endsAt.getTime();

function toEdition(row: repository.EditionRow, now: Date): Edition {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    venue: row.venue,
    venueMapUrl: row.venueMapUrl,
    videoUrl: row.videoUrl,
    editionNumber: row.editionNumber,
    theme: row.theme,
    sectors: row.sectors,
    stats: row.stats,
    visitorRegistration: row.visitorRegistration,
    visitorRegistrationUrl: row.visitorRegistrationUrl,
    translations: row.translations,
    referencePrefix: row.referencePrefix,
    invoicePrefix: row.invoicePrefix,
    ended: hasEnded(row, now),
  };
}

/** The audit snapshot: the edition's fields without the clock-dependent `ended`. */
function snapshot(row: repository.EditionRow) {
  const { ended: _ended, ...fields } = toEdition(row, new Date(0));
  return { ...fields, currentSince: row.currentSince?.toISOString() ?? null };
}

/** The current edition. @throws NotFoundError when there is none (404) */
export async function getCurrentEdition(db: Executor, now: Date): Promise<Edition> {
  return toEdition(await getCurrentEvent(db), now);
}

/**
 * Changes fields of the current edition (any of UpdateEditionSchema's: name, dates, venue,
 * number, theme, sectors, figures, visitor registration, prefixes, translations); the end must stay after the
 * start, and visitors sent to an external listing need its address.
 * @throws NotFoundError no edition (404)
 * @throws ValidationError the end would not be after the start, or the listing address is missing (400)
 */
export async function updateCurrentEdition(
  db: Database,
  actor: Actor,
  patch: UpdateEdition,
  now: Date,
): Promise<Edition> {
  return db.transaction(async (tx) => {
    const current = await getCurrentEvent(tx);
    const before = (await repository.lockEdition(tx, current.id))!;
    const { startsAt, endsAt, ...plain } = patch;
    const changes: Partial<repository.NewEditionRow> = { ...plain };
    if (startsAt !== undefined) changes.startsAt = new Date(startsAt);
    if (endsAt !== undefined) changes.endsAt = new Date(endsAt);
    const start = changes.startsAt ?? before.startsAt;
    const end = changes.endsAt ?? before.endsAt;
    if (end.getTime() <= start.getTime()) {
      const message = 'The end must be after the start';
      throw new ValidationError(message, { endsAt: message });
    }
    // The schema checks the pair when both come in the patch; a patch of one checks the stored other.
    const visitorRegistration = changes.visitorRegistration ?? before.visitorRegistration;
    const listing =
      changes.visitorRegistrationUrl !== undefined
        ? changes.visitorRegistrationUrl
        : before.visitorRegistrationUrl;
    if (visitorRegistration === 'external' && !listing) {
      const message = 'Enter the listing address (https://…)';
      throw new ValidationError(message, { visitorRegistrationUrl: message });
    }
    const after = await repository.updateEdition(tx, before.id, changes);
    await recordAudit(tx, actor, {
      at: now,
      action: 'edition.update',
      entityType: ENTITY_TYPE,
      entityId: after.id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toEdition(after, now);
  });
}

/** `Startup Fest Gujarat 2025` → `startup-fest-gujarat-2025`. */
function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'edition'
  );
}

/**
 * Creates the next edition and makes it the current one: the site shows it, registrations and
 * sales belong to it. With `copyTicketTypes` the current edition's ticket types (not archived)
 * are copied to it, sales windows open, and so are its registration questions (not archived),
 * those asked of a ticket type asked of its copy: copied together, in this transaction, because
 * a question's ticket type can only be matched to its copy here (names may change later).
 */
export async function createEdition(
  db: Database,
  actor: Actor,
  input: CreateEdition,
  now: Date,
): Promise<Edition> {
  return db.transaction(async (tx) => {
    const previous = await getCurrentEvent(tx);
    const base = slugOf(input.name);
    let row: repository.EditionRow | undefined;
    for (let attempt = 1; !row; attempt += 1) {
      row = await repository.insertEdition(tx, {
        slug: attempt === 1 ? base : `${base}-${attempt}`,
        name: input.name,
        venue: input.venue,
        venueMapUrl: input.venueMapUrl,
        videoUrl: input.videoUrl,
        editionNumber: input.editionNumber,
        theme: input.theme,
        sectors: input.sectors,
        stats: input.stats,
        visitorRegistration: input.visitorRegistration,
        visitorRegistrationUrl: input.visitorRegistrationUrl,
        translations: input.translations ?? {},
        referencePrefix:
          input.referencePrefix ?? nextReferencePrefix(previous.referencePrefix, new Date(input.startsAt)),
        invoicePrefix: input.invoicePrefix ?? previous.invoicePrefix,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        currentSince: now,
      });
    }
    const copies = input.copyTicketTypes ? await copyTicketTypes(tx, previous.id, row.id) : new Map();
    const questionsCopied = input.copyTicketTypes
      ? await copyQuestions(tx, previous.id, row.id, copies, now)
      : 0;
    await recordAudit(tx, actor, {
      at: now,
      action: 'edition.create',
      entityType: ENTITY_TYPE,
      entityId: row.id,
      before: null,
      after: {
        ...snapshot(row),
        previousEditionId: previous.id,
        ticketTypesCopied: copies.size,
        questionsCopied,
      },
    });
    return toEdition(row, now);
  });
}
