/**
 * The scanner's offline store, in IndexedDB through `idb`: the chosen list's sync data (passes,
 * revocation list, the passes off the list, public keys, who is inside, the sync cursor), the
 * scans waiting to be sent, and the admissions this device made, so a gate keeps admitting — and
 * refusing a second entry — while the venue's network is down.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CheckinSync, CheckinSyncAnswer, RedeemRequestInput, SyncPass } from '@festival/shared';
import { applyChange } from './pass-sets';

/** A scan waiting to be sent (the redeem body, offline flag set). */
export type QueuedScan = RedeemRequestInput & { nonce: string; listId: number };

interface Settings {
  listId: number | null;
  gate: string;
  lastSyncAt: string | null;
}

/**
 * A list's sync data without its passes (those are in `passes`): the last answer's list, keys and
 * cursor, with the revocation list, `notOnList` and `entered` as the answers so far make them.
 * Stored before incremental sync, it has no cursor, and the next sync answers in full.
 */
export type StoredList = Omit<CheckinSync, 'passes' | 'mode' | 'cursor'> & { cursor?: string };

interface ScannerDB extends DBSchema {
  settings: { key: 'settings'; value: Settings };
  sync: { key: number; value: StoredList };
  /** Each list's passes, by `[listId, passId]`: a pass on two lists is held once for each. */
  passes: { key: [number, string]; value: SyncPass & { listId: number; search: string } };
  queue: { key: string; value: QueuedScan };
  /**
   * Passes this device admitted and not yet confirmed by a sync, by `${listId}:${passId}`.
   * `recordedAt` (ms, device clock): when the server had it or, with `nonce`, when it was queued
   * under that nonce and not yet answered.
   */
  admissions: {
    key: string;
    value: {
      listId: number;
      passId: string;
      direction: 'entry' | 'exit';
      at: string;
      recordedAt?: number;
      nonce?: string | null;
    };
  };
}

const DEFAULT_SETTINGS: Settings = { listId: null, gate: '', lastSyncAt: null };

let opened: Promise<IDBPDatabase<ScannerDB>> | undefined;

/**
 * Version 2 keys the passes by list and pass (version 1 keyed them by pass alone, so a second
 * list on the device overwrote and deleted the first one's passes). Version 3 holds no holder's
 * email (earlier syncs sent it; a steward needs the name, ticket type and code). Version 4 keeps
 * `notOnList`, which earlier answers did not have: a stored list gets an empty one until its next
 * sync. The upgrade keeps each stored pass under its list with only those fields and drops the
 * lists' sync cursors, so the next sync of every list brings it whole again and mends what the
 * older versions lost.
 */
function database() {
  opened ??= openDB<ScannerDB>('festival-checkin', 4, {
    async upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore('settings');
        db.createObjectStore('sync');
        db.createObjectStore('queue', { keyPath: 'nonce' });
        db.createObjectStore('admissions');
      }
      const kept = oldVersion < 1 ? [] : await tx.objectStore('passes').getAll();
      if (oldVersion >= 1) db.deleteObjectStore('passes');
      const passes = db.createObjectStore('passes', { keyPath: ['listId', 'id'] });
      for (const pass of kept) await passes.put(searchable(pass, pass.listId));
      let list = await tx.objectStore('sync').openCursor();
      while (list) {
        const older: Omit<StoredList, 'notOnList'> & { notOnList?: string[] } = list.value;
        const { cursor: _dropped, notOnList = [], ...whole } = older;
        await list.update({ ...whole, notOnList });
        list = await list.continue();
      }
    },
  });
  return opened;
}

/** The key range of one list's passes: `[listId]` sorts before its `[listId, id]` keys, `[listId, []]` after (arrays sort after strings). */
function passesOf(listId: number) {
  return IDBKeyRange.bound([listId], [listId, []]);
}

export async function loadSettings(): Promise<Settings> {
  return (await (await database()).get('settings', 'settings')) ?? DEFAULT_SETTINGS;
}

export async function saveSettings(changes: Partial<Settings>): Promise<Settings> {
  const next = { ...(await loadSettings()), ...changes };
  await (await database()).put('settings', next, 'settings');
  return next;
}

/** A pass as stored: the fields a steward needs, named one by one so nothing else reaches the phone's disk. */
function searchable(pass: SyncPass, listId: number) {
  const { id, code, name, ticketTypeId, ticketTypeName } = pass;
  return { id, code, name, ticketTypeId, ticketTypeName, listId, search: `${name} ${code}`.toLowerCase() };
}

/**
 * Stores a sync answer: a full one replaces the list's data, a delta one is merged into it. Drops
 * the admissions the server now knows of: those it had before the sync was asked for
 * (`recordedAt < askedAt`) and not waiting under a nonce in the queue or in `inFlight`.
 * @returns the list's data without its passes, and the nonces of admissions that stay waiting
 */
export async function storeSync(
  listId: number,
  answer: CheckinSyncAnswer,
  askedAt: number,
  inFlight: ReadonlySet<string>,
): Promise<{ stored: StoredList; waiting: Set<string> }> {
  const db = await database();
  const tx = db.transaction(['sync', 'passes', 'admissions', 'queue'], 'readwrite');
  const { list, event, keys, serverTime, cursor } = answer;
  const passStore = tx.objectStore('passes');
  let stored: StoredList;
  if (answer.mode === 'full') {
    const { revoked, notOnList, entered } = answer;
    stored = { list, event, keys, serverTime, cursor, revoked, notOnList, entered };
    await passStore.delete(passesOf(listId));
    for (const pass of answer.passes) await passStore.put(searchable(pass, listId));
  } else {
    const before = await tx.objectStore('sync').get(listId);
    const sets = {
      revoked: new Set(before?.revoked),
      notOnList: new Set(before?.notOnList),
      entered: new Set(before?.entered),
    };
    for (const change of answer.changes) {
      if (change.pass) await passStore.put(searchable({ id: change.id, ...change.pass }, listId));
      else await passStore.delete([listId, change.id]);
      applyChange(sets, change);
    }
    stored = {
      list,
      event,
      keys,
      serverTime,
      cursor,
      revoked: [...sets.revoked],
      notOnList: [...sets.notOnList],
      entered: [...sets.entered],
    };
  }
  await tx.objectStore('sync').put(stored, listId);
  const waiting = new Set([...inFlight, ...(await tx.objectStore('queue').getAllKeys())]);
  const admissions = tx.objectStore('admissions');
  for (const admission of await admissions.getAll()) {
    if (admission.listId !== listId || !knownToServer(admission, askedAt, waiting)) continue;
    await admissions.delete(`${listId}:${admission.passId}`);
  }
  await tx.done;
  return { stored, waiting };
}

/** Whether a sync asked for at `askedAt` covers an admission (see `storeSync`). */
export function knownToServer(admission: Admission, askedAt: number, waiting: ReadonlySet<string>) {
  if (admission.nonce && waiting.has(admission.nonce)) return false;
  return (admission.recordedAt ?? 0) < askedAt;
}

export type Admission = ScannerDB['admissions']['value'];

/** Everything stored for a list at once (the scanner keeps it in memory): sync data, passes, admissions. */
export async function loadList(listId: number) {
  const db = await database();
  const tx = db.transaction(['sync', 'passes', 'admissions']);
  const [sync, passes, admissions] = await Promise.all([
    tx.objectStore('sync').get(listId),
    tx.objectStore('passes').getAll(passesOf(listId)),
    tx.objectStore('admissions').getAll(),
  ]);
  await tx.done;
  return {
    sync,
    passes,
    admissions: admissions.filter((admission) => admission.listId === listId),
  };
}

/** Passes of a list whose name or code contains `query` (case-insensitive), at most `limit`. */
export async function searchPasses(listId: number, query: string, limit = 20) {
  const needle = query.trim().toLowerCase();
  if (needle.length < 2) return [];
  const found = [];
  let cursor = await (await database()).transaction('passes').store.openCursor(passesOf(listId));
  while (cursor && found.length < limit) {
    if (cursor.value.search.includes(needle)) found.push(cursor.value);
    cursor = await cursor.continue();
  }
  return found;
}

/** Stores an admission, and with `scan` the scan that made it, queued, in one transaction. */
export async function recordAdmission(admission: Admission, scan?: QueuedScan) {
  const tx = (await database()).transaction(['admissions', 'queue'], 'readwrite');
  await Promise.all([
    tx.objectStore('admissions').put(admission, `${admission.listId}:${admission.passId}`),
    scan && tx.objectStore('queue').put(scan),
  ]);
  await tx.done;
}

/** Removes a sent scan from the queue and, with `admission`, stores what the server answered. */
export async function settleScan(nonce: string, admission: { key: Admission; keep: boolean } | undefined) {
  const tx = (await database()).transaction(['admissions', 'queue'], 'readwrite');
  const key = admission && `${admission.key.listId}:${admission.key.passId}`;
  await Promise.all([
    tx.objectStore('queue').delete(nonce),
    key &&
      (admission.keep
        ? tx.objectStore('admissions').put(admission.key, key)
        : tx.objectStore('admissions').delete(key)),
  ]);
  await tx.done;
}

/** Marks a queued scan as decided on the device (its online send failed). */
export async function markQueuedOffline(nonce: string) {
  const db = await database();
  const scan = await db.get('queue', nonce);
  if (scan) await db.put('queue', { ...scan, offline: true });
}

export async function queuedScans(): Promise<QueuedScan[]> {
  return (await database()).getAll('queue');
}

export async function countQueued(): Promise<number> {
  return (await database()).count('queue');
}
