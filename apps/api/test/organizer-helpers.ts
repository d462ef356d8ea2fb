/**
 * A stand-in for the organizer sign-in in API tests: an onRequest hook that sets
 * `request.organizer` from the `x-test-organizer` header (a role), and records the roles each
 * route declares in `config.roles`. The enforcing plugin is tested on its own.
 */
import type { Organizer, OrganizerRole } from '@festival/shared';
import type { App } from '../src/app.js';

export const ORGANIZER_HEADER = 'x-test-organizer';

/** The organizer the hook signs in for a role. */
export function testOrganizer(role: OrganizerRole): Organizer {
  return {
    id: `organizer-${role}`,
    email: `${role}@example.com`,
    name: `Test ${role}`,
    role,
    twoFactorEnabled: true,
  };
}

/** Roles declared by the routes requested so far, keyed `METHOD /url/pattern`. */
export type DeclaredRoles = Map<string, readonly OrganizerRole[] | undefined>;

/** Adds the hook to an app that is not ready yet (BuildOptions.setup); returns the declared roles it sees. */
export function simulateOrganizers(app: App): DeclaredRoles {
  const declared: DeclaredRoles = new Map();
  app.addHook('onRequest', async (request) => {
    declared.set(`${request.method} ${request.routeOptions.url}`, request.routeOptions.config.roles);
    const role = request.headers[ORGANIZER_HEADER];
    if (typeof role === 'string') request.organizer = testOrganizer(role as OrganizerRole);
  });
  return declared;
}

/** Headers of a request by an organizer of this role. */
export const as = (role: OrganizerRole) => ({ [ORGANIZER_HEADER]: role });
