/**
 * Who may call a route: an organizer route declares its roles next to its schema,
 * `config: { roles: ['owner', 'manager'] }`, and the organizer-auth plugin enforces them
 * before the handler (anonymous → 401, wrong role → 403). `request.organizer` is the
 * signed-in organizer on such routes.
 */
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
