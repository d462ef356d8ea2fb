/**
 * Local deadlines for server instants. A device's clock may be minutes off, so an ISO-8601
 * UTC instant from the server is turned into "this many milliseconds after the server's
 * answer" and placed on the local clock, rather than compared with the local clock directly.
 */

/** Epoch ms on this device's clock at which `expiresAt` (server time) is reached. */
export function localDeadline(expiresAt: string, serverTime: number | undefined, now = Date.now()): number {
  return now + Date.parse(expiresAt) - (serverTime ?? now);
}

/** Whole seconds from now until `deadline` (epoch ms), rounded up, never negative. */
export function secondsUntil(deadline: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Seconds as m:ss, e.g. 900 → '15:00', 59 → '0:59'. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
