/**
 * What happens to one scan (issue 11 §3): online, the server decides (`POST
 * /api/admin/checkin/redeem`); when the network fails or the device is offline, the device
 * decides from its stored data — signature, revocation list, ticket types, days, who already
 * entered — and queues the admission for the server. `syncList` sends the queue and refreshes
 * the stored data; the scanner calls it when back online and every 30 seconds.
 */
import {
  editionDayAt,
  PASS_TOKEN_PREFIX,
  type CheckinDirection,
  type CheckinSync,
  type RedeemResult,
  type RedeemStatus,
} from '@festival/shared';
import { ApiError, apiGet, apiRequest } from '~/lib/api-client';
import {
  dequeue,
  enqueue,
  findAdmission,
  findPass,
  loadSync,
  queuedScans,
  recordAdmission,
  saveSettings,
  storeSync,
} from './store';
import { verifyToken } from './verify';

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
): Promise<{ outcome: ScanOutcome; passId?: string }> {
  const sync = await loadSync(context.listId);
  if (!sync) return { outcome: outcome('invalid') };
  let passId: string;
  let validDays: number[] | undefined;
  if (code.startsWith(PASS_TOKEN_PREFIX)) {
    const claims = await verifyToken(code, sync.keys);
    if (!claims || claims.eventId !== sync.event.id) return { outcome: outcome('invalid') };
    if (sync.revoked.includes(claims.passId)) return { outcome: outcome('revoked') };
    if (!sync.list.ticketTypeIds.includes(claims.ticketTypeId)) return { outcome: outcome('product') };
    passId = claims.passId;
    validDays = claims.validDays;
  } else {
    const typed = code.toUpperCase();
    const pass = PASS_CODE.test(typed) ? await findPass(context.listId, { code: typed }) : undefined;
    if (!pass) return { outcome: outcome('invalid') };
    passId = pass.id;
  }
  // A pass bought after the last sync verifies by its signature but has no name here yet.
  const pass = await findPass(context.listId, { id: passId });
  const day = editionDayAt(new Date(sync.event.startsAt), new Date(sync.event.endsAt), at);
  if (day === null || !sync.list.days.includes(day) || (validDays && !validDays.includes(day))) {
    return { outcome: outcome('wrong_day', pass), passId };
  }
  if (context.direction === 'entry') {
    const own = await findAdmission(context.listId, passId);
    const entered = own
      ? own.direction === 'entry' || !sync.list.allowReentry
      : sync.entered.includes(passId);
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
 * @throws ApiError 401 when the session ended, or the server refusing the request itself (400, 404)
 */
export async function scanCode(code: string, context: ScanContext): Promise<ScanOutcome> {
  const at = new Date();
  const request = {
    code,
    listId: context.listId,
    direction: context.direction,
    scannedAt: at.toISOString(),
    nonce: crypto.randomUUID(),
    gate: context.gate,
  };
  if (navigator.onLine) {
    try {
      const { data } = await apiRequest<RedeemResult>('/admin/checkin/redeem', {
        method: 'POST',
        body: { ...request, offline: false },
        signal: AbortSignal.timeout(ONLINE_TIMEOUT_MS),
      });
      const pass = data.passCode ? await findPass(context.listId, { code: data.passCode }) : undefined;
      if (data.status === 'ok' && pass)
        await recordAdmission(context.listId, pass.id, context.direction, request.scannedAt);
      return { ...data, offline: false };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // Network trouble or no answer in time: decide here, like offline.
    }
  }
  const decided = await decideOffline(code, context, at);
  if (decided.outcome.status === 'ok' && decided.passId) {
    await recordAdmission(context.listId, decided.passId, context.direction, request.scannedAt);
    await enqueue({ ...request, offline: true });
  }
  return decided.outcome;
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
  const lastSyncAt = new Date().toISOString();
  await saveSettings({ lastSyncAt });
  return lastSyncAt;
}
