/** The signed-in organizer, provided by the console layout (routes/admin/layout.tsx). */
import type { Organizer, OrganizerRole } from '@festival/shared';
import { createContext, useContext } from 'react';

export const OrganizerContext = createContext<Organizer | null>(null);

/**
 * The signed-in organizer and their role.
 * @throws Error when used outside the signed-in part of the console (a programming error).
 */
export function useOrganizer(): { organizer: Organizer; role: OrganizerRole } {
  const organizer = useContext(OrganizerContext);
  if (!organizer) throw new Error('useOrganizer() is only available inside the signed-in console');
  return { organizer, role: organizer.role };
}
