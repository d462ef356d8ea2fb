/**
 * The registered attendees of /register as state kept in sessionStorage (stored-attendees.ts),
 * so it survives a reload. The page is prerendered: the first render uses the server snapshot
 * (nothing stored) and React then switches to the stored list. `onRestore` runs once after
 * mount if a list came back, for the route to reopen the attendees dialog.
 */
import type { RegisteredAttendee } from '@festival/shared';
import { useCallback, useEffect, useRef, useSyncExternalStore, type SetStateAction } from 'react';
import {
  readStoredAttendees,
  serverAttendees,
  storeAttendees,
  subscribeStoredAttendees,
} from '../lib/stored-attendees';

export function useStoredAttendees(onRestore: () => void) {
  const attendees = useSyncExternalStore(subscribeStoredAttendees, readStoredAttendees, serverAttendees);
  const restore = useRef(onRestore);
  useEffect(() => {
    restore.current = onRestore;
  });
  useEffect(() => {
    if (readStoredAttendees().length > 0) restore.current();
  }, []);

  const setAttendees = useCallback((next: SetStateAction<RegisteredAttendee[]>) => {
    const current = [...readStoredAttendees()];
    storeAttendees(typeof next === 'function' ? next(current) : next);
  }, []);
  return [attendees, setAttendees] as const;
}
