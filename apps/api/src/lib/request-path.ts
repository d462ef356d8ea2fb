/**
 * What address a request spelled, for the decisions that cannot come from a matched route:
 * a request no route matched is answered as a page of the site or, when it spells an API
 * address in any way (`/%61pi/…`, `//api/…`, `/x/../api/…`, `/API/…`), as a JSON 404. What a
 * request may do is never decided here: that follows from the route it matched.
 */
import path from 'node:path';

/**
 * The path of `url` (path and query, as Fastify's `request.url`) with percent-encoding undone
 * and dot segments and doubled slashes resolved; undefined when it is not valid percent-encoding.
 */
export function normalizedPath(url: string): string | undefined {
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  try {
    return path.posix.normalize(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}

/** Whether `url` spells an address under `/api` (or one not validly encoded), in any case. */
export function spellsApiPath(url: string): boolean {
  const pathname = normalizedPath(url)?.toLowerCase();
  return pathname === undefined || pathname === '/api' || pathname.startsWith('/api/');
}
