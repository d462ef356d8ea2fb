/**
 * The scanner's offline store (issue 11 §3), in IndexedDB through `idb`: the chosen list's sync
 * data (passes, revocation list, public keys, who is inside), the scans waiting to be sent, and
 * the admissions this device made, so a gate keeps admitting — and refusing a second entry —
 * while the venue's network is down.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CheckinSync, RedeemRequestInput, SyncPass } from '@festival/shared';

/** A scan waiting to be sent (the redeem body, offline flag set). */
export type QueuedScan = RedeemRequestInput & { nonce: string; listId: number };

interface Settings {
  listId: number | null;
  gate: string;
  lastSyncAt: string | null;
}

interface ScannerDB extends DBSchema {
  settings: { key: 'settings'; value: Settings };
  /** The last sync answer without its passes (those are in `passes`). */
  sync: { key: number; value: Omit<CheckinSync, 'passes'> };
  passes: { key: string; value: SyncPass & { listId: number; search: string }; indexes: { byCode: string } };
  queue: { key: string; value: QueuedScan };
  /** Passes this device admitted and not yet confirmed by a sync, by `${listId}:${passId}`. */
  admissions: {
    key: string;
    value: { listId: number; passId: string; direction: 'entry' | 'exit'; at: string };
  };
}

const DEFAULT_SETTINGS: Settings = { listId: null, gate: '', lastSyncAt: null };

let opened: Promise<IDBPDatabase<ScannerDB>> | undefined;

function database() {
  opened ??= openDB<ScannerDB>('festival-checkin', 1, {
    upgrade(db) {
      db.createObjectStore('settings');
      db.createObjectStore('sync');
      db.createObjectStore('passes', { keyPath: 'id' }).createIndex('byCode', 'code');
      db.createObjectStore('queue', { keyPath: 'nonce' });
      db.createObjectStore('admissions');
    },
  });
  return opened;
}

export async function loadSettings(): Promise<Settings> {
  return (await (await database()).get('settings', 'settings')) ?? DEFAULT_SETTINGS;
}

export async function saveSettings(changes: Partial<Settings>): Promise<Settings> {
  const next = { ...(await loadSettings()), ...changes };
  await (await database()).put('settings', next, 'settings');
  return next;
}

/** Replaces a list's stored data with a sync answer; the server now knows this device's admissions. */
export async function storeSync(sync: CheckinSync): Promise<void> {
  const db = await database();
  const tx = db.transaction(['sync', 'passes', 'admissions'], 'readwrite');
  const { passes, ...rest } = sync;
  await tx.objectStore('sync').put(rest, sync.list.id);
  const store = tx.objectStore('passes');
  for (const old of await store.getAll()) if (old.listId === sync.list.id) await store.delete(old.id);
  for (const pass of passes) {
    await store.put({
      ...pass,
      listId: sync.list.id,
      search: `${pass.name} ${pass.email} ${pass.code}`.toLowerCase(),
    });
  }
  const admissions = tx.objectStore('admissions');
  for (const key of await admissions.getAllKeys())
    if (key.startsWith(`${sync.list.id}:`)) await admissions.delete(key);
  await tx.done;
}

export type Admission = ScannerDB['admissions']['value'];

/** Everything stored for a list at once (the scanner keeps it in memory): sync data, passes, admissions. */
export async function loadList(listId: number) {
  const db = await database();
  const tx = db.transaction(['sync', 'passes', 'admissions']);
  const [sync, passes, admissions] = await Promise.all([
    tx.objectStore('sync').get(listId),
    tx.objectStore('passes').getAll(),
    tx.objectStore('admissions').getAll(),
  ]);
  await tx.done;
  return {
    sync,
    passes: passes.filter((pass) => pass.listId === listId),
    admissions: admissions.filter((admission) => admission.listId === listId),
  };
}

/** Passes of a list whose name, email or code contains `query` (case-insensitive), at most `limit`. */
export async function searchPasses(listId: number, query: string, limit = 20) {
  const needle = query.trim().toLowerCase();
  if (needle.length < 2) return [];
  const found = [];
  let cursor = await (await database()).transaction('passes').store.openCursor();
  while (cursor && found.length < limit) {
    if (cursor.value.listId === listId && cursor.value.search.includes(needle)) found.push(cursor.value);
    cursor = await cursor.continue();
  }
  return found;
}

export async function recordAdmission(
  listId: number,
  passId: string,
  direction: 'entry' | 'exit',
  at: string,
) {
  await (await database()).put('admissions', { listId, passId, direction, at }, `${listId}:${passId}`);
}

export async function enqueue(scan: QueuedScan) {
  await (await database()).put('queue', scan);
}

export async function queuedScans(): Promise<QueuedScan[]> {
  return (await database()).getAll('queue');
}

export async function dequeue(nonce: string) {
  await (await database()).delete('queue', nonce);
}

export async function countQueued(): Promise<number> {
  return (await database()).count('queue');
}
