/**
 * Award categories and content collections per edition (the spec's /awards, /cms/{id} and
 * /sponser-2024 pages): organizers keep the current edition's award categories (roles,
 * audit, delete only while empty), a voter votes once in each category, and a second edition's
 * categories, votes and content entries do not collide with the first's, whose remain the
 * archive. Organizers sign in for real; votes go through the emailed code.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizerRole, PublicAwards } from '@festival/shared';
import { auditLog, votes } from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import { declaredRoles, headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { outbox } from './registration-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
// Installed before 20 September 2024, so the seed makes the spec's edition the current one.
let clock = new Date('2024-09-15T06:00:00Z');

beforeAll(async () => {
  t = await build({ now: () => clock });
  clock = new Date('2024-10-20T06:00:00Z');
  signedIn = await signInEveryRole(t.app);
}, 60_000);
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function admin(method: Method, url: string, role: OrganizerRole = 'content', payload?: object) {
  return t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: headersOf(signedIn, role),
    ...(payload ? { payload } : {}),
  });
}

let nextAddress = 1;
/** Casts a vote for nominee `id` the way the popup does: send, read the emailed code, verify. */
async function vote(email: string, id: number) {
  const remoteAddress = `10.9.0.${nextAddress++}`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/auth/send-otp/AwardVoting',
    payload: { email, id },
    remoteAddress,
  });
  if (sent.statusCode !== 200) return sent;
  const mails = (await outbox(t.dataDir)).filter((mail) => JSON.stringify(mail.to).includes(email));
  const code = /^\s+(\d{6})$/m.exec(mails.at(-1)?.text ?? '')![1]!;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp/AwardVoting',
    payload: { email, otp: code, id },
    remoteAddress,
  });
}

const alreadyVoted = { isOk: false, error: 'Email already exists.', message: 'Email already exists.' };

async function publicAwards(): Promise<PublicAwards> {
  const response = await t.app.inject({ url: '/api/awards' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function addNominee(title: string, awardCategoryId: number): Promise<number> {
  const created = await admin('POST', '/pages', 'content', {
    title,
    html: `<p>${title}</p>`,
    awardCategoryId,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id;
}

describe('award categories in the console', () => {
  it('are read by every role but the gate and changed by owners, managers and content organizers', () => {
    expect(declaredRoles(t.app, 'GET', '/api/admin/award-categories')).toEqual([
      'owner',
      'manager',
      'finance',
      'content',
    ]);
    for (const [method, url] of [
      ['POST', '/api/admin/award-categories'],
      ['PUT', '/api/admin/award-categories/order'],
      ['PUT', '/api/admin/award-categories/:id'],
      ['DELETE', '/api/admin/award-categories/:id'],
    ] as const) {
      expect(declaredRoles(t.app, method, url), url).toEqual(['owner', 'manager', 'content']);
    }
  });

  it('lists the seeded 2024 categories with their nominees and refuses finance a change', async () => {
    const list = await admin('GET', '/award-categories', 'finance');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: expect.any(Number), name: 'Best Agri-Tech Startup', position: 1, nominees: 1, votes: 0 },
      {
        id: expect.any(Number),
        name: 'Rural Healthcare Innovation Award',
        position: 2,
        nominees: 1,
        votes: 0,
      },
      { id: expect.any(Number), name: 'Best Fin-Tech for Bharat', position: 3, nominees: 1, votes: 0 },
      { id: expect.any(Number), name: 'Edu-Tech Impact Award', position: 4, nominees: 1, votes: 0 },
    ]);
    expect((await admin('POST', '/award-categories', 'finance', { name: 'X' })).statusCode).toBe(403);
    expect((await admin('POST', '/award-categories', 'gate', { name: 'X' })).statusCode).toBe(403);
  });

  it('adds, renames, reorders and deletes an empty category, each audited', async () => {
    const created = await admin('POST', '/award-categories', 'content', {
      name: '  Best Women-Led Startup ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json().data;
    expect(category).toMatchObject({ name: 'Best Women-Led Startup', position: 5, nominees: 0, votes: 0 });

    const duplicate = await admin('POST', '/award-categories', 'content', { name: 'Best Women-Led Startup' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual({ name: 'This edition already has a category of that name' });
    expect((await admin('POST', '/award-categories', 'content', { name: ' ' })).json().errors).toEqual({
      name: 'Category name is required',
    });

    const renamed = await admin('PUT', `/award-categories/${category.id}`, 'manager', {
      name: 'Best Women-Led Rural Startup',
    });
    expect(renamed.json().data).toMatchObject({ id: category.id, name: 'Best Women-Led Rural Startup' });
    const taken = await admin('PUT', `/award-categories/${category.id}`, 'manager', {
      name: 'Best Agri-Tech Startup',
    });
    expect(taken.statusCode).toBe(400);

    const ids: number[] = (await admin('GET', '/award-categories'))
      .json()
      .data.map((row: { id: number }) => row.id);
    const reordered = await admin('PUT', '/award-categories/order', 'content', {
      ids: [category.id, ...ids.slice(0, -1)],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data[0]).toMatchObject({ id: category.id, position: 1 });
    expect(
      (await admin('PUT', '/award-categories/order', 'content', { ids: [category.id] })).statusCode,
    ).toBe(400);

    const deleted = await admin('DELETE', `/award-categories/${category.id}`, 'owner');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await admin('DELETE', `/award-categories/${category.id}`, 'owner')).statusCode).toBe(404);

    const audit = await t.app.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'award_category'), eq(auditLog.entityId, String(category.id))))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual([
      'award_category.create',
      'award_category.rename',
      'award_category.delete',
    ]);
    expect(audit[1]).toMatchObject({
      before: { name: 'Best Women-Led Startup' },
      after: { name: 'Best Women-Led Rural Startup' },
    });
  });

  it('keeps a category with nominees, and a nominee with votes in its category', async () => {
    const [agri] = (await admin('GET', '/award-categories'))
      .json()
      .data.filter((row: { name: string }) => row.name === 'Best Agri-Tech Startup');
    const refused = await admin('DELETE', `/award-categories/${agri.id}`, 'owner');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Only an empty category can be deleted: move its nominee pages to another category first.',
    );

    const other = (await admin('POST', '/award-categories', 'content', { name: 'Jury Award' })).json().data;
    expect((await vote('keeper@voter.example', 1)).statusCode).toBe(200);
    const moved = await admin('PUT', '/pages/1', 'content', {
      title: 'KrishiSetu',
      html: '<p>x</p>',
      awardCategoryId: other.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({
      awardCategoryId: 'This nominee has votes: it stays in its category',
    });
    expect((await admin('DELETE', `/award-categories/${other.id}`, 'owner')).statusCode).toBe(200);
  });
});

describe('one vote per email in each award category', () => {
  it('lets a voter vote once in each category, and refuses a second nominee of the same category', async () => {
    const [agri] = (await admin('GET', '/award-categories'))
      .json()
      .data.filter((row: { name: string }) => row.name === 'Best Agri-Tech Startup');
    const rival = await addNominee('Khet Mitra', agri.id);
    const email = 'every.category@voter.example';
    expect((await vote(email, 1)).statusCode).toBe(200);
    expect((await vote(email, 2)).statusCode).toBe(200);

    const sameCategory = await vote(email, rival);
    expect(sameCategory.statusCode).toBe(409);
    expect(sameCategory.json()).toEqual(alreadyVoted);
    expect(await t.app.db.$count(votes, eq(votes.email, email))).toBe(2);

    // Without a nominee (the original popup's call) the email is refused once it voted everywhere.
    const send = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-otp/AwardVoting',
        payload: body,
        remoteAddress: '10.9.1.1',
      });
    expect((await send({ email })).statusCode).toBe(200);
    for (const id of [3, 4]) expect((await vote(email, id)).statusCode).toBe(200);
    expect((await send({ email })).json()).toEqual(alreadyVoted);
  });
});

describe('a second edition', () => {
  let edition2025: { id: number; slug: string };
  let category2025: number;
  let nominee2025: number;

  beforeAll(async () => {
    clock = new Date('2024-11-01T06:30:00Z');
    const created = await admin('POST', '/editions', 'owner', {
      name: 'Startup Fest Gujarat 2025',
      startsAt: '2025-10-18T10:00:00+05:30',
      endsAt: '2025-10-19T19:00:00+05:30',
      venue: 'Gujarat Science City, Ahmedabad',
      venueMapUrl: 'https://www.google.com/maps/search/?api=1&query=Gujarat+Science+City',
    });
    expect(created.statusCode, created.body).toBe(201);
    edition2025 = created.json().data;
  });

  it('starts with no categories: the 2024 ones, their nominees and votes are the archive', async () => {
    expect((await admin('GET', '/award-categories')).json().data).toEqual([]);
    const awards = await publicAwards();
    expect(awards.current).toMatchObject({ name: 'Startup Fest Gujarat 2025', year: 2025, categories: [] });
    expect(awards.archive).toHaveLength(1);
    expect(awards.archive[0]).toMatchObject({ slug: '2024', year: 2024, votingOpen: false });
    expect(awards.archive[0]!.categories[0]!.nominees).toContainEqual({
      id: 1,
      title: 'KrishiSetu',
      path: '/cms/1',
    });

    // 2024's nominees are no longer voted for.
    const late = await vote('late@voter.example', 1);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ isOk: false, message: 'Voting is closed.' });
    const results = (await admin('GET', '/voting', 'finance')).json().data;
    expect(results).toMatchObject({ edition: 'Startup Fest Gujarat 2025', totalVotes: 0, categories: [] });
  });

  it('has categories of its own, even with a 2024 name, and a 2024 voter votes again', async () => {
    const created = await admin('POST', '/award-categories', 'content', { name: 'Best Agri-Tech Startup' });
    expect(created.statusCode, created.body).toBe(201);
    category2025 = created.json().data.id;
    nominee2025 = await addNominee('Beej Bank', category2025);
    // A nominee goes into the current edition's categories only.
    const old = (await publicAwards()).archive[0]!.categories[0]!.id;
    const refused = await admin('POST', '/pages', 'content', {
      title: 'Old',
      html: '',
      awardCategoryId: old,
    });
    expect(refused.json().errors).toEqual({
      awardCategoryId: 'Choose one of this edition’s award categories',
    });
    // Editing a 2024 nominee keeps its 2024 category.
    expect(
      (
        await admin('PUT', '/pages/1', 'content', {
          title: 'KrishiSetu',
          html: '<p>2024</p>',
          awardCategoryId: old,
        })
      ).statusCode,
    ).toBe(200);

    const voter = 'every.category@voter.example';
    expect((await vote(voter, nominee2025)).statusCode).toBe(200);
    expect((await vote(voter, nominee2025)).json()).toEqual(alreadyVoted);
    expect(await t.app.db.$count(votes, eq(votes.email, voter))).toBe(5);

    const results = (await admin('GET', '/voting', 'finance')).json().data;
    expect(results.totalVotes).toBe(1);
    expect(results.categories).toEqual([
      {
        id: category2025,
        name: 'Best Agri-Tech Startup',
        votes: 1,
        nominees: [expect.objectContaining({ id: nominee2025, title: 'Beej Bank', votes: 1 })],
      },
    ]);
    const awards = await publicAwards();
    expect(awards.current).toMatchObject({
      votingOpen: true,
      categories: [
        {
          id: category2025,
          name: 'Best Agri-Tech Startup',
          nominees: [{ id: nominee2025, title: 'Beej Bank' }],
        },
      ],
    });
  });

  it('closes voting per edition', async () => {
    expect((await admin('PUT', '/voting/state', 'content', { open: false })).statusCode).toBe(200);
    expect((await publicAwards()).current.votingOpen).toBe(false);
    expect((await vote('closed@voter.example', nominee2025)).json()).toEqual({
      isOk: false,
      message: 'Voting is closed.',
    });
    expect((await admin('PUT', '/voting/state', 'content', { open: true })).statusCode).toBe(200);
  });

  it('lists its own content; the 2024 entries are the archive, by slug or year', async () => {
    const current = await t.app.inject({ url: '/api/content/sponsors' });
    expect(current.json().data).toEqual([]);
    const editions = await t.app.inject({ url: '/api/content/sponsors/editions' });
    expect(editions.json().data).toEqual({
      current: { slug: edition2025.slug, name: 'Startup Fest Gujarat 2025', year: 2025 },
      archive: [{ slug: '2024', name: 'Startup Fest Gujarat 2024', year: 2024, entries: 22 }],
    });
    const archive = await t.app.inject({ url: '/api/content/sponsors/editions/2024' });
    expect(archive.statusCode).toBe(200);
    expect(archive.json().data.edition).toEqual({
      slug: '2024',
      name: 'Startup Fest Gujarat 2024',
      year: 2024,
    });
    expect(archive.json().data.items).toHaveLength(22);
    expect((await t.app.inject({ url: '/api/content/sponsors/editions/1999' })).statusCode).toBe(404);

    // The console adds to and orders the current edition's entries only.
    const added = await admin('POST', '/content/sponsors', 'content', {
      name: 'Gujarat Agro Bank',
      caption: '',
      group: '',
      linkUrl: null,
      image: {
        url: '/images/sponsors/sample-sponsor-1.svg',
        width: 320,
        height: 160,
        alt: 'Gujarat Agro Bank',
      },
      sample: false,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.position).toBe(1);
    const consoleList = (await admin('GET', '/content/sponsors')).json().data;
    expect(consoleList.map((row: { name: string }) => row.name)).toEqual(['Gujarat Agro Bank']);
    const old = archive.json().data.items[0].id;
    expect((await admin('DELETE', `/content/sponsors/${old}`)).statusCode).toBe(404);

    // Each address is its own entry of the public-read cache, dropped by the console's change.
    expect(
      (await t.app.inject({ url: '/api/content/sponsors' }))
        .json()
        .data.map((row: { name: string }) => row.name),
    ).toEqual(['Gujarat Agro Bank']);
    expect(
      (await t.app.inject({ url: '/api/content/sponsors/editions/2024' })).json().data.items,
    ).toHaveLength(22);
    const byYear = await t.app.inject({ url: `/api/content/sponsors/editions/2025` });
    expect(byYear.json().data.edition.slug).toBe(edition2025.slug);
    expect(byYear.json().data.items).toHaveLength(1);
  });
});
