/**
 * The attendees dialog's attendee list in this tab's sessionStorage: a reload
 * of /register brings the registered attendees back until they are paid (the success page
 * forgets them) or discarded (closing the dialog, confirmed). sessionStorage: the list belongs
 * to this tab's registration and must not outlive it. Shaped as an external store for React's
 * useSyncExternalStore: snapshots are cached by the stored text, so they stay referentially equal.
 */
import type { RegisteredAttendee } from '@festival/shared';

const KEY = 'festival.event-pass-attendees';
const NONE: readonly RegisteredAttendee[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; list: readonly RegisteredAttendee[] } = { raw: null, list: NONE };

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The stored list (the same array while the stored text is unchanged). */
export function readStoredAttendees(): readonly RegisteredAttendee[] {
  const raw = readRaw();
  if (raw === cached.raw) return cached.list;
  let list: readonly RegisteredAttendee[] = NONE;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed) && parsed.length > 0) list = parsed as RegisteredAttendee[];
  } catch {
    list = NONE;
  }
  cached = { raw, list };
  return list;
}

/** What the prerendered page had: nothing stored. */
export const serverAttendees = (): readonly RegisteredAttendee[] => NONE;

export function subscribeStoredAttendees(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function storeAttendees(attendees: readonly RegisteredAttendee[]): void {
  try {
    if (attendees.length === 0) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify(attendees));
  } catch {
    // Storage full or disabled (private mode): the list simply does not survive a reload.
  }
  listeners.forEach((listener) => listener());
}

export function forgetStoredAttendees(): void {
  storeAttendees([]);
}
