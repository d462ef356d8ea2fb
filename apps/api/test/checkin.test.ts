/**
 * Check-in at the gate: lists, every redeem answer, nonce idempotency,
 * parallel redeems of one pass admitting it once, entry/exit and re-entry, offline conflicts,
 * the scanner's sync data and the console's counts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckinAttendeesSchema,
  CheckinCountsSchema,
  CheckinListsSchema,
  CheckinSyncSchema,
  parsePassToken,
  RedeemResultSchema,
  type RedeemRequestInput,
} from '@festival/shared';
import { auditLog, orders, passes, registrations } from '../src/db/schema.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { buyPasses as buyPassesOf, createCheckinList } from './checkin-helpers.js';
import { insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
let ticketTypeId: number;
let otherTicketTypeId: number;

/** Seeded edition: 20–21 October 2024 (Asia/Kolkata). */
const DAY_1 = '2024-10-20T05:00:00Z';
const DAY_2 = '2024-10-21T05:00:00Z';
const BEFORE = '2024-10-19T05:00:00Z';

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
  ticketTypeId = await insertTicketType(t.app.db, { capacity: 50 });
  otherTicketTypeId = await insertTicketType(t.app.db, { capacity: 50 });
}, 60_000);
afterAll(async () => t?.close());

/** Buys `count` passes of a ticket type; returns them with their QR tokens. */
async function buyPasses(count: number, ticketType = ticketTypeId) {
  return (await buyPassesOf(t.app, ticketType, count)).passes;
}

function createList(body: Record<string, unknown> = {}) {
  return createCheckinList(t.app, signedIn, [ticketTypeId], body);
}

function redeemRaw(body: Partial<RedeemRequestInput>, role: 'gate' | 'manager' = 'gate') {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/checkin/redeem',
    headers: headersOf(signedIn, role),
    payload: { scannedAt: DAY_1, nonce: randomUUID(), gate: 'North', ...body },
  });
}

async function redeem(body: Partial<RedeemRequestInput>) {
  const response = await redeemRaw(body);
  expect(response.statusCode, response.body).toBe(200);
  return RedeemResultSchema.parse(response.json().data);
}

describe('check-in lists', () => {
  it('are created, changed and deleted by managers, with audit rows, and read by the gate', async () => {
    const list = await createList({ name: 'VIP entrance', days: [2], allowReentry: false });
    expect(list).toMatchObject({
      name: 'VIP entrance',
      days: [2],
      allowReentry: false,
      checkedIn: 0,
      inside: 0,
    });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/checkin/lists/${list.id}`,
      headers: headersOf(signedIn, 'manager'),
      payload: { days: [1, 2] },
    });
    expect(patched.json().data.days).toEqual([1, 2]);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/checkin/lists',
      headers: headersOf(signedIn, 'gate'),
    });
    const lists = CheckinListsSchema.parse(read.json().data);
    expect(lists.editionDays).toEqual([
      { day: 1, date: '2024-10-20' },
      { day: 2, date: '2024-10-21' },
    ]);
    expect(lists.items.map((item) => item.id)).toContain(list.id);
    const gateEdit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/checkin/lists/${list.id}`,
      headers: headersOf(signedIn, 'gate'),
      payload: { name: 'No' },
    });
    expect(gateEdit.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/checkin/lists/${list.id}`,
      headers: headersOf(signedIn, 'manager'),
    });
    expect(removed.statusCode).toBe(200);
    const actions = (await t.app.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['checkin_list.create', 'checkin_list.update', 'checkin_list.delete']),
    );
  });

  it('refuse days and ticket types outside the edition', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/checkin/lists',
      headers: headersOf(signedIn, 'owner'),
      payload: {
        name: 'Bad',
        ticketTypeIds: [ticketTypeId, 99_999],
        days: [3],
        allowExit: false,
        allowReentry: false,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      ticketTypeIds: expect.any(String),
      days: expect.any(String),
    });
  });
});

describe('redeem', () => {
  it('admits a signed pass with the name and ticket type, then answers already_redeemed with when and where', async () => {
    const list = await createList({ allowReentry: false });
    const [pass] = await buyPasses(1);
    const first = await redeem({ code: pass!.token, listId: list.id });
    expect(first).toMatchObject({
      status: 'ok',
      passCode: pass!.code,
      attendeeName: expect.stringMatching(/^Attendee /),
    });
    expect(first.ticketTypeName).toMatch(/^Test Pass/);
    const again = await redeem({ code: pass!.token, listId: list.id, gate: 'South', scannedAt: DAY_2 });
    expect(again).toMatchObject({
      status: 'already_redeemed',
      previous: { at: '2024-10-20T05:00:00.000Z', gate: 'North' },
    });
    const [row] = await t.app.db.select().from(passes).where(eq(passes.id, pass!.id));
    expect(row?.checkedInAt?.toISOString()).toBe('2024-10-20T05:00:00.000Z');
  });

  it('admits by the printed pass code, typed in lower case', async () => {
    const list = await createList();
    const [pass] = await buyPasses(1);
    expect(await redeem({ code: pass!.code.toLowerCase(), listId: list.id })).toMatchObject({ status: 'ok' });
  });

  it('answers invalid, revoked, unpaid, wrong_day and product', async () => {
    const list = await createList({ days: [1] });
    const [valid, revoked, unpaid] = await buyPasses(3);
    const tampered = `${valid!.token.slice(0, 40)}${valid!.token[40] === 'A' ? 'B' : 'A'}${valid!.token.slice(41)}`;
    expect((await redeem({ code: tampered, listId: list.id })).status).toBe('invalid');
    expect((await redeem({ code: 'SFG-ZZZZZZZZZZ', listId: list.id })).status).toBe('invalid');
    expect((await redeem({ code: 'hello', listId: list.id })).status).toBe('invalid');

    await t.app.db.update(passes).set({ revokedAt: new Date() }).where(eq(passes.id, revoked!.id));
    expect(await redeem({ code: revoked!.token, listId: list.id })).toMatchObject({
      status: 'revoked',
      passCode: revoked!.code,
    });

    const [otherOrder] = await buyPasses(1);
    await t.app.db.update(orders).set({ status: 'refund_due' }).where(eq(orders.id, otherOrder!.orderId));
    expect((await redeem({ code: otherOrder!.token, listId: list.id })).status).toBe('unpaid');

    expect((await redeem({ code: unpaid!.token, listId: list.id, scannedAt: DAY_2 })).status).toBe(
      'wrong_day',
    );
    expect((await redeem({ code: unpaid!.token, listId: list.id, scannedAt: BEFORE })).status).toBe(
      'wrong_day',
    );

    const [other] = await buyPasses(1, otherTicketTypeId);
    expect((await redeem({ code: other!.token, listId: list.id })).status).toBe('product');
    expect((await redeem({ code: valid!.token, listId: list.id })).status).toBe('ok');
  });

  it('records one scan for the same nonce sent twice, and answers it the same', async () => {
    const list = await createList({ allowReentry: false });
    const [pass] = await buyPasses(1);
    const nonce = randomUUID();
    const first = await redeem({ code: pass!.token, listId: list.id, nonce });
    const retried = await redeem({ code: pass!.token, listId: list.id, nonce });
    expect(first.status).toBe('ok');
    expect(retried).toEqual(first);
    const counts = await countsOf(list.id);
    expect(counts.checkedIn).toBe(1);
    expect(counts.byGate).toEqual([{ gate: 'North', entries: 1, exits: 0 }]);
  });

  it('admits a pass once when gates redeem it in parallel', async () => {
    const list = await createList({ allowReentry: false });
    const [pass] = await buyPasses(1);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        redeem({ code: pass!.token, listId: list.id, gate: `Gate ${index}` }),
      ),
    );
    expect(results.filter((result) => result.status === 'ok')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'already_redeemed')).toHaveLength(7);
  });

  it('lets a pass out and back in when re-entry is allowed, and counts who is inside', async () => {
    const list = await createList({ allowReentry: true, allowExit: true });
    const [pass, other] = await buyPasses(2);
    expect((await redeem({ code: pass!.token, listId: list.id })).status).toBe('ok');
    expect((await redeem({ code: other!.token, listId: list.id })).status).toBe('ok');
    expect((await redeem({ code: pass!.token, listId: list.id })).status).toBe('already_redeemed');
    expect(
      (
        await redeem({
          code: pass!.token,
          listId: list.id,
          direction: 'exit',
          scannedAt: '2024-10-20T06:00:00Z',
        })
      ).status,
    ).toBe('ok');
    expect((await countsOf(list.id)).inside).toBe(1);
    expect(
      (await redeem({ code: pass!.token, listId: list.id, scannedAt: '2024-10-20T07:00:00Z' })).status,
    ).toBe('ok');
    const counts = await countsOf(list.id);
    expect(counts).toMatchObject({ checkedIn: 2, inside: 2 });
    expect(counts.byHour).toEqual([
      { hour: '2024-10-20T10:00', entries: 2, exits: 0 },
      { hour: '2024-10-20T11:00', entries: 0, exits: 1 },
      { hour: '2024-10-20T12:00', entries: 1, exits: 0 },
    ]);
  });

  it('refuses exits on a list that scans entries only', async () => {
    const list = await createList({ allowExit: false });
    const [pass] = await buyPasses(1);
    const response = await redeemRaw({ code: pass!.token, listId: list.id, direction: 'exit' });
    expect(response.statusCode).toBe(400);
  });

  it('keeps both scans of a pass admitted at two offline gates and flags the conflict', async () => {
    const list = await createList({ allowReentry: false });
    const [pass] = await buyPasses(1);
    const north = await redeem({ code: pass!.token, listId: list.id, offline: true, gate: 'North' });
    const south = await redeem({
      code: pass!.token,
      listId: list.id,
      offline: true,
      gate: 'South',
      scannedAt: '2024-10-20T05:00:30Z',
    });
    expect(north).toMatchObject({ status: 'ok', conflict: false });
    expect(south).toMatchObject({ status: 'already_redeemed', conflict: true, previous: { gate: 'North' } });
    const counts = await countsOf(list.id);
    expect(counts).toMatchObject({ checkedIn: 1, inside: 1, conflicts: 1 });
    expect(counts.conflictScans).toEqual([
      {
        passCode: pass!.code,
        attendeeName: expect.any(String),
        at: '2024-10-20T05:00:30.000Z',
        gate: 'South',
      },
    ]);
    expect(counts.byGate).toEqual([
      { gate: 'North', entries: 1, exits: 0 },
      { gate: 'South', entries: 1, exits: 0 },
    ]);
  });
});

describe('scanner sync and search', () => {
  it("gives a list's valid passes, the revocation list, the keys and who is inside", async () => {
    const list = await createList();
    const [kept, revoked] = await buyPasses(2);
    const [elsewhere] = await buyPasses(1, otherTicketTypeId);
    await t.app.db.update(passes).set({ revokedAt: new Date() }).where(eq(passes.id, revoked!.id));
    await redeem({ code: kept!.token, listId: list.id });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/checkin/lists/${list.id}/sync`,
      headers: headersOf(signedIn, 'gate'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const sync = CheckinSyncSchema.parse(response.json().data);
    const ids = sync.passes.map((pass) => pass.id);
    expect(ids).toContain(kept!.id);
    expect(ids).not.toContain(revoked!.id);
    expect(ids).not.toContain(elsewhere!.id);
    expect(sync.revoked).toContain(revoked!.id);
    expect(sync.entered).toEqual([kept!.id]);
    expect(sync.keys.map((key) => key.keyId)).toContain(parsePassToken(kept!.token)?.claims.keyId);
    expect(sync.event.startsAt).toBe('2024-10-20T04:30:00.000Z');
  });

  it('finds whether a person has arrived by name, code or whole email, and names them without it', async () => {
    const list = await createList();
    const [arrived, away] = await buyPasses(2);
    await redeem({ code: arrived!.token, listId: list.id });
    const search = async (q: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/checkin/lists/${list.id}/attendees?q=${encodeURIComponent(q)}`,
        headers: headersOf(signedIn, 'gate'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain('@');
      return CheckinAttendeesSchema.parse(response.json().data).items;
    };
    const [holder] = await t.app.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, arrived!.registrationId));
    expect(await search(holder!.email.toUpperCase())).toEqual([
      expect.objectContaining({ passCode: arrived!.code, name: holder!.name }),
    ]);
    // A fragment of an address lists nobody: a steward cannot page through the addresses.
    expect(await search('@example.com')).toEqual([]);
    expect(await search(arrived!.code.toLowerCase())).toEqual([
      expect.objectContaining({
        passCode: arrived!.code,
        arrivedAt: DAY_1.replace('Z', '.000Z'),
        inside: true,
      }),
    ]);
    expect(await search(away!.code)).toEqual([expect.objectContaining({ arrivedAt: null, inside: false })]);
  });
});

async function countsOf(listId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/checkin/lists/${listId}/counts`,
    headers: headersOf(signedIn, 'manager'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return CheckinCountsSchema.parse(response.json().data);
}
