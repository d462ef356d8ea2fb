/**
 * Who may call a route: an organizer route declares its roles next to its schema,
 * `config: { roles: ['owner', 'manager'] }`, and the organizer-auth plugin enforces them
 * before the handler (anonymous → 401, wrong role → 403). `request.organizer` is the
 * signed-in organizer on such routes.
 */
import type { FastifyRequest } from 'fastify';
import type { Organizer, OrganizerRole } from '@festival/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Organizer roles allowed to call the route; absent on public routes. */
    roles?: readonly OrganizerRole[];
  }
  interface FastifyRequest {
    /** The signed-in organizer; set on routes that declare `config.roles`. */
    organizer?: Organizer;
  }
}

/**
 * The signed-in organizer of a route that declares `config.roles`. The organizer-auth plugin
 * answers 401/403 before the handler otherwise, so a missing organizer here is a route
 * registered outside that plugin's reach: a programming error, not a client's.
 */
export function organizerOf(request: FastifyRequest): Organizer {
  if (!request.organizer) throw new Error(`no signed-in organizer on ${request.method} ${request.url}`);
  return request.organizer;
}
