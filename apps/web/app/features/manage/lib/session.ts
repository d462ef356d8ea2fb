/**
 * The manage session in this tab's sessionStorage (issue 9 §1): the bearer token the API gave
 * for a sign-in link, the email and when it ends. sessionStorage, not a cookie, so the session
 * ends with the tab and no other site's request can carry it (the API's self-service service.ts
 * explains the choice). Never localStorage: the token must not outlive the tab.
 */
import type { ManageSession } from '@festival/shared';

const KEY = 'festival.manage-session';

/** The stored session if it has not ended by this device's clock. */
export function readSession(): ManageSession | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const session = JSON.parse(raw) as ManageSession;
    if (Date.parse(session.expiresAt) <= Date.now()) {
      clearSession();
      return undefined;
    }
    return session;
  } catch {
    return undefined;
  }
}

export function saveSession(session: ManageSession): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  window.sessionStorage.removeItem(KEY);
}

/** The request header that carries the session. */
export const authorization = (session: ManageSession) => ({
  authorization: `Bearer ${session.sessionToken}`,
});
