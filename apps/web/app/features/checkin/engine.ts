/**
 * What happens to one scan (issue 11 §3): online, the server decides (`POST
 * /api/admin/checkin/redeem`); when the network fails or the device is offline, the device
 * decides from its stored data — signature, revocation list, ticket types, days, who already
 * entered — and queues the admission for the server. `syncList` sends the queue and refreshes
 * the stored data; the scanner calls it when back online and every 30 seconds.
 *
 * Speed (issue 11 §5): the chosen list's data is held in memory (`listData`), loaded from
 * IndexedDB once and replaced by each sync, so deciding a scan reads no IndexedDB; what a scan
 * writes there (the admission, the queued scan) is written while its result is already shown.
 */
import {
  editionDayAt,
  PASS_TOKEN_PREFIX,
  type CheckinDirection,
  type CheckinSync,
  type RedeemResult,
  type RedeemStatus,
  type SyncPass,
} from '@festival/shared';
import { ApiError, apiGet, apiRequest } from '~/lib/api-client';
import {
  dequeue,
  enqueue,
  loadList,
  queuedScans,
  recordAdmission,
  saveSettings,
  storeSync,
  type Admission,
} from './store';
import { preloadKeys, verifyToken } from './verify';

export interface ScanOutcome {
  status: RedeemStatus;
  attendeeName: string | null;
  ticketTypeName: string | null;
  passCode: string | null;
  previous: RedeemResult['previous'];
  /** Decided on the device (no answer from the server). */
  offline: boolean;
}

export interface ScanContext {
  listId: number;
  gate: string;
  direction: CheckinDirection;
}

/** How long a gate waits for the server before deciding itself: a queue must keep moving. */
const ONLINE_TIMEOUT_MS = 2_500;
const PASS_CODE = /^SFG-[0-9A-Z]{10}$/;

/** A list's stored data, indexed for deciding a scan in memory. */
interface ListData {
  listId: number;
  sync: Omit<CheckinSync, 'passes'>;
  byId: Map<string, SyncPass>;
  byCode: Map<string, SyncPass>;
  revoked: Set<string>;
  entered: Set<string>;
  /** This device's admissions not yet confirmed by a sync, by pass id. */
  admissions: Map<string, Admission>;
}

let cached: { listId: number; data: Promise<ListData | undefined> } | undefined;

function indexList(
  listId: number,
  sync: Omit<CheckinSync, 'passes'>,
  passes: SyncPass[],
  admissions: Admission[],
): ListData {
  preloadKeys(sync.keys);
  return {
    listId,
    sync,
    byId: new Map(passes.map((pass) => [pass.id, pass])),
    byCode: new Map(passes.map((pass) => [pass.code, pass])),
    revoked: new Set(sync.revoked),
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

/** Notes an admission this device made: in memory at once, in IndexedDB by the returned promise. */
async function admit(
  data: ListData | undefined,
  listId: number,
  passId: string,
  direction: CheckinDirection,
  at: string,
) {
  data?.admissions.set(passId, { listId, passId, direction, at });
  await recordAdmission(listId, passId, direction, at);
}

/** A 401 from the server: the organizer must sign in again. */
export const sessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

function outcome(
  status: RedeemStatus,
  pass?: { name: string; ticketTypeName: string; code: string },
): ScanOutcome {
  return {
    status,
    attendeeName: pass?.name ?? null,
    ticketTypeName: pass?.ticketTypeName ?? null,
    passCode: pass?.code ?? null,
    previous: null,
    offline: true,
  };
}

/** The device's own decision, from the list's stored data. */
async function decideOffline(
  code: string,
  context: ScanContext,
  at: Date,
  data: ListData | undefined,
): Promise<{ outcome: ScanOutcome; passId?: string }> {
  if (!data) return { outcome: outcome('invalid') };
  const { sync } = data;
  let passId: string;
  let validDays: number[] | undefined;
  if (code.startsWith(PASS_TOKEN_PREFIX)) {
    const claims = await verifyToken(code, sync.keys);
    if (!claims || claims.eventId !== sync.event.id) return { outcome: outcome('invalid') };
    if (data.revoked.has(claims.passId)) return { outcome: outcome('revoked') };
    if (!sync.list.ticketTypeIds.includes(claims.ticketTypeId)) return { outcome: outcome('product') };
    passId = claims.passId;
    validDays = claims.validDays;
  } else {
    const typed = code.toUpperCase();
    const pass = PASS_CODE.test(typed) ? data.byCode.get(typed) : undefined;
    if (!pass) return { outcome: outcome('invalid') };
    passId = pass.id;
  }
  // A pass bought after the last sync verifies by its signature but has no name here yet.
  const pass = data.byId.get(passId);
  const day = editionDayAt(new Date(sync.event.startsAt), new Date(sync.event.endsAt), at);
  if (day === null || !sync.list.days.includes(day) || (validDays && !validDays.includes(day))) {
    return { outcome: outcome('wrong_day', pass), passId };
  }
  if (context.direction === 'entry') {
    const own = data.admissions.get(passId);
    const entered = own ? own.direction === 'entry' || !sync.list.allowReentry : data.entered.has(passId);
    if (entered) {
      return {
        outcome: {
          ...outcome('already_redeemed', pass),
          previous: own ? { at: own.at, gate: context.gate } : null,
        },
        passId,
      };
    }
  }
  return { outcome: outcome('ok', pass), passId };
}

/**
 * Decides a scanned or typed code: by the server when it answers in time, else on the device
 * (then an admission is queued with `offline: true`).
 * @returns the outcome, and `saved`: the device's own record of the scan (its admission, the
 *   queued scan) being written to IndexedDB; it rejects when that write fails
 * @throws ApiError 401 when the session ended, or the server refusing the request itself (400, 404)
 */
export async function scanCode(
  code: string,
  context: ScanContext,
): Promise<{ outcome: ScanOutcome; saved: Promise<void> }> {
  const at = new Date();
  const request = {
    code,
    listId: context.listId,
    direction: context.direction,
    scannedAt: at.toISOString(),
    nonce: crypto.randomUUID(),
    gate: context.gate,
  };
  const stored = listData(context.listId);
  if (navigator.onLine) {
    try {
      const { data } = await apiRequest<RedeemResult>('/admin/checkin/redeem', {
        method: 'POST',
        body: { ...request, offline: false },
        signal: AbortSignal.timeout(ONLINE_TIMEOUT_MS),
      });
      const list = await stored;
      const pass = data.passCode ? list?.byCode.get(data.passCode) : undefined;
      const saved =
        data.status === 'ok' && pass
          ? admit(list, context.listId, pass.id, context.direction, request.scannedAt)
          : Promise.resolve();
      return { outcome: { ...data, offline: false }, saved };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // Network trouble or no answer in time: decide here, like offline.
    }
  }
  const list = await stored;
  const decided = await decideOffline(code, context, at, list);
  const { passId } = decided;
  const saved =
    decided.outcome.status === 'ok' && passId
      ? Promise.all([
          admit(list, context.listId, passId, context.direction, request.scannedAt),
          enqueue({ ...request, offline: true }),
        ]).then(() => undefined)
      : Promise.resolve();
  return { outcome: decided.outcome, saved };
}

/**
 * Sends queued scans (oldest first) and refreshes the list's stored data.
 * @returns the time of the sync
 * @throws NetworkError offline (the queue stays) · ApiError 401 session ended
 */
export async function syncList(listId: number): Promise<string> {
  const queued = (await queuedScans()).sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
  for (const scan of queued) {
    try {
      await apiRequest<RedeemResult>('/admin/checkin/redeem', { method: 'POST', body: scan });
    } catch (error) {
      // A scan the server refuses as a request (its list deleted…) will never be accepted.
      if (!(error instanceof ApiError) || error.status === 401) throw error;
    }
    await dequeue(scan.nonce);
  }
  const sync = await apiGet<CheckinSync>(`/admin/checkin/lists/${listId}/sync`);
  await storeSync(sync);
  // The stored admissions of the list were cleared: the server's `entered` includes them now.
  const { passes, ...rest } = sync;
  cached = { listId, data: Promise.resolve(indexList(listId, rest, passes, [])) };
  const lastSyncAt = new Date().toISOString();
  await saveSettings({ lastSyncAt });
  return lastSyncAt;
}
