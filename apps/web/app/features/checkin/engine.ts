/**
 * What happens to one scan: the device decides at once from its stored data — signature,
 * revocation list, ticket types and the passes off the list, days, who already entered — and the
 * scanner shows that; online, the scan goes to the server (`POST /api/admin/checkin/redeem`) at
 * the same time, and its answer, which is the one that counts, replaces the device's when it
 * comes. An admission is queued until the server has it, so one the network lost is sent by the
 * next sync. `syncList` sends the queue and brings the list's changes since the last sync (the
 * whole list the first time); the scanner calls it when back online and every 30 seconds.
 *
 * Speed (the aim: a result within 200 ms): the chosen list's data is held in memory
 * (`listData`), loaded from IndexedDB once and updated by each sync, so deciding reads no
 * IndexedDB and waits for no network; what a scan writes (the admission, the queued scan) is
 * written while its result is already shown. Without stored data (before the first sync) the
 * device cannot decide, and the scan waits for the server.
 *
 * One pass is not let in twice by one device: its admissions are in memory from the moment of
 * the decision and stay until a sync shows the server has them (`knownToServer`).
 */
import {
  editionDayAt,
  PASS_TOKEN_PREFIX,
  type CheckinDirection,
  type CheckinSyncAnswer,
  type RedeemResult,
  type RedeemStatus,
  type SyncPass,
} from '@festival/shared';
import { ApiError, apiGet, apiRequest } from '~/lib/api-client';
import {
  knownToServer,
  loadList,
  markQueuedOffline,
  queuedScans,
  recordAdmission,
  saveSettings,
  settleScan,
  storeSync,
  type Admission,
  type QueuedScan,
  type StoredList,
} from './store';
import { applyChange, tokenRefusal, type PassSets } from './pass-sets';
import { preloadKeys, verifyToken } from './verify';

export interface ScanOutcome {
  status: RedeemStatus;
  attendeeName: string | null;
  ticketTypeName: string | null;
  passCode: string | null;
  previous: RedeemResult['previous'];
  /** Decided on the device, and the server's answer will not come (offline, or no answer in time). */
  offline: boolean;
  /** Decided on the device; the server's answer is on its way. */
  confirming: boolean;
}

export interface ScanContext {
  listId: number;
  gate: string;
  direction: CheckinDirection;
}

/** How long the server's answer is waited for before the device's decision stands. */
const ONLINE_TIMEOUT_MS = 2_500;
const PASS_CODE = /^SFG-[0-9A-Z]{10}$/;

/** A list's stored data, indexed for deciding a scan in memory. */
interface ListData extends PassSets {
  listId: number;
  sync: StoredList;
  byId: Map<string, SyncPass>;
  byCode: Map<string, SyncPass>;
  /** This device's admissions not yet confirmed by a sync, by pass id. */
  admissions: Map<string, Admission>;
}

let cached: { listId: number; data: Promise<ListData | undefined> } | undefined;
/** Nonces of scans sent to the server and not answered yet: a sync does not send them again. */
const inFlight = new Set<string>();
let syncing: { listId: number; done: Promise<string> } | undefined;

function indexList(listId: number, sync: StoredList, passes: SyncPass[], admissions: Admission[]): ListData {
  preloadKeys(sync.keys);
  return {
    listId,
    sync,
    byId: new Map(passes.map((pass) => [pass.id, pass])),
    byCode: new Map(passes.map((pass) => [pass.code, pass])),
    revoked: new Set(sync.revoked),
    notOnList: new Set(sync.notOnList),
    entered: new Set(sync.entered),
    admissions: new Map(admissions.map((admission) => [admission.passId, admission])),
  };
}

/**
 * The list's stored data (undefined before its first sync), from memory after the first call.
 * The scanner calls it on opening a list, so the first scan does not wait for IndexedDB.
 */
export function listData(listId: number): Promise<ListData | undefined> {
  if (cached?.listId !== listId) {
    const data = loadList(listId).then(({ sync, passes, admissions }) =>
      sync ? indexList(listId, sync, passes, admissions) : undefined,
    );
    cached = { listId, data };
    // A failed read is tried again at the next scan.
    data.catch(() => {
      if (cached?.data === data) cached = undefined;
    });
  }
  return cached.data;
}

/** A 401 from the server: the organizer must sign in again. */
export const sessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

function outcome(status: RedeemStatus, pass?: { name: string; ticketTypeName: string; code: string }) {
  return {
    status,
    attendeeName: pass?.name ?? null,
    ticketTypeName: pass?.ticketTypeName ?? null,
    passCode: pass?.code ?? null,
    previous: null,
  };
}

type Decision = Omit<ScanOutcome, 'offline' | 'confirming'>;

/** A pending admission of a scan: the server has it once `nonce` is settled. */
function admissionOf(scan: QueuedScan, passId: string): Admission {
  return {
    listId: scan.listId,
    passId,
    direction: scan.direction ?? 'entry',
    at: scan.scannedAt,
    recordedAt: Date.now(),
    nonce: scan.nonce,
  };
}

/**
 * The device's own decision, from the list's data in memory. An admission is noted in memory in
 * the same step as the check for an earlier one, so two scans of a pass at once admit it once.
 */
async function decideOnDevice(
  scan: QueuedScan,
  context: ScanContext,
  at: Date,
  data: ListData,
): Promise<{ decision: Decision; admission?: Admission }> {
  const { code } = scan;
  const { sync } = data;
  let passId: string;
  let validDays: number[] | undefined;
  if (code.startsWith(PASS_TOKEN_PREFIX)) {
    const verifyStart = performance.now();
    const claims = await verifyToken(code, sync.keys);
    performance.measure('scan-verify', { start: verifyStart });
    if (!claims) return { decision: outcome('invalid') };
    const refusal = tokenRefusal(
      claims,
      { eventId: sync.event.id, ticketTypeIds: sync.list.ticketTypeIds },
      data,
    );
    if (refusal) return { decision: outcome(refusal) };
    passId = claims.passId;
    validDays = claims.validDays;
  } else {
    const typed = code.toUpperCase();
    const pass = PASS_CODE.test(typed) ? data.byCode.get(typed) : undefined;
    if (!pass) return { decision: outcome('invalid') };
    passId = pass.id;
  }
  // A pass bought after the last sync verifies by its signature but has no name here yet (one the
  // sync said is off the list was refused above).
  const pass = data.byId.get(passId);
  const day = editionDayAt(new Date(sync.event.startsAt), new Date(sync.event.endsAt), at);
  if (day === null || !sync.list.days.includes(day) || (validDays && !validDays.includes(day))) {
    return { decision: outcome('wrong_day', pass) };
  }
  if (context.direction === 'entry') {
    const own = data.admissions.get(passId);
    const entered = own ? own.direction === 'entry' || !sync.list.allowReentry : data.entered.has(passId);
    if (entered) {
      return {
        decision: {
          ...outcome('already_redeemed', pass),
          previous: own ? { at: own.at, gate: context.gate } : null,
        },
      };
    }
  }
  const admission = admissionOf(scan, passId);
  data.admissions.set(passId, admission);
  return { decision: outcome('ok', pass), admission };
}

function redeemOnServer(body: QueuedScan, timeoutMs?: number) {
  return apiRequest<RedeemResult>('/admin/checkin/redeem', {
    method: 'POST',
    body,
    signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
  });
}

/**
 * Keeps the device's record of a pass in step with the server's answer to a scan: admitted (or
 * in already) stays or becomes an admission the server has; refused, none. Takes the scan out of
 * the queue.
 */
async function settle(
  data: ListData | undefined,
  scan: QueuedScan,
  passId: string | undefined,
  result: RedeemResult,
) {
  const byNonce = data && [...data.admissions.values()].find((admission) => admission.nonce === scan.nonce);
  const id =
    passId ?? byNonce?.passId ?? (result.passCode ? data?.byCode.get(result.passCode)?.id : undefined);
  if (!id) return settleScan(scan.nonce, undefined);
  const keep = result.status === 'ok' || result.status === 'already_redeemed';
  const admission: Admission = {
    listId: scan.listId,
    passId: id,
    direction: scan.direction ?? 'entry',
    at: scan.scannedAt,
    recordedAt: Date.now(),
    nonce: null,
  };
  if (keep) data?.admissions.set(id, admission);
  else data?.admissions.delete(id);
  await settleScan(scan.nonce, { key: admission, keep });
}

export interface ScanHandle {
  /** What to show now. */
  outcome: ScanOutcome;
  /** The server's answer when it replaces `outcome`; undefined when none will come. */
  confirmed: Promise<ScanOutcome | undefined>;
  /** The device's record of the scan (admission, queued scan) written; rejects when that fails. */
  saved: Promise<void>;
}

/**
 * Decides a scanned or typed code on the device and, online, sends it to the server, whose
 * answer comes as `confirmed`. Before the first sync, the server decides alone (and offline,
 * every code is `invalid`).
 * @param shown resolves once the device's decision is on screen: the request to the server and
 *   the device's record wait for it, so the main thread paints the result first;
 *   the admission is held in memory from the decision on, so nothing is let in twice meanwhile.
 * @throws ApiError 401 when the session ended, or the server refusing the request itself (400,
 *   404), when the scan had to wait for the server; otherwise `confirmed` rejects with it
 */
export async function scanCode(
  code: string,
  context: ScanContext,
  shown: Promise<void> = Promise.resolve(),
): Promise<ScanHandle> {
  const at = new Date();
  const online = navigator.onLine;
  const scan: QueuedScan = {
    code,
    listId: context.listId,
    direction: context.direction,
    scannedAt: at.toISOString(),
    nonce: crypto.randomUUID(),
    gate: context.gate,
    offline: !online,
  };
  const data = await listData(context.listId);
  if (!data) {
    if (!online) {
      const invalid = { ...outcome('invalid'), offline: true, confirming: false };
      return { outcome: invalid, confirmed: Promise.resolve(undefined), saved: Promise.resolve() };
    }
    const { data: result } = await redeemOnServer(scan);
    const saved = settle(undefined, scan, undefined, result);
    return {
      outcome: { ...result, offline: false, confirming: false },
      confirmed: Promise.resolve(undefined),
      saved,
    };
  }
  const { decision, admission } = await decideOnDevice(scan, context, at, data);
  const admitted = admission !== undefined;
  const saved = admission ? shown.then(() => recordAdmission(admission, scan)) : Promise.resolve();
  if (!online)
    return {
      outcome: { ...decision, offline: true, confirming: false },
      confirmed: Promise.resolve(undefined),
      saved,
    };
  inFlight.add(scan.nonce);
  const confirmed = (async (): Promise<ScanOutcome | undefined> => {
    try {
      await shown;
      const { data: result } = await redeemOnServer(scan, ONLINE_TIMEOUT_MS);
      // The queued scan's record must exist before it is settled.
      await saved.catch(() => undefined);
      await settle(data, scan, admission?.passId, result);
      return { ...result, offline: false, confirming: false };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // Network trouble or no answer in time: the device's decision stands, and its scan is sent later.
      if (admitted) await saved.then(() => markQueuedOffline(scan.nonce)).catch(() => undefined);
      return { ...decision, offline: true, confirming: false };
    } finally {
      inFlight.delete(scan.nonce);
    }
  })();
  return { outcome: { ...decision, offline: false, confirming: true }, confirmed, saved };
}

/** Applies a sync answer to the list's data in memory (the same one IndexedDB now holds). */
function applyAnswer(
  data: ListData | undefined,
  listId: number,
  answer: CheckinSyncAnswer,
  stored: StoredList,
) {
  if (answer.mode === 'full' || !data) {
    const passes = answer.mode === 'full' ? answer.passes : [...(data?.byId.values() ?? [])];
    return indexList(listId, stored, passes, [...(data?.admissions.values() ?? [])]);
  }
  for (const change of answer.changes) {
    const old = data.byId.get(change.id);
    if (old) data.byCode.delete(old.code);
    if (change.pass) {
      const pass = { id: change.id, ...change.pass };
      data.byId.set(change.id, pass);
      data.byCode.set(pass.code, pass);
    } else data.byId.delete(change.id);
    applyChange(data, change);
  }
  preloadKeys(stored.keys);
  data.sync = stored;
  return data;
}

async function syncOnce(listId: number): Promise<string> {
  const queued = (await queuedScans())
    .filter((scan) => !inFlight.has(scan.nonce))
    .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
  const data = await listData(listId);
  for (const scan of queued) {
    try {
      const { data: result } = await redeemOnServer(scan);
      await settle(scan.listId === listId ? data : undefined, scan, undefined, result);
    } catch (error) {
      // A scan the server refuses as a request (its list deleted…) will never be accepted.
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      await settleScan(scan.nonce, undefined);
    }
  }
  const askedAt = Date.now();
  const cursor = data?.sync.cursor;
  const query = cursor ? `?since=${encodeURIComponent(cursor)}` : '';
  const answer = await apiGet<CheckinSyncAnswer>(`/admin/checkin/lists/${listId}/sync${query}`);
  const { stored, waiting } = await storeSync(listId, answer, askedAt, inFlight);
  const next = applyAnswer(await listData(listId), listId, answer, stored);
  // The server's `entered` now holds the admissions it had when asked; the others stay.
  for (const [passId, admission] of next.admissions) {
    if (knownToServer(admission, askedAt, new Set([...waiting, ...inFlight]))) next.admissions.delete(passId);
  }
  cached = { listId, data: Promise.resolve(next) };
  const lastSyncAt = new Date().toISOString();
  await saveSettings({ lastSyncAt });
  return lastSyncAt;
}

/**
 * Sends queued scans (oldest first) and brings the list's changes since the last sync, or the
 * whole list the first time. One sync runs at a time; a call during one joins it.
 * @returns the time of the sync
 * @throws NetworkError offline (the queue stays) · ApiError 401 session ended
 */
export function syncList(listId: number): Promise<string> {
  if (syncing?.listId === listId) return syncing.done;
  const done = syncOnce(listId).finally(() => {
    if (syncing?.done === done) syncing = undefined;
  });
  syncing = { listId, done };
  return done;
}
