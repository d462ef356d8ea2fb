/**
 * The API documentation (/api/docs, its JSON, /api/openapi.json) is a map of every organizer
 * operation: with API_DOCS=organizers (production's default) only a signed-in organizer, of any
 * role, reads it.
 */
import { ORGANIZER_ROLES } from '@festival/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from './helper.js';
import { signedInOrganizer } from './organizer-helpers.js';

const DOCUMENTS = ['/api/docs', '/api/docs/json', '/api/openapi.json', '/api/%6Fpenapi.json'];

describe('API documentation kept to organizers', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ env: { API_DOCS: 'organizers' } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers anonymous readers 401', async () => {
    for (const url of DOCUMENTS) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.body, url).not.toContain('/api/admin/');
    }
  });

  it('shows it to an organizer of every role', async () => {
    for (const role of ORGANIZER_ROLES) {
      const { cookie } = await signedInOrganizer(t.app, role);
      const document = await t.app.inject({ url: '/api/openapi.json', headers: { cookie } });
      expect(document.statusCode, role).toBe(200);
      expect(Object.keys(document.json().paths), role).toContain('/api/admin/organizers');
      const page = await t.app.inject({ url: '/api/docs/', headers: { cookie } });
      expect(page.statusCode, role).toBe(200);
    }
  }, 60_000);
});

describe('API documentation open to anyone (API_DOCS=public)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ env: { API_DOCS: 'public' } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers anonymous readers', async () => {
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });
});
