/**
 * Award voting in the console: results per nominee with suspicious patterns flagged (disposable-mail
 * domains from mailchecker's list, busy client addresses), closing and reopening voting, and
 * the CSV export with formula injection neutralised.
 */
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_ADDRESS_VOTES } from '@festival/shared';
import { cmsPages, votes } from '../src/db/schema.js';
import { csvStream, neutraliseFormula } from '../src/lib/csv.js';
import { listVotesForExport, setVoting, votingResults } from '../src/modules/voting/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { eq } from 'drizzle-orm';
import { awardCategoryOf } from './voting-helpers.js';

let t: TestContext;
const content = { organizerId: 'organizer-content', email: 'content@festival.test', ip: '192.0.2.20' };
let nominees: { id: number; title: string }[];

beforeAll(async () => {
  // The 2024 edition, whose nominees these votes are for, is the current one on this clock.
  t = await build({ now: clockFrom() });
  nominees = await t.app.db
    .select({ id: cmsPages.id, title: cmsPages.title })
    .from(cmsPages)
    .where(eq(cmsPages.kind, 'nominee'))
    .orderBy(cmsPages.id);
});
afterAll(async () => t?.close());

async function castVotes(rows: { email: string; nominee: number; ip?: string }[]) {
  const values = [];
  for (const row of rows) {
    const awardCategoryId = await awardCategoryOf(t.app.db, row.nominee);
    values.push({ email: row.email, cmsPageId: row.nominee, awardCategoryId, ip: row.ip ?? null });
  }
  await t.app.db.insert(votes).values(values);
}

describe('voting results', () => {
  it('counts verified votes per category and nominee and flags disposable domains and busy addresses', async () => {
    const [first, second] = nominees;
    await castVotes([
      { email: 'asha@gmail.com', nominee: first!.id, ip: '203.0.113.1' },
      { email: 'ravi@company.in', nominee: first!.id, ip: '203.0.113.2' },
      { email: 'bot1@mailinator.com', nominee: second!.id, ip: '203.0.113.3' },
      ...Array.from({ length: BUSY_ADDRESS_VOTES }, (_, index) => ({
        email: `farm${index}@company.in`,
        nominee: second!.id,
        ip: '198.51.100.7',
      })),
    ]);
    const results = await votingResults(t.app.db);
    expect(results.open).toBe(true);
    expect(results.totalVotes).toBe(3 + BUSY_ADDRESS_VOTES);
    expect(results.edition).toBe('Startup Fest Gujarat 2024');
    // The seed's four nominees are in four categories, in the categories' order.
    expect(results.categories.map((category) => category.nominees.map((nominee) => nominee.id))).toEqual(
      nominees.map((nominee) => [nominee.id]),
    );
    const resultOf = (id: number) =>
      results.categories.flatMap((category) => category.nominees).find((nominee) => nominee.id === id);
    expect(resultOf(second!.id)).toMatchObject({
      votes: 1 + BUSY_ADDRESS_VOTES,
      flaggedVotes: 1 + BUSY_ADDRESS_VOTES,
    });
    expect(resultOf(first!.id)).toMatchObject({ votes: 2, flaggedVotes: 0 });
    expect(results.categories[1]).toMatchObject({
      name: 'Rural Healthcare Innovation Award',
      votes: 1 + BUSY_ADDRESS_VOTES,
    });
    expect(results.flags).toEqual({
      disposableDomains: [{ domain: 'mailinator.com', votes: 1 }],
      busyAddresses: [{ ip: '198.51.100.7', votes: BUSY_ADDRESS_VOTES }],
    });
  });
});

describe('closing voting', () => {
  it('refuses new codes and votes with "Voting is closed." until reopened', async () => {
    await setVoting(t.app.db, false, content, new Date());
    // Called as the console's route does, whose answer drops the kept edition (public cache).
    await t.app.publicCache.invalidate();
    expect((await votingResults(t.app.db)).open).toBe(false);
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/AwardVoting',
      payload: { email: 'late.voter@example.com', id: nominees[0]!.id },
    });
    expect(send.statusCode).toBe(409);
    expect(send.json()).toEqual({ isOk: false, message: 'Voting is closed.' });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp/AwardVoting',
      payload: { email: 'late.voter@example.com', otp: '123456', id: nominees[0]!.id },
    });
    expect(verify.statusCode).toBe(409);

    await setVoting(t.app.db, true, content, new Date());
    await t.app.publicCache.invalidate();
    const reopened = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/AwardVoting',
      payload: { email: 'late.voter@example.com', id: nominees[0]!.id },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
  });
});

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil")')).toBe(`'=HYPERLINK("http://evil")`);
    for (const start of ['+', '-', '@', '\t', '\r'])
      expect(neutraliseFormula(`${start}1`)).toBe(`'${start}1`);
    expect(neutraliseFormula('Asha')).toBe('Asha');
  });

  it('streams every vote with a header, quoted as CSV', async () => {
    await castVotes([{ email: '=cmd|calc@example.com', nominee: nominees[0]!.id }]);
    const rows = await listVotesForExport(t.app.db);
    const csv = await text(
      csvStream(rows, [
        { header: 'Email', value: (vote) => vote.email },
        { header: 'Nominee', value: (vote) => vote.nominee },
      ]),
    );
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Email,Nominee');
    expect(lines).toHaveLength(rows.length + 1);
    expect(csv).toContain(`'=cmd|calc@example.com,`);
  });
});
