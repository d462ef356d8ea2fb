/**
 * Printing in the console: name badges (pdf.ts) and the printable passes (passes/pdf.ts) of one
 * attendee, one order or everyone a check-in list admits. Only valid passes (paid order, not
 * revoked) of the current edition print; each carries the QR code of its pass's signed token,
 * signed here as for every other rendering of a pass (`signTokensOf`), so a badge scans at the
 * gate as the pass does. A badge or a printed pass admits whoever holds it, so each print is
 * recorded in the audit log: who printed what, how many passes.
 */
import {
  LocaleSchema,
  PARTICIPANT_CATEGORY_COLOURS,
  SOURCE_LOCALE,
  type BadgeLayout,
  type ParticipantCategoryId,
  type PrintSelection,
} from '@festival/shared';
import type { Executor } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { getCurrentEvent } from '../current-edition/service.js';
import { renderPassesPdf } from '../passes/pdf.js';
import { signTokensOf } from '../passes/service.js';
import { roleName } from '../reference-data/service.js';
import { getSettings } from '../settings/service.js';
import { renderBadgesPdf } from './pdf.js';
import * as repository from './repository.js';

/** A colour for a category the palette does not know: grey with black text. */
const UNKNOWN_CATEGORY_COLOURS = { band: '#D1D5DB', text: '#000000' };

/**
 * The valid passes a selection names, of the current edition, with their signed tokens, and
 * what the document is of ("order SFG24-…", "check-in list Main gate", "attendee Asha Patel").
 * @throws NotFoundError unknown attendee, order or list; one of another edition; or nothing
 *   valid to print (404)
 */
async function selectedPasses(db: Executor, selection: PrintSelection) {
  const event = await getCurrentEvent(db);
  let filter: repository.PassFilter;
  let title: string;
  let entity: { entityType: string; entityId: string | number };
  if ('orderReference' in selection) {
    const order = await repository.findOrder(db, selection.orderReference);
    if (!order || order.eventId !== event.id) throw new NotFoundError('Order not found');
    filter = { orderId: order.id };
    title = `order ${order.reference}`;
    entity = { entityType: 'order', entityId: order.id };
  } else if ('listId' in selection) {
    const list = await repository.findCheckinList(db, selection.listId);
    if (!list || list.eventId !== event.id) throw new NotFoundError('Unknown check-in list');
    filter = { listId: list.id };
    title = `check-in list ${list.name}`;
    entity = { entityType: 'checkin_list', entityId: list.id };
  } else {
    filter = { registrationId: selection.registrationId };
    title = 'attendee';
    entity = { entityType: 'registration', entityId: selection.registrationId };
  }
  const rows = await repository.listPrintablePasses(db, event.id, filter);
  if (rows.length === 0) throw new NotFoundError(`No valid passes of this edition to print for ${title}`);
  if ('registrationId' in selection) title = `attendee ${rows[0]!.name}`;
  const tokens = await signTokensOf(db, rows);
  return { event, title, entity, rows: rows.map((row, index) => ({ ...row, qrPayload: tokens[index]! })) };
}

/**
 * Name badges of the selected valid passes as a PDF, sorted by name: one per A6 page or eight
 * per A4 label sheet (`layout`).
 * @returns the PDF's bytes and a file name for it ("badges-SFG24-N2QQCE3JUJ-a6.pdf", "badges-list-3-labels.pdf")
 * @throws NotFoundError as `selectedPasses` (404)
 */
export async function badgesPdf(
  db: Executor,
  actor: Actor,
  selection: PrintSelection,
  layout: BadgeLayout,
  now: Date,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { event, title, entity, rows } = await selectedPasses(db, selection);
  const pdf = await renderBadgesPdf({
    editionName: event.name,
    title,
    layout,
    badges: rows.map((row) => ({
      code: row.code,
      qrPayload: row.qrPayload,
      name: row.name,
      company: row.companyName?.trim() || null,
      category: roleName(row.participantCategoryId),
      colours:
        PARTICIPANT_CATEGORY_COLOURS[row.participantCategoryId as ParticipantCategoryId] ??
        UNKNOWN_CATEGORY_COLOURS,
    })),
  });
  await recordPrint(db, actor, now, 'badges.print', entity, { layout, passes: rows.length });
  return { pdf, fileName: `badges-${fileNamePart(selection, rows[0]!.code)}-${layout}.pdf` };
}

/**
 * The printable passes (one A4 page each, as the buyer's passes PDF) of an order's or a
 * check-in list's valid passes, sorted by name, each in its holder's language as the one the
 * holder downloads: a printed pass is handed to its holder.
 * @returns the PDF's bytes and a file name for it ("passes-SFG24-N2QQCE3JUJ.pdf", "passes-list-3.pdf")
 * @throws NotFoundError as `selectedPasses` (404)
 */
export async function passesPdf(
  db: Executor,
  actor: Actor,
  selection: Exclude<PrintSelection, { registrationId: string }>,
  now: Date,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { event, title, entity, rows } = await selectedPasses(db, selection);
  const pdf = await renderPassesPdf({
    reference: title,
    eventName: event.name,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    venue: event.venue,
    organizer: await getSettings(db, event.id),
    // The document's title is the organizers' (English); each page is its holder's.
    locale: SOURCE_LOCALE,
    passes: rows.map((row) => ({
      code: row.code,
      qrPayload: row.qrPayload,
      attendeeName: row.name,
      participantCategoryId: row.participantCategoryId,
      ticketName: row.ticketTypeName,
      ticketTranslations: row.ticketTypeTranslations,
      locale: LocaleSchema.parse(row.locale),
      orderReference: row.orderReference,
    })),
  });
  await recordPrint(db, actor, now, 'passes.print', entity, { passes: rows.length });
  return { pdf, fileName: `passes-${fileNamePart(selection, rows[0]!.code)}.pdf` };
}

/** What a file is named after: the order's reference, the list's id, or the attendee's pass code. */
function fileNamePart(selection: PrintSelection, firstCode: string): string {
  if ('orderReference' in selection) return selection.orderReference.replace(/[^A-Za-z0-9-]/g, '');
  if ('listId' in selection) return `list-${selection.listId}`;
  return firstCode;
}

/** The audit row of a print, once its document is made: nothing changed, so no transaction. */
async function recordPrint(
  db: Executor,
  actor: Actor,
  at: Date,
  action: 'badges.print' | 'passes.print',
  entity: { entityType: string; entityId: string | number },
  after: Record<string, string | number>,
) {
  await recordAudit(db, actor, { at, action, ...entity, before: null, after });
}
