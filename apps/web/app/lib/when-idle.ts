/**
 * Runs `callback` once the browser is idle (requestIdleCallback, at the latest after
 * `timeoutMs`), or after a zero timeout where there is no requestIdleCallback (Safari). For code
 * a page needs soon but not to paint or hydrate. Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 0);
  return () => window.clearTimeout(handle);
}
