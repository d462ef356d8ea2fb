/**
 * Every organizer operation of the OpenAPI document, called anonymously and by an organizer of
 * every role, with the plain path and with other spellings of it that a router or a proxy may
 * read as the same address: percent-encoded letters, doubled slashes, dot segments, upper case,
 * a trailing slash, `;` and an encoded `/` inside an id. Whatever reaches the route must get the
 * role table's answer (anonymous 401, a role the route does not list 403); a spelling that
 * reaches no route gets a JSON 404, never a page of the site. The site is served beside the API
 * here, as in production, so that its fallback could not hide or stand in for an API answer.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ORGANIZER_ROLES, type OrganizerRole } from '@festival/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';

let ctx: TestContext;
const cookies = new Map<OrganizerRole, string>();

interface Operation {
  method: string;
  /** The OpenAPI path, `{param}` style. */
  path: string;
  roles: readonly string[];
}
const operations: Operation[] = [];

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'festival-spellings-'));
  await mkdir(path.join(root, 'admin'));
  await writeFile(path.join(root, 'index.html'), '<p>home page</p>');
  await writeFile(path.join(root, '__spa-fallback.html'), '<p>site fallback</p>');
  await writeFile(path.join(root, 'admin', 'index.html'), '<p>console shell</p>');
  ctx = await build({ env: { WEB_DIST_DIR: root } });
  for (const role of ORGANIZER_ROLES) cookies.set(role, (await signedInOrganizer(ctx.app, role)).cookie);

  const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const rolesOf = new Map(ctx.app.adminRoutes.map((route) => [`${route.method} ${route.url}`, route.roles]));
  for (const [openApiPath, methods] of Object.entries(document.paths)) {
    if (!openApiPath.startsWith('/api/admin/')) continue;
    for (const method of Object.keys(methods)) {
      const fastifyPath = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
      const roles = rolesOf.get(`${method.toUpperCase()} ${fastifyPath}`);
      if (!roles) throw new Error(`${method} ${openApiPath} is in the document but not a guarded route`);
      operations.push({ method: method.toUpperCase(), path: openApiPath, roles });
    }
  }
}, 120_000);
afterAll(async () => ctx?.close());

/** The operation's path with every parameter set to `id`. */
function fill(openApiPath: string, id: string): string {
  return openApiPath.replace(/\{[^}]+\}/g, id);
}

/** Spellings of one operation's address, by name. */
function spellings(openApiPath: string): Record<string, string> {
  const plain = fill(openApiPath, 'x1');
  const rest = plain.slice('/api/admin'.length);
  const spelt: Record<string, string> = {
    plain,
    '%61dmin': `/api/%61dmin${rest}`,
    'admi%6E': `/api/admi%6E${rest}`,
    'admi%6e': `/api/admi%6e${rest}`,
    '%61pi': `/%61pi/admin${rest}`,
    'every letter encoded': plain.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`),
    'leading //': `/${plain}`,
    'inner //': `/api//admin${rest}`,
    '/./': `/api/./admin${rest}`,
    '/x/../': `/api/x/../admin${rest}`,
    '/%2e/': `/api/%2e/admin${rest}`,
    'upper case': plain.toUpperCase(),
    'upper case prefix': `/API/ADMIN${rest}`,
    'trailing slash': `${plain}/`,
    'trailing ;': `${plain};x=1`,
    'prefix ;': `/api/admin;x=1${rest}`,
  };
  if (openApiPath.includes('{')) {
    spelt['; in id'] = fill(openApiPath, 'x1;role=owner');
    spelt['%2F in id'] = fill(openApiPath, 'x1%2F..%2F..%2Forganizers');
    spelt['%2F..%2F in id'] = fill(openApiPath, '..%2F..%2Fme');
  }
  return spelt;
}

function call(method: string, url: string, headers: Record<string, string>) {
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  return ctx.app.inject({ method: method as 'GET', url, headers, ...(hasBody ? { payload: {} } : {}) });
}

/** What a spelling may be answered when `expected` is the role table's status for the caller. */
function expectAnswer(
  response: Awaited<ReturnType<typeof call>>,
  expected: 401 | 403 | 'through',
  where: string,
) {
  const status = response.statusCode;
  const detail = `${where} → ${status} ${response.body.slice(0, 120)}`;
  if (status === 404) {
    // Reached no route: the API's own answer, not a page of the site standing in for it.
    expect(response.headers['content-type'], detail).toMatch(/^application\/json/);
    return;
  }
  if (expected === 'through') expect([401, 403], detail).not.toContain(status);
  else expect(status, detail).toBe(expected);
}

describe('organizer operations under every spelling of their path', () => {
  it('are all in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
    const documented = new Set(
      operations.map((op) => `${op.method} ${op.path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    const hidden = ctx.app.adminRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !documented.has(route));
    expect(hidden).toEqual([]);
  });

  it('answer anonymous callers 401 (or reach no route)', async () => {
    for (const op of operations) {
      for (const [name, url] of Object.entries(spellings(op.path))) {
        const methods = op.method === 'GET' ? ['GET', 'HEAD'] : [op.method];
        for (const method of methods) {
          const response = await call(method, url, { origin: ORIGIN });
          expectAnswer(response, 401, `anonymous ${method} ${op.path} as ${name} (${url})`);
        }
      }
    }
  }, 120_000);

  it('answer each role as the role table says (or reach no route)', async () => {
    for (const op of operations) {
      for (const [name, url] of Object.entries(spellings(op.path))) {
        for (const role of ORGANIZER_ROLES) {
          const response = await call(op.method, url, { origin: ORIGIN, cookie: cookies.get(role)! });
          const expected = op.roles.includes(role) ? 'through' : 403;
          expectAnswer(response, expected, `${role} ${op.method} ${op.path} as ${name} (${url})`);
        }
      }
    }
  }, 300_000);

  it('refuse a cross-site change with the session of a role the route lists', async () => {
    for (const op of operations) {
      if (op.method === 'GET') continue;
      const role = ORGANIZER_ROLES.find((candidate) => op.roles.includes(candidate))!;
      for (const [name, url] of Object.entries(spellings(op.path))) {
        const response = await call(op.method, url, {
          origin: 'https://attacker.example',
          cookie: cookies.get(role)!,
        });
        expectAnswer(response, 403, `cross-site ${role} ${op.method} ${op.path} as ${name} (${url})`);
      }
    }
  }, 120_000);
});

describe('addresses no route answers', () => {
  it('are JSON 404s when they spell the API, whatever the spelling', async () => {
    for (const url of [
      '/%61pi/nothing-here',
      '//api/nothing',
      '/API/ADMIN/x',
      '/x/../api/none',
      '/api%2Fadmin',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('are pages of the site otherwise', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/no-such-page' });
    // The fallback page, whose router shows the not-found page, with the status of a path the site does not have.
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('site fallback');
  });
});
