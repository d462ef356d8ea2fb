/**
 * The role table in docs/organizer-guide.md decides who reads what: exports (votes with voters'
 * emails and client addresses among them) are for owners, managers and finance; content editors
 * have FAQ, pages, speakers, sponsors, nominees and vote results, and no part in sales or exports.
 */
import { ORGANIZER_ROLES, REGISTRATION_ALERT_ROLES, type OrganizerRole } from '@festival/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsPages, votes } from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { awardCategoryOf } from './voting-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
const VOTER = 'voter.of.record@example.com';

beforeAll(async () => {
  t = await build();
  signedIn = await signInEveryRole(t.app);
  const [nominee] = await t.app.db
    .select({ id: cmsPages.id })
    .from(cmsPages)
    .where(eq(cmsPages.kind, 'nominee'))
    .limit(1);
  await t.app.db.insert(votes).values({
    email: VOTER,
    cmsPageId: nominee!.id,
    awardCategoryId: await awardCategoryOf(t.app.db, nominee!.id),
    ip: '10.8.0.1',
  });
}, 60_000);
afterAll(async () => t?.close());

const get = (url: string, role: OrganizerRole) =>
  t.app.inject({ method: 'GET', url, headers: headersOf(signedIn, role) });

const EXPORTERS: OrganizerRole[] = ['owner', 'manager', 'finance'];

describe('the votes export', () => {
  it.each(['csv', 'xlsx'])('is refused to content editors and the gate as %s', async (format) => {
    for (const role of ['content', 'gate'] as const) {
      const response = await get(`/api/admin/exports/votes?format=${format}`, role);
      expect(response.statusCode, role).toBe(403);
      expect(response.body, role).not.toContain(VOTER);
    }
  });

  it('is given to owners, managers and finance, with the voters', async () => {
    for (const role of EXPORTERS) {
      const response = await get('/api/admin/exports/votes?format=csv', role);
      expect(response.statusCode, role).toBe(200);
      expect(response.body, role).toContain(VOTER);
    }
  });
});

describe('every export', () => {
  it('declares exactly the roles the table gives exports', () => {
    const exports = t.app.adminRoutes.filter((route) => route.url.startsWith('/api/admin/exports/'));
    expect(exports.map((route) => route.url).sort()).toEqual([
      '/api/admin/exports/inquiries',
      '/api/admin/exports/orders',
      '/api/admin/exports/registration-alerts',
      '/api/admin/exports/registrations',
      '/api/admin/exports/votes',
    ]);
    for (const route of exports) {
      // The "Tell me when registration opens" addresses go only to their list's roles, a subset
      // of the exporters: they are for the organisers who write to those people, not for finance.
      const roles = route.url.endsWith('/registration-alerts') ? REGISTRATION_ALERT_ROLES : EXPORTERS;
      expect([...route.roles].sort(), route.url).toEqual([...roles].sort());
      expect(
        roles.every((role) => EXPORTERS.includes(role)),
        route.url,
      ).toBe(true);
    }
  });
});

describe('ticket types', () => {
  it('are listed to the sales roles and refused to content editors', async () => {
    for (const role of ORGANIZER_ROLES) {
      const response = await get('/api/admin/ticket-types', role);
      expect(response.statusCode, role).toBe(EXPORTERS.includes(role) ? 200 : 403);
    }
  });
});
