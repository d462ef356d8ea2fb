/**
 * The console's permission matrix: every route under /api/admin, as the app registered it
 * (so routes added later are covered without touching this file), called anonymously and by
 * an organizer of every role. Anonymous → 401; a role the route does not list → 403; a role it
 * lists → neither (whatever the handler then says about the empty input).
 */
import { ORGANIZER_ROLES, type OrganizerRole } from '@festival/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';

let ctx: TestContext;
const cookies = new Map<OrganizerRole, string>();

beforeAll(async () => {
  ctx = await build();
  for (const role of ORGANIZER_ROLES) cookies.set(role, (await signedInOrganizer(ctx.app, role)).cookie);
}, 60_000);
afterAll(async () => ctx?.close());

/** The route's URL with every `:param` filled and a wildcard made concrete. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, 'x1').replace(/\*$/, 'x1');
}

function call(method: string, url: string, cookie?: string) {
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  return ctx.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(hasBody ? { payload: {} } : {}),
  });
}

describe('every /api/admin route', () => {
  it('is known to the test', () => {
    const urls = ctx.app.adminRoutes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/admin/me',
        'GET /api/admin/organizers',
        'PATCH /api/admin/organizers/:id',
        'POST /api/admin/organizers/:id/invitation',
        'GET /api/admin/badges.pdf',
        'GET /api/admin/passes.pdf',
        'GET /api/admin/questions',
        'POST /api/admin/questions',
        'PUT /api/admin/questions/:id',
        'POST /api/admin/questions/order',
        'POST /api/admin/questions/:id/archive',
        'POST /api/admin/questions/:id/restore',
        'DELETE /api/admin/questions/:id',
        'GET /api/admin/registrations/:id/answers',
        'PUT /api/admin/registrations/:id/answers',
        'POST /api/admin/console-orders/comp',
        'POST /api/admin/console-orders/bank-transfer',
        'POST /api/admin/imports/attendees',
        'GET /api/admin/orders/:reference/attendees/:registrationId/cancellation',
        'POST /api/admin/orders/:reference/attendees/:registrationId/cancel',
        'GET /api/admin/orders/:reference/attendees/:registrationId/ticket-change',
        'POST /api/admin/orders/:reference/attendees/:registrationId/change-ticket',
        'POST /api/admin/orders/:reference/attendees/:registrationId/transfer',
        'GET /api/admin/pass-transfers',
        'PUT /api/admin/orders/:reference/gst-details',
        'PUT /api/admin/pass-transfers',
        'DELETE /api/admin/sample-content',
      ]),
    );
    expect(
      ctx.app.adminRoutes.find(
        (route) => route.method === 'DELETE' && route.url === '/api/admin/sample-content',
      )?.roles,
    ).toEqual(['owner']);
  });

  it('gives the registration questions the roles of the ticket types: finance reads, owners and managers change', () => {
    const rolesOf = (method: string, url: string) =>
      ctx.app.adminRoutes.find((route) => route.method === method && route.url === url)?.roles;
    expect(rolesOf('GET', '/api/admin/questions')).toEqual(rolesOf('GET', '/api/admin/ticket-types'));
    expect(rolesOf('GET', '/api/admin/questions')).toEqual(['owner', 'manager', 'finance']);
    for (const [method, url] of [
      ['POST', '/api/admin/questions'],
      ['PUT', '/api/admin/questions/:id'],
      ['POST', '/api/admin/questions/order'],
      ['POST', '/api/admin/questions/:id/archive'],
      ['POST', '/api/admin/questions/:id/restore'],
      ['DELETE', '/api/admin/questions/:id'],
    ] as const) {
      expect(rolesOf(method, url), `${method} ${url}`).toEqual(rolesOf('POST', '/api/admin/ticket-types'));
    }
  });

  it('lets those who read a registration read its answers, and owners and managers change them', () => {
    const rolesOf = (method: string, url: string) =>
      ctx.app.adminRoutes.find((route) => route.method === method && route.url === url)?.roles;
    expect(rolesOf('GET', '/api/admin/registrations/:id/answers')).toEqual(
      rolesOf('GET', '/api/admin/registrations/:id'),
    );
    expect(rolesOf('PUT', '/api/admin/registrations/:id/answers')).toEqual(['owner', 'manager']);
    expect(rolesOf('PUT', '/api/admin/registrations/:id/answers')).toEqual(
      rolesOf('PATCH', '/api/admin/registrations/:id'),
    );
  });

  it('gives comps to owners and managers, bank-transfer orders to owners and finance', () => {
    const rolesOf = (url: string) =>
      ctx.app.adminRoutes.find((route) => route.method === 'POST' && route.url === url)?.roles;
    expect(rolesOf('/api/admin/console-orders/comp')).toEqual(['owner', 'manager']);
    expect(rolesOf('/api/admin/console-orders/bank-transfer')).toEqual(['owner', 'finance']);
    // The import's kind narrows it further in the handler (console-orders.test.ts).
    expect(rolesOf('/api/admin/imports/attendees')).toEqual(['owner', 'manager', 'finance']);
  });

  it('lets owners and finance cancel an attendee, change their ticket and change GST details, and nobody else', () => {
    const rolesOf = (method: string, url: string) =>
      ctx.app.adminRoutes.find((route) => route.method === method && route.url === url)?.roles;
    const orderAttendee = '/api/admin/orders/:reference/attendees/:registrationId';
    expect(rolesOf('POST', `${orderAttendee}/cancel`)).toEqual(['owner', 'finance']);
    expect(rolesOf('GET', `${orderAttendee}/cancellation`)).toEqual(['owner', 'finance']);
    expect(rolesOf('GET', `${orderAttendee}/ticket-change`)).toEqual(['owner', 'finance']);
    expect(rolesOf('POST', `${orderAttendee}/change-ticket`)).toEqual(['owner', 'finance']);
    expect(rolesOf('PUT', '/api/admin/orders/:reference/gst-details')).toEqual(['owner', 'finance']);
  });

  it('lets owners and managers transfer passes and say whether attendees may', () => {
    const rolesOf = (method: string, url: string) =>
      ctx.app.adminRoutes.find((route) => route.method === method && route.url === url)?.roles;
    expect(rolesOf('POST', '/api/admin/orders/:reference/attendees/:registrationId/transfer')).toEqual([
      'owner',
      'manager',
    ]);
    expect(rolesOf('PUT', '/api/admin/pass-transfers')).toEqual(['owner', 'manager']);
  });

  it('answers 401 to anonymous callers', async () => {
    for (const route of ctx.app.adminRoutes) {
      const response = await call(route.method, route.url);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json(), `${route.method} ${route.url}`).toMatchObject({ isOk: false });
    }
  });

  it('answers 403 to roles the route does not list, and lets the listed ones through', async () => {
    for (const route of ctx.app.adminRoutes) {
      for (const role of ORGANIZER_ROLES) {
        const response = await call(route.method, route.url, cookies.get(role));
        const where = `${role} → ${route.method} ${route.url}: ${response.body}`;
        if (route.roles.includes(role)) {
          expect([401, 403], where).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, where).toBe(403);
        }
      }
    }
  }, 120_000);
});
