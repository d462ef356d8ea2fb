/**
 * The scanner's incremental sync: the first sync answers in full with a
 * cursor; a sync with that cursor answers only the passes that changed since — a new pass, a
 * revoked or refunded one, a renamed holder, an admitted scan — and nothing when nothing did; a
 * cursor it cannot use (garbled, another list, the list's rule changed) gets the full answer.
 * Passes the list does not admit — another ticket type, an unpaid order, a downgraded attendee's
 * — are named in full (`notOnList`) and in a delta (no pass, not revoked), a cancelled attendee's
 * as revoked, so an offline scanner refuses their QR codes. On PostgreSQL, a change whose transaction began before a sync and committed after it still
 * reaches the next one.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckinSyncAnswerSchema, type CheckinSyncAnswer, type CheckinSyncDelta } from '@festival/shared';
import { orders, passes, registrations } from '../src/db/schema.js';
import { revokePassesOfOrder } from '../src/modules/passes/repository.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { buyPasses as buyPassesOf, createCheckinList } from './checkin-helpers.js';
import { insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
let ticketTypeId: number;
let otherTicketTypeId: number;

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
  ticketTypeId = await insertTicketType(t.app.db, { capacity: 50 });
  otherTicketTypeId = await insertTicketType(t.app.db, { capacity: 50 });
}, 60_000);
afterAll(async () => t?.close());

function buyPasses(count: number, ticketType = ticketTypeId) {
  return buyPassesOf(t.app, ticketType, count);
}

function createList(body: Record<string, unknown> = {}) {
  return createCheckinList(t.app, signedIn, [ticketTypeId], { allowReentry: false, ...body });
}

async function sync(listId: number, since?: string): Promise<CheckinSyncAnswer> {
  const query = since === undefined ? '' : `?since=${encodeURIComponent(since)}`;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/checkin/lists/${listId}/sync${query}`,
    headers: headersOf(signedIn, 'gate'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return CheckinSyncAnswerSchema.parse(response.json().data);
}

async function delta(listId: number, since: string): Promise<CheckinSyncDelta> {
  const answer = await sync(listId, since);
  expect(answer.mode).toBe('delta');
  return answer as CheckinSyncDelta;
}

function changeOf(answer: CheckinSyncDelta, passId: string) {
  return answer.changes.find((change) => change.id === passId);
}

/** The sync's JSON as the phone receives it, before any schema could strip a field. */
async function rawSync(listId: number, since?: string): Promise<string> {
  const query = since === undefined ? '' : `?since=${encodeURIComponent(since)}`;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/checkin/lists/${listId}/sync${query}`,
    headers: headersOf(signedIn, 'gate'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('incremental sync', () => {
  // First, while this server has signed no pass and so holds no signing key yet.
  it('answers a list before any pass is issued, with the signing key it creates then', async () => {
    const list = await createList();
    const full = await sync(list.id);
    expect(full.mode).toBe('full');
    expect(full.keys).toHaveLength(1);
    expect(full.mode === 'full' && full.passes).toEqual([]);
  });

  it('answers in full first, then nothing while nothing changed', async () => {
    const list = await createList();
    const { passes: bought } = await buyPasses(1);
    const full = await sync(list.id);
    expect(full.mode).toBe('full');
    if (full.mode !== 'full') return;
    expect(full.passes.map((pass) => pass.id)).toContain(bought[0]!.id);
    const unchanged = await delta(list.id, full.cursor);
    expect(unchanged.changes).toEqual([]);
    expect(unchanged.list.id).toBe(list.id);
    expect(unchanged.keys.length).toBeGreaterThan(0);
    // The cursor moves on: nothing changed since the empty answer either.
    expect((await delta(list.id, unchanged.cursor)).changes).toEqual([]);
  });

  it('brings a new pass of the list, and one of another ticket type as not on the list', async () => {
    const list = await createList();
    const { cursor } = await sync(list.id);
    const {
      passes: [bought],
    } = await buyPasses(1);
    const {
      passes: [elsewhere],
    } = await buyPasses(1, otherTicketTypeId);
    const answer = await delta(list.id, cursor);
    const [holder] = await t.app.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, bought!.registrationId));
    expect(changeOf(answer, bought!.id)).toEqual({
      id: bought!.id,
      pass: {
        code: bought!.code,
        name: holder!.name,
        ticketTypeId,
        ticketTypeName: expect.any(String),
      },
      revoked: false,
      entered: false,
    });
    expect(changeOf(answer, elsewhere!.id)).toMatchObject({ pass: null, revoked: false });
    expect((await delta(list.id, answer.cursor)).changes).toEqual([]);
  });

  it('takes a revoked or refunded pass off the list and adds it to the revocation list', async () => {
    const list = await createList();
    const revokedOrder = await buyPasses(1);
    const refundedOrder = await buyPasses(1);
    const { cursor } = await sync(list.id);
    await revokePassesOfOrder(t.app.db, revokedOrder.orderId, new Date());
    await t.app.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refundedOrder.orderId));
    const answer = await delta(list.id, cursor);
    expect(changeOf(answer, revokedOrder.passes[0]!.id)).toMatchObject({ pass: null, revoked: true });
    expect(changeOf(answer, refundedOrder.passes[0]!.id)).toMatchObject({ pass: null, revoked: false });
    expect(answer.changes).toHaveLength(2);

    const full = await sync(list.id);
    if (full.mode !== 'full') throw new Error('expected a full answer');
    expect(full.revoked).toContain(revokedOrder.passes[0]!.id);
    expect(full.passes.map((pass) => pass.id)).not.toContain(refundedOrder.passes[0]!.id);
  });

  it('brings a renamed holder and an admission by another gate', async () => {
    const list = await createList();
    const {
      passes: [renamed, admitted],
    } = await buyPasses(2);
    const { cursor } = await sync(list.id);
    await t.app.db
      .update(registrations)
      .set({ name: 'Renamed Holder' })
      .where(eq(registrations.id, renamed!.registrationId));
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/admin/checkin/redeem',
      headers: headersOf(signedIn, 'gate'),
      payload: {
        code: admitted!.token,
        listId: list.id,
        direction: 'entry',
        scannedAt: '2024-10-20T05:00:00Z',
        nonce: randomUUID(),
        gate: 'South',
      },
    });
    expect(scan.json().data.status, scan.body).toBe('ok');
    const answer = await delta(list.id, cursor);
    expect(changeOf(answer, renamed!.id)).toMatchObject({
      pass: { name: 'Renamed Holder' },
      entered: false,
    });
    expect(changeOf(answer, admitted!.id)).toMatchObject({ pass: { code: admitted!.code }, entered: true });
  });

  it('answers in full to a cursor it cannot use', async () => {
    const list = await createList();
    const other = await createList();
    const { cursor } = await sync(list.id);
    expect((await sync(list.id, 'garbled')).mode).toBe('full');
    expect((await sync(other.id, cursor)).mode).toBe('full');
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/admin/checkin/lists/${list.id}/sync?since=${'x'.repeat(201)}`,
      headers: headersOf(signedIn, 'gate'),
    });
    expect(tooLong.statusCode).toBe(400);
    // Another ticket type changes which passes the list holds: the stored ones are no longer right.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/checkin/lists/${list.id}`,
      headers: headersOf(signedIn, 'manager'),
      payload: { ticketTypeIds: [ticketTypeId, otherTicketTypeId] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await sync(list.id, cursor)).mode).toBe('full');
  });
});

describe('passes that leave a list (what an offline scanner refuses)', () => {
  /** The passes a full answer of `listId` holds, revokes and says are not on the list. */
  async function fullSets(listId: number) {
    const answer = await sync(listId);
    if (answer.mode !== 'full') throw new Error('a sync without a cursor answers in full');
    return {
      cursor: answer.cursor,
      passes: answer.passes.map((pass) => pass.id),
      revoked: answer.revoked,
      notOnList: answer.notOnList,
    };
  }

  async function orderReference(orderId: string) {
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    return order!.reference;
  }

  it('lists in full the passes of another ticket type or an unpaid order, the revoked apart', async () => {
    const list = await createList();
    const { passes: onList } = await buyPasses(1);
    const { passes: otherType } = await buyPasses(1, otherTicketTypeId);
    const refundedOrder = await buyPasses(1);
    const revokedOrder = await buyPasses(1);
    await t.app.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refundedOrder.orderId));
    await revokePassesOfOrder(t.app.db, revokedOrder.orderId, new Date());
    const full = await fullSets(list.id);
    expect(full.passes).toContain(onList[0]!.id);
    expect(full.notOnList).toEqual(expect.arrayContaining([otherType[0]!.id, refundedOrder.passes[0]!.id]));
    expect(full.notOnList).not.toContain(onList[0]!.id);
    expect(full.notOnList).not.toContain(revokedOrder.passes[0]!.id);
    expect(full.revoked).toContain(revokedOrder.passes[0]!.id);
  });

  it('after a downgrade, says the pass left the dearer ticket’s list in a delta and in full', async () => {
    const dear = await insertTicketType(t.app.db, { amount: 100_000, capacity: 5 });
    const cheap = await insertTicketType(t.app.db, { amount: 50_000, capacity: 5 });
    const dearList = await createCheckinList(t.app, signedIn, [dear], { allowReentry: false });
    const cheapList = await createCheckinList(t.app, signedIn, [cheap], { allowReentry: false });
    const {
      orderId,
      passes: [pass],
    } = await buyPassesOf(t.app, dear, 1);
    const before = await fullSets(dearList.id);
    expect(before.passes).toContain(pass!.id);
    const cheapBefore = await fullSets(cheapList.id);
    expect(cheapBefore.notOnList).toContain(pass!.id);

    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${await orderReference(orderId)}/attendees/${pass!.registrationId}/change-ticket`,
      headers: headersOf(signedIn, 'finance'),
      payload: { ticketTypeId: cheap, reason: 'Attends the first day only' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // The dearer list's scanner keeps the id as off the list: the old QR code names its ticket.
    const left = await delta(dearList.id, before.cursor);
    expect(changeOf(left, pass!.id)).toEqual({ id: pass!.id, pass: null, revoked: false, entered: false });
    const after = await fullSets(dearList.id);
    expect(after.passes).not.toContain(pass!.id);
    expect(after.notOnList).toContain(pass!.id);
    expect(after.revoked).not.toContain(pass!.id);

    // The cheaper list's scanner now holds it, and no longer as off the list.
    const joined = await delta(cheapList.id, cheapBefore.cursor);
    expect(changeOf(joined, pass!.id)).toMatchObject({ pass: { code: pass!.code, ticketTypeId: cheap } });
    const cheapAfter = await fullSets(cheapList.id);
    expect(cheapAfter.passes).toContain(pass!.id);
    expect(cheapAfter.notOnList).not.toContain(pass!.id);
  });

  it('after one attendee of a paid order is cancelled, revokes that pass alone', async () => {
    const list = await createList();
    const {
      orderId,
      passes: [cancelled, kept],
    } = await buyPasses(2);
    const before = await fullSets(list.id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${await orderReference(orderId)}/attendees/${cancelled!.registrationId}/cancel`,
      headers: headersOf(signedIn, 'finance'),
      payload: { reason: 'Cannot travel' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const answer = await delta(list.id, before.cursor);
    expect(changeOf(answer, cancelled!.id)).toEqual({
      id: cancelled!.id,
      pass: null,
      revoked: true,
      entered: false,
    });
    // The order's other attendee keeps their pass: nothing to tell the scanner of it.
    expect(changeOf(answer, kept!.id)).toBeUndefined();
    const after = await fullSets(list.id);
    expect(after.revoked).toContain(cancelled!.id);
    expect(after.notOnList).not.toContain(cancelled!.id);
    expect(after.passes).not.toContain(cancelled!.id);
    expect(after.passes).toContain(kept!.id);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('incremental sync on PostgreSQL', () => {
  it('brings a change whose transaction began before a sync and committed after it', async () => {
    const list = await createList();
    const {
      passes: [late, renamed],
    } = await buyPasses(2);
    const { cursor } = await sync(list.id);
    let during: CheckinSyncAnswer | undefined;
    await t.app.db.transaction(async (tx) => {
      await tx.update(passes).set({ revokedAt: new Date() }).where(eq(passes.id, late!.id));
      // A later change commits first, on another connection, and the scanner syncs: a cursor
      // that moved past it (a serial id, a timestamp) would skip the revocation for good.
      await t.app.db
        .update(registrations)
        .set({ name: 'Committed First' })
        .where(eq(registrations.id, renamed!.registrationId));
      during = await sync(list.id, cursor);
    });
    expect(during?.mode).toBe('delta');
    expect((during as CheckinSyncDelta).changes.map((change) => change.id)).toEqual([renamed!.id]);
    const after = await delta(list.id, during!.cursor);
    expect(changeOf(after, late!.id)).toMatchObject({ pass: null, revoked: true });
  });
});

describe("what reaches the gate's phone", () => {
  it("is each holder's name, ticket type and code: no email or phone, in full or in a delta", async () => {
    const list = await createList();
    const { passes: first } = await buyPasses(1);
    const full = await rawSync(list.id);
    const { cursor } = JSON.parse(full).data as { cursor: string };
    const { passes: second } = await buyPasses(1);
    const changes = await rawSync(list.id, cursor);
    const holders = await t.app.db
      .select()
      .from(registrations)
      .where(inArray(registrations.id, [first[0]!.registrationId, second[0]!.registrationId]));
    expect(holders).toHaveLength(2);
    for (const [body, holder] of [
      [full, holders.find((row) => row.id === first[0]!.registrationId)!],
      [changes, holders.find((row) => row.id === second[0]!.registrationId)!],
    ] as const) {
      expect(body).toContain(holder.name);
      expect(body).not.toContain('@');
      expect(body).not.toContain(holder.contactNo);
      expect(body).not.toMatch(/"(email|contactNo|phone|countryCode|companyName)"/);
    }
  });
});
