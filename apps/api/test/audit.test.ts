/**
 * The audit log: append-only as a database fact (UPDATE, DELETE and TRUNCATE
 * raise, on PGlite and PostgreSQL alike; the one UPDATE let through, an erasure's redaction,
 * may not change what was done or by whom; deletion-requests.test.ts uses it), written by services inside the change's
 * transaction, and read by owners through `GET /api/admin/audit` with filters and cursor
 * pages. Organizers are simulated by a test hook (organizer-helpers.ts).
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageSchema, ErrorResponseSchema, type AuditEntry } from '@festival/shared';
import { auditLog } from '../src/db/schema.js';
import { recordAudit } from '../src/modules/audit/service.js';
import { build, type TestContext } from './helper.js';
import type { OrganizerRole } from '@festival/shared';
import { declaredRoles, headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
const as = (role: OrganizerRole) => headersOf(signedIn, role);
const who = (role: OrganizerRole) => signedIn.get(role)!.organizer;
let clock = new Date('2024-09-10T06:00:00Z');

beforeAll(async () => {
  t = await build({
    now: () => clock,
  });
  signedIn = await signInEveryRole(t.app);
});
afterAll(async () => t?.close());

const actor = { organizerId: 'organizer-1', email: 'one@example.com', ip: '203.0.113.7' };

async function readAudit(query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await t.app.inject({ url: `/api/admin/audit?${search}`, headers: as('owner') });
  expect(response.statusCode, response.body).toBe(200);
  return AuditPageSchema.parse((response.json() as { data: unknown }).data);
}

async function rowCount() {
  const [row] = await t.app.db.select({ n: count() }).from(auditLog);
  return Number(row?.n);
}

describe('the audit_log table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await t.app.db.transaction((tx) =>
      recordAudit(tx, actor, {
        at: clock,
        action: 'test.append',
        entityType: 'test',
        entityId: 1,
        before: null,
        after: { value: 1 },
      }),
    );
    const rows = await t.app.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(0);

    for (const statement of [
      sql`update audit_log set ip = '198.51.100.1'`,
      // A redaction (modules/audit redactPersonalData) may not rewrite what was done or by whom.
      sql`update audit_log set redacted_at = now(), action = 'test.rewritten'`,
      sql`update audit_log set redacted_at = now(), organizer_id = 'someone-else'`,
      sql`update audit_log set redacted_at = now(), at = at - interval '1 day'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const error = await t.app.db.execute(statement).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/audit_log is append-only/);
    }
    expect(await t.app.db.select().from(auditLog)).toEqual(rows);
  });

  it('keeps no row of a change whose transaction rolls back', async () => {
    const before = await rowCount();
    await expect(
      t.app.db.transaction(async (tx) => {
        await recordAudit(tx, actor, {
          at: clock,
          action: 'test.rolled_back',
          entityType: 'test',
          entityId: 2,
          before: { value: 1 },
          after: { value: 2 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowCount()).toBe(before);
  });
});

describe('GET /api/admin/audit', () => {
  let first: number;
  let second: number;

  beforeAll(async () => {
    first = await insertTicketType(t.app.db, { capacity: 10 });
    second = await insertTicketType(t.app.db, { capacity: 10 });
    const change = async (role: 'owner' | 'manager', id: number, capacity: number) => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/ticket-types/${id}`,
        headers: { ...as(role), 'x-forwarded-for': '198.51.100.9' },
        payload: { capacity },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    clock = new Date('2024-09-11T06:00:00Z');
    await change('owner', first, 11);
    await change('manager', first, 12);
    clock = new Date('2024-09-12T06:00:00Z');
    await change('manager', second, 13);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/ticket-types/${second}/archive`,
      headers: as('manager'),
    });
    clock = new Date('2024-09-13T06:00:00Z');
    await change('owner', second, 14);
  });

  it('is declared for owners only', async () => {
    await readAudit();
    expect(declaredRoles(t.app, 'GET', '/api/admin/audit')).toEqual(['owner']);
  });

  it('answers who, when, from where, what, before and after, newest first', async () => {
    const { items } = await readAudit({ entityType: 'ticket_type', entityId: first });
    expect(items.map((item) => [item.organizerId, item.before?.capacity, item.after?.capacity])).toEqual([
      [who('manager').id, 11, 12],
      [who('owner').id, 10, 11],
    ]);
    expect(items[1]).toMatchObject<Partial<AuditEntry>>({
      at: '2024-09-11T06:00:00.000Z',
      organizerEmail: who('owner').email,
      // TRUST_PROXY is off in tests: the socket's address, not the forwarded one.
      ip: '127.0.0.1',
      action: 'ticket_type.update',
      entityType: 'ticket_type',
      entityId: String(first),
    });
  });

  it('filters by organizer, action, entity and date range', async () => {
    const ofTicketTypes = (items: AuditEntry[]) =>
      items.filter((item) => [String(first), String(second)].includes(item.entityId));
    const byManager = await readAudit({ organizerId: who('manager').id });
    expect(ofTicketTypes(byManager.items).map((item) => item.action)).toEqual([
      'ticket_type.archive',
      'ticket_type.update',
      'ticket_type.update',
    ]);
    const archives = await readAudit({ action: 'ticket_type.archive' });
    expect(archives.items.map((item) => item.entityId)).toEqual([String(second)]);
    const onTheTwelfth = await readAudit({
      from: '2024-09-12T00:00:00+05:30',
      to: '2024-09-13T00:00:00+05:30',
    });
    expect(onTheTwelfth.items.map((item) => [item.entityId, item.action])).toEqual([
      [String(second), 'ticket_type.archive'],
      [String(second), 'ticket_type.update'],
    ]);
    const none = await readAudit({ organizerId: who('owner').id, action: 'ticket_type.archive' });
    expect(none).toEqual({ items: [], nextCursor: null });
  });

  it('pages by cursor through every entry exactly once', async () => {
    const all = await readAudit({ limit: 200 });
    expect(all.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof readAudit>> = await readAudit(
        cursor ? { limit: 2, cursor } : { limit: 2 },
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(seen).toEqual(all.items.map((item) => item.id));
    expect(pages).toBe(Math.ceil(all.items.length / 2));
  });

  it('answers 400 with a message for a bad cursor, date or range', async () => {
    for (const [query, field] of [
      ['cursor=abc', 'cursor'],
      ['cursor=-1', 'cursor'],
      ['from=yesterday', 'from'],
      ['from=2024-09-13T00:00:00Z&to=2024-09-12T00:00:00Z', 'to'],
      ['limit=0', 'limit'],
    ] as const) {
      const response = await t.app.inject({ url: `/api/admin/audit?${query}`, headers: as('owner') });
      expect(response.statusCode, query).toBe(400);
      expect(ErrorResponseSchema.parse(response.json()).errors?.[field], query).toBeTruthy();
    }
  });

  it('is not written by a refused change', async () => {
    const before = await rowCount();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/ticket-types/${first}`,
      headers: as('owner'),
      payload: { amount: 50 },
    });
    expect(response.statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
  });
});
