/**
 * Check-in at the gate: check-in lists of the current edition, the redeem use
 * case, the scanner's offline data set and the console's live counts.
 *
 * Redeem decides in one transaction under the pass's row lock, so parallel scans of one pass
 * (two gates, or a retried request) admit it once; the unique nonce makes a retried request
 * record one scan and get the same answer. Every scan is stored, admitted or not. An offline
 * scan uploaded later of a pass already in is stored as admitted with `conflict`: the gate let
 * the person in, and the console shows it.
 */
import { createHash } from 'node:crypto';
import {
  editionDayAt,
  editionDays,
  EVENT_TIME_ZONE,
  PASS_TOKEN_PREFIX,
  type CheckinAttendees,
  type CheckinReportRow,
  type CheckinCounts,
  type CheckinList,
  type CheckinLists,
  type CheckinSyncAnswer,
  type CreateCheckinList,
  type RedeemRequest,
  type RedeemResult,
  type RedeemStatus,
  type SyncChange,
  type UpdateCheckinList,
} from '@festival/shared';
import type { Database, Executor } from '../../db/client.js';
import { CheckinListInUseError, NotFoundError, ValidationError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { currentEventIdQuery, getCurrentEvent } from '../current-edition/service.js';
import { publishedSigningKeys, verifyPassToken } from '../passes/signing.js';
import { checkinsByHourAndGate } from './repository-reports.js';
import * as repository from './repository.js';

const ENTITY_TYPE = 'checkin_list';
/** Pass codes as printed (`SFG-` and ten symbols); typed codes are upper-cased first. */
const PASS_CODE_PATTERN = /^SFG-[0-9A-Z]{10}$/;

function snapshot(row: repository.CheckinListRow) {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    ticketTypeIds: row.ticketTypeIds,
    days: row.days,
    allowExit: row.allowExit,
    allowReentry: row.allowReentry,
  };
}

async function toList(db: Executor, row: repository.CheckinListRow): Promise<CheckinList> {
  return { ...snapshot(row), ...(await repository.listTotals(db, row.id)) };
}

/** @throws NotFoundError no such list (404) */
async function requireList(db: Executor, id: number) {
  const row = await repository.findCheckinList(db, id);
  if (!row) throw new NotFoundError('Unknown check-in list');
  return row;
}

/** The ticket types must be the current edition's and the days among its days. @throws ValidationError (400) */
async function checkListFields(
  db: Executor,
  event: { id: number; startsAt: Date; endsAt: Date },
  fields: Partial<CreateCheckinList>,
) {
  const errors: Record<string, string> = {};
  if (fields.ticketTypeIds) {
    const known = await repository.ticketTypeIdsOfEvent(db, event.id, fields.ticketTypeIds);
    if (known.length !== new Set(fields.ticketTypeIds).size)
      errors.ticketTypeIds = 'Choose ticket types of this edition';
  }
  if (fields.days) {
    const days = editionDays(event.startsAt, event.endsAt).map((day) => day.day);
    if (fields.days.some((day) => !days.includes(day))) errors.days = 'Choose days of this edition';
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(Object.values(errors)[0]!, errors);
}

/** Check-in lists of the current edition with their totals, and the edition's days. */
export async function listCheckinLists(db: Executor): Promise<CheckinLists> {
  const event = await getCurrentEvent(db);
  const rows = await repository.listCheckinLists(db, event.id);
  return {
    items: await Promise.all(rows.map((row) => toList(db, row))),
    editionDays: editionDays(event.startsAt, event.endsAt),
  };
}

/** Creates a list of the current edition (audited). @throws ValidationError (400) */
export async function createCheckinList(
  db: Database,
  actor: Actor,
  input: CreateCheckinList,
  now: Date,
): Promise<CheckinList> {
  return db.transaction(async (tx) => {
    const event = await getCurrentEvent(tx);
    await checkListFields(tx, event, input);
    const row = await repository.insertCheckinList(tx, {
      ...input,
      ticketTypeIds: [...new Set(input.ticketTypeIds)],
      days: [...new Set(input.days)].sort(),
      eventId: event.id,
    });
    await recordAudit(tx, actor, {
      at: now,
      action: 'checkin_list.create',
      entityType: ENTITY_TYPE,
      entityId: row.id,
      before: null,
      after: snapshot(row),
    });
    return toList(tx, row);
  });
}

/** Changes a list (audited). @throws NotFoundError (404) @throws ValidationError (400) */
export async function updateCheckinList(
  db: Database,
  actor: Actor,
  id: number,
  patch: UpdateCheckinList,
  now: Date,
): Promise<CheckinList> {
  return db.transaction(async (tx) => {
    const before = await requireList(tx, id);
    const event = await getCurrentEvent(tx);
    if (before.eventId !== event.id) throw new NotFoundError('Unknown check-in list');
    await checkListFields(tx, event, patch);
    const changes = { ...patch };
    if (patch.ticketTypeIds) changes.ticketTypeIds = [...new Set(patch.ticketTypeIds)];
    if (patch.days) changes.days = [...new Set(patch.days)].sort();
    const after = await repository.updateCheckinList(tx, id, changes);
    await recordAudit(tx, actor, {
      at: now,
      action: 'checkin_list.update',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toList(tx, after);
  });
}

/** Deletes a list nobody scanned on (audited). @throws NotFoundError (404) @throws CheckinListInUseError (409) */
export async function deleteCheckinList(db: Database, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await requireList(tx, id);
    if ((await repository.countScansOfList(tx, id)) > 0) {
      throw new CheckinListInUseError('Passes were scanned on this list; it cannot be deleted');
    }
    await repository.deleteCheckinList(tx, id);
    await recordAudit(tx, actor, {
      at: now,
      action: 'checkin_list.delete',
      entityType: ENTITY_TYPE,
      entityId: id,
      before: snapshot(before),
      after: null,
    });
  });
}

type Pass = NonNullable<repository.PassForCheckin>;

function answer(
  request: Pick<RedeemRequest, 'nonce' | 'direction'>,
  status: RedeemStatus,
  pass: Pass | undefined,
  extra: Partial<Pick<RedeemResult, 'previous' | 'conflict'>> = {},
): RedeemResult {
  return {
    status,
    nonce: request.nonce,
    direction: request.direction,
    attendeeName: pass?.name ?? null,
    ticketTypeName: pass?.ticketTypeName ?? null,
    passCode: pass?.code ?? null,
    previous: extra.previous ?? null,
    conflict: extra.conflict ?? false,
  };
}

/** Which pass a code names, and what its token's claims add. */
interface PassKey {
  where: { id: string } | { code: string };
  ticketTypeId?: number;
  validDays?: number[];
}

/**
 * Which pass a scanned or typed code names: a token must verify (its claims then give the pass
 * id and the days it is valid), a typed code must look like one. Undefined for neither.
 */
async function passKeyOfCode(db: Executor, code: string): Promise<PassKey | undefined> {
  if (code.startsWith(PASS_TOKEN_PREFIX)) {
    const claims = await verifyPassToken(db, code);
    if (!claims) return undefined;
    return { where: { id: claims.passId }, ticketTypeId: claims.ticketTypeId, validDays: claims.validDays };
  }
  const typed = code.toUpperCase();
  return PASS_CODE_PATTERN.test(typed) ? { where: { code: typed } } : undefined;
}

/** The answer a stored scan was given (a retried nonce). */
async function replay(
  db: Executor,
  request: RedeemRequest,
  row: repository.CheckinRow,
): Promise<RedeemResult> {
  const pass = row.passId ? await repository.findPassForCheckin(db, { id: row.passId }) : undefined;
  if (row.result === 'ok' && !row.conflict) return answer(request, 'ok', pass);
  const admitted = row.passId ? await repository.admittedScans(db, row.listId, row.passId) : [];
  const earlier = admitted.filter((scan) => scan.id !== row.id && scan.direction === 'entry').at(-1);
  return answer(request, row.conflict ? 'already_redeemed' : (row.result as RedeemStatus), pass, {
    conflict: row.conflict,
    previous: earlier ? { at: earlier.scannedAt.toISOString(), gate: earlier.gate } : null,
  });
}

/**
 * Redeems a scan at a gate: decides, records and answers it. The same nonce again answers what
 * it answered the first time and records nothing.
 *
 * Round trips are what a gate's queue waits on. A code that names a pass (a valid
 * token, or a typed pass code) is decided in a transaction of two statements: read the list,
 * its edition and the pass while locking the pass's row (so parallel scans of one pass run one
 * after another), then record either the refusal or the admission, which decides against the
 * pass's admissions, records the scan and marks the pass in one statement (`recordAdmission`).
 * Any other code is one read and one insert, without a transaction. A nonce seen before is not
 * looked up first: recording it again hits the unique index (after the first request commits),
 * and the stored scan's answer is given instead.
 * @throws NotFoundError unknown list (404)
 * @throws ValidationError an exit on a list that scans entries only (400)
 */
export async function redeem(
  db: Database,
  organizerId: string,
  request: RedeemRequest,
  now: Date,
): Promise<RedeemResult> {
  const key = await passKeyOfCode(db, request.code);
  // Neither a valid token nor a pass code: nothing to lock, one read and one insert.
  if (!key) return decide(db, organizerId, request, now, undefined);
  return db.transaction((tx) => decide(tx, organizerId, request, now, key));
}

/** `redeem` once the code is read: in a transaction when `key` names a pass (see `redeem`). */
async function decide(
  db: Executor,
  organizerId: string,
  request: RedeemRequest,
  now: Date,
  key: PassKey | undefined,
): Promise<RedeemResult> {
  const found = await repository.findScanContext(db, request.listId, key?.where, currentEventIdQuery(db), {
    lockPass: key !== undefined,
  });
  if (!found) throw new NotFoundError('Unknown check-in list');
  const { list, edition } = found;
  if (request.direction === 'exit' && !list.allowExit) {
    throw new ValidationError('This list scans entries only', {
      direction: 'This list scans entries only',
    });
  }
  const scannedAt = new Date(request.scannedAt);
  const scan = {
    listId: list.id,
    nonce: request.nonce,
    direction: request.direction,
    gate: request.gate,
    organizerId,
    scannedAt,
    receivedAt: now,
    offline: request.offline,
  };
  /** The stored scan's answer, when another request with this nonce committed first. */
  const replayNonce = async () =>
    replay(db, request, (await repository.findCheckinByNonce(db, request.nonce))!);
  const refuse = async (status: RedeemStatus, pass?: Pass) => {
    const row = await repository.insertCheckin(db, { ...scan, passId: pass?.id ?? null, result: status });
    return row ? answer(request, status, pass) : replayNonce();
  };

  const pass = found.pass ?? undefined;
  if (!key || !pass || (key.ticketTypeId !== undefined && pass.ticketTypeId !== key.ticketTypeId)) {
    return refuse('invalid');
  }
  if (pass.eventId !== list.eventId) return refuse('invalid');
  if (pass.revokedAt) return refuse('revoked', pass);
  if (pass.orderStatus !== 'paid') return refuse('unpaid', pass);
  if (!list.ticketTypeIds.includes(pass.ticketTypeId)) return refuse('product', pass);
  const day = found.isCurrent ? editionDayAt(edition.startsAt, edition.endsAt, scannedAt) : null;
  if (day === null || !list.days.includes(day) || (key.validDays && !key.validDays.includes(day))) {
    return refuse('wrong_day', pass);
  }

  // The pass is locked (parallel scans of it wait above): its admissions so far are all seen.
  const { recorded, earlier } = await repository.recordAdmission(db, {
    ...scan,
    passId: pass.id,
    allowReentry: list.allowReentry,
  });
  if (!recorded) return replayNonce();
  if (!earlier) return answer(request, 'ok', pass);
  // An offline gate already let the person in: its scan is kept, flagged for the console.
  return answer(request, 'already_redeemed', pass, {
    previous: { at: earlier.at.toISOString(), gate: earlier.gate },
    conflict: request.offline,
  });
}

const CURSOR_VERSION = 'c2';
/** A snapshot with more transactions in progress than fit is kept as its xmin alone (see below). */
const MAX_SNAPSHOT_CHARS = 100;
const SNAPSHOT = /^(\d{1,19}):(\d{1,19}):((?:\d{1,19})(?:,\d{1,19})*)?$/;

/**
 * What a cursor is valid for: the list (its ticket types and re-entry rule decide which passes it
 * holds and what `entered` means) as created once, so a changed list or a database made anew
 * (the same list id, another creation time) answers in full.
 */
function listFingerprint(list: repository.CheckinListRow): string {
  const rule = [
    list.id,
    list.eventId,
    list.createdAt.getTime(),
    list.allowReentry,
    [...list.ticketTypeIds].sort(),
  ];
  return createHash('sha256').update(JSON.stringify(rule)).digest('base64url').slice(0, 16);
}

function parseSnapshot(text: string): repository.SyncSnapshot | undefined {
  const match = SNAPSHOT.exec(text);
  if (!match) return undefined;
  const xmin = Number(match[1]);
  return Number.isSafeInteger(xmin) && Number(match[2]) >= xmin ? { text, xmin } : undefined;
}

/**
 * The cursor of an answer read in `snapshot`. Under load a snapshot lists many transactions in
 * progress; then it is cut to `xmin:xmin:`, which sees less, so the next answer re-sends a few
 * changes rather than missing one.
 */
function encodeCursor(list: repository.CheckinListRow, snapshot: repository.SyncSnapshot): string {
  const text =
    snapshot.text.length <= MAX_SNAPSHOT_CHARS ? snapshot.text : `${snapshot.xmin}:${snapshot.xmin}:`;
  return Buffer.from(`${CURSOR_VERSION}.${listFingerprint(list)}.${text}`).toString('base64url');
}

/**
 * The snapshot a cursor was read in; undefined when it is not one this list and database gave
 * (unknown version, another list or list rule, a transaction id ahead of this database's): those
 * get the full answer.
 */
function cursorSnapshot(
  since: string | undefined,
  list: repository.CheckinListRow,
  now: repository.SyncSnapshot,
) {
  if (!since) return undefined;
  const [version, fingerprint, text] = Buffer.from(since, 'base64url').toString().split('.');
  if (version !== CURSOR_VERSION || fingerprint !== listFingerprint(list) || !text) return undefined;
  const snapshot = parseSnapshot(text);
  return snapshot && snapshot.xmin <= now.xmin ? snapshot : undefined;
}

/**
 * What a scanner keeps to work offline for a list: everything, or with `since` (the cursor of an
 * earlier answer) only the passes that changed after it.
 *
 * Both say which of the edition's passes the list does not admit, so a scanner refuses their QR
 * codes offline rather than take them for passes bought after its sync (a token names its ticket
 * type, and a pass whose ticket changed keeps its id with an old QR code naming the old one): the
 * full answer lists them (`notOnList`, the revoked apart in `revoked`), a change with `pass: null`
 * says the pass is now one of them.
 *
 * Consistent by construction: one repeatable-read snapshot gives the data and the new cursor,
 * which is that snapshot. A change is logged with its transaction's id (`checkin_changes`, by
 * triggers on passes, orders, registrations, ticket types and admitted scans), so the next sync
 * answers exactly the changes whose transactions that snapshot did not see — including one
 * that began before it and committed after, which a serial id or a timestamp would skip.
 * @throws NotFoundError (404)
 */
export async function checkinSync(
  db: Database,
  listId: number,
  now: Date,
  since?: string,
): Promise<CheckinSyncAnswer> {
  // Before the read-only snapshot: a server that has signed no pass yet creates its key here.
  const keys = await publishedSigningKeys(db);
  return db.transaction(
    async (tx) => {
      // In turn, not in parallel: a transaction is one connection.
      const snapshot = parseSnapshot(await repository.currentSnapshot(tx))!;
      const row = await requireList(tx, listId);
      const event = await getCurrentEvent(tx);
      if (event.id !== row.eventId) throw new NotFoundError('This list belongs to another edition');
      const common = {
        event: {
          id: event.id,
          name: event.name,
          startsAt: event.startsAt.toISOString(),
          endsAt: event.endsAt.toISOString(),
        },
        serverTime: now.toISOString(),
        cursor: encodeCursor(row, snapshot),
      };
      const from = cursorSnapshot(since, row, snapshot);
      if (from !== undefined) {
        const list = await toList(tx, row);
        const changed = await repository.passChangesSince(tx, row.eventId, from);
        const entered = await repository.enteredAmongChanged(tx, row, from);
        const inside = new Set(entered);
        const changes = changed.map(({ id, revokedAt, orderStatus, ...pass }) => {
          const onList =
            pass.code !== null &&
            revokedAt === null &&
            orderStatus === 'paid' &&
            pass.ticketTypeId !== null &&
            row.ticketTypeIds.includes(pass.ticketTypeId);
          return {
            id: id!,
            pass: onList ? (pass as SyncChange['pass']) : null,
            revoked: revokedAt !== null,
            entered: inside.has(id!),
          };
        });
        return { mode: 'delta' as const, ...common, list, keys, changes };
      }
      const list = await toList(tx, row);
      const passes = await repository.passesForSync(tx, row.eventId, row.ticketTypeIds);
      const revoked = await repository.revokedPassIds(tx, row.eventId);
      const notOnList = await repository.passIdsNotOnList(tx, row.eventId, row.ticketTypeIds);
      const entered = row.allowReentry
        ? await repository.passesInside(tx, row.id)
        : await repository.passesEntered(tx, row.id);
      return { mode: 'full' as const, ...common, list, passes, revoked, notOnList, keys, entered };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Scans recorded on every check-in list by result (`ok`, or why a pass was refused), for the
 * metrics: their rate is check-ins per minute per list.
 */
export async function scanTotals(db: Executor) {
  return repository.scansByListAndResult(db);
}

/** Live counts of a list: totals, per gate, per hour, and offline conflicts. @throws NotFoundError (404) */
export async function checkinCounts(db: Executor, listId: number): Promise<CheckinCounts> {
  await requireList(db, listId);
  const [totals, byGate, byHour, conflicts] = await Promise.all([
    repository.listTotals(db, listId),
    repository.countsByGate(db, listId),
    repository.countsByHour(db, listId),
    repository.conflictScans(db, listId),
  ]);
  return {
    listId,
    ...totals,
    byGate,
    byHour,
    conflictScans: conflicts.map((scan) => ({ ...scan, at: scan.at.toISOString() })),
  };
}

/**
 * Whether people matching `query` (part of a name or pass code, or a whole email) have arrived on
 * a list; the answer names them without their email. @throws NotFoundError (404)
 */
export async function searchCheckinAttendees(
  db: Executor,
  listId: number,
  query: string,
): Promise<CheckinAttendees> {
  const list = await requireList(db, listId);
  const [rows, inside] = await Promise.all([
    repository.searchAttendees(db, list.eventId, listId, query, 50),
    repository.passesInside(db, listId),
  ]);
  const insideIds = new Set(inside);
  return {
    items: rows.map((row) => ({
      passCode: row.passCode,
      registrationId: row.registrationId,
      name: row.name,
      ticketTypeName: row.ticketTypeName,
      revoked: row.revokedAt !== null,
      arrivedAt: row.arrivedAt ? new Date(row.arrivedAt).toISOString() : null,
      inside: insideIds.has(row.id),
    })),
  };
}

/**
 * The check-in report of edition `eventId`: scans by hour (EVENT_TIME_ZONE, when the gate
 * scanned), list and gate: entries admitted, exits and refusals.
 */
export async function checkinReport(db: Executor, eventId: number): Promise<CheckinReportRow[]> {
  const rows = await checkinsByHourAndGate(db, eventId, EVENT_TIME_ZONE);
  return rows.map((row) => ({
    hour: row.hour,
    listName: row.list_name,
    gate: row.gate,
    admitted: row.admitted,
    exits: row.exits,
    refused: row.refused,
  }));
}
