/**
 * The manage session in this tab's sessionStorage: the bearer token the API gave
 * for a sign-in link, the email and when it ends. sessionStorage, not a cookie, so the session
 * ends with the tab and no other site's request can carry it (the API's self-service service.ts
 * explains the choice). Never localStorage: the token must not outlive the tab.
 */
import type { ManageSession } from '@festival/shared';

/** The sessionStorage key (also read before the first paint: routes/manage.tsx). */
export const SESSION_KEY = 'festival.manage-session';

/**
 * A session as stored: `deadline` is when it ends on this device's clock (epoch ms), placed by
 * the server's answer time rather than compared with the server's instant, since a device's
 * clock may be off.
 */
interface StoredSession {
  session: ManageSession;
  deadline: number;
}

/** The stored session if it has not ended by this device's clock. */
export function readSession(): ManageSession | undefined {
  try {
    const raw = window.sessionStorage.getItem(SESSION_KEY);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as StoredSession;
    if (!(stored.deadline > Date.now())) {
      clearSession();
      return undefined;
    }
    return stored.session;
  } catch {
    return undefined;
  }
}

/** Stores `session`; `serverTime` is the server's clock when it answered (epoch ms). */
export function saveSession(session: ManageSession, serverTime: number | undefined): void {
  const now = Date.now();
  const deadline = now + Date.parse(session.expiresAt) - (serverTime ?? now);
  const stored: StoredSession = { session, deadline };
  window.sessionStorage.setItem(SESSION_KEY, JSON.stringify(stored));
}

export function clearSession(): void {
  window.sessionStorage.removeItem(SESSION_KEY);
}

/** The request header that carries the session. */
export const authorization = (session: ManageSession) => ({
  authorization: `Bearer ${session.sessionToken}`,
});
