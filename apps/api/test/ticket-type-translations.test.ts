/**
 * Ticket type names and remarks in Gujarati and Hindi (decision 034): the console writes them
 * with the type, checked by the English fields' rules and audited; a PATCH with `translations`
 * replaces the set and one without keeps it; the public ticket list carries them. On PGlite,
 * organizers signed in for real (organizer-helpers.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketTypeSchema, envelope, type OrganizerRole } from '@festival/shared';
import { z } from 'zod';
import { auditLog } from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';

const TicketListSchema = envelope(z.array(TicketTypeSchema));

let t: TestContext;
let signedIn: SignedIn;
const clock = new Date('2024-09-01T06:30:00Z');

beforeAll(async () => {
  t = await build({ now: () => clock });
  signedIn = await signInEveryRole(t.app);
}, 60_000);
afterAll(async () => t?.close());

const as = (role: OrganizerRole) => headersOf(signedIn, role);
const valid = {
  participantCategoryId: 3,
  name: 'Angel Investor Pass',
  amount: 250_000,
  remarks: 'Lounge access',
  capacity: 40,
  visibility: 'visible',
};
const GUJARATI = { name: 'એન્જલ રોકાણકાર પાસ', remarks: 'લાઉન્જ પ્રવેશ' };

const create = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/ticket-types', headers: as('manager'), payload: body });
const patch = (id: number, body: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/ticket-types/${id}`,
    headers: as('manager'),
    payload: body,
  });

async function publicType(id: number) {
  const response = await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/3' });
  expect(response.statusCode, response.body).toBe(200);
  return TicketListSchema.parse(response.json()).data.find((type) => type._id === id);
}

describe('ticket type translations', () => {
  it('are created with the type, audited, kept by an edit without them and replaced by one with them', async () => {
    const created = await create({ ...valid, translations: { gu: GUJARATI, hi: { name: 'एंजल निवेशक पास' } } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.translations).toEqual({ gu: GUJARATI, hi: { name: 'एंजल निवेशक पास' } });
    expect((await publicType(id))?.translations).toEqual({ gu: GUJARATI, hi: { name: 'एंजल निवेशक पास' } });

    const priced = await patch(id, { amount: 200_000 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.translations).toEqual({ gu: GUJARATI, hi: { name: 'एंजल निवेशक पास' } });

    const replaced = await patch(id, { translations: { hi: { name: 'एंजल पास', remarks: '' } } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.translations).toEqual({ hi: { name: 'एंजल पास' } });
    expect((await publicType(id))?.translations).toEqual({ hi: { name: 'एंजल पास' } });

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'ticket_type'), eq(auditLog.entityId, String(id))));
    expect(audit.at(-1)).toMatchObject({
      action: 'ticket_type.update',
      before: { translations: { gu: GUJARATI } },
      after: { translations: { hi: { name: 'एंजल पास' } } },
    });
  });

  it('refuse a translation that breaks the English field’s rules, and an unknown language', async () => {
    const long = await create({
      ...valid,
      name: 'Long Pass',
      translations: { gu: { remarks: 'x'.repeat(501) } },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({
      translations: 'Gujarati remarks: Remarks can be at most 500 characters',
    });
    const french = await create({ ...valid, name: 'French Pass', translations: { fr: { name: 'Passe' } } });
    expect(french.statusCode).toBe(400);
    expect(french.json().errors).toEqual({ translations: 'Translations must be in one of gu, hi' });
  });
});
