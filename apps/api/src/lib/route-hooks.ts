/**
 * What the plugins that attach hooks to some routes only (organizer-auth's session forgetting,
 * the public cache's answer keeping, cache/invalidation.ts's dropping) need to know of a route
 * as it registers, so that no other request runs those hooks.
 */
import type { RouteOptions } from 'fastify';

/** Methods that change nothing on the server (RFC 9110 §9.2.1, safe methods). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether every method `route` answers is safe: no request to it can change anything. */
export function readsOnly(route: Pick<RouteOptions, 'method'>): boolean {
  return [route.method].flat().every((method) => SAFE_METHODS.has(method));
}

/** A route's hooks of one kind as a list: Fastify takes none, one, or a list. */
export function hookList<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
