/**
 * The console's list of registrations and attendees, searched and filtered on the
 * server (accent- and case-insensitive text, pass codes, order references), in India-time
 * days, with cursor pages that neither repeat nor skip a row.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, RegistrationListQuerySchema, type RegistrationRow } from '@festival/shared';
import { orders, passes, registrations } from '../src/db/schema.js';
import { listRegistrations } from '../src/modules/registrations/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let ids: { elodie: string; ravi: string; meera: string; kiran: string };
let ticketId: number;
let paidReference: string;

const list = (query: Record<string, unknown> = {}) =>
  listRegistrations(t.app.db, RegistrationListQuerySchema.parse(query));
const names = (rows: RegistrationRow[]) => rows.map((row) => row.name).sort();

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  await t.app.db.delete(registrations);
  const [elodie, ravi, meera, kiran] = await insertAttendees(t.app.db, 4);
  ids = { elodie: elodie!, ravi: ravi!, meera: meera!, kiran: kiran! };
  const people = [
    {
      id: ids.elodie,
      name: 'Élodie Fernandes',
      email: 'elodie@agritech.in',
      contactNo: '9876500001',
      companyName: 'AgriTech Labs',
      at: '2024-10-19T19:00:00Z',
      category: 3,
    },
    {
      id: ids.ravi,
      name: 'Ravi Kumar',
      email: 'ravi@seedfund.in',
      contactNo: '9876500002',
      companyName: 'Seed Fund',
      at: '2024-10-18T10:00:00Z',
      category: 3,
    },
    {
      id: ids.meera,
      name: 'Meera Shah',
      email: 'meera@example.com',
      contactNo: '9876500003',
      companyName: null,
      at: '2024-10-17T10:00:00Z',
      category: 3,
    },
    {
      id: ids.kiran,
      name: 'Kiran 100%_Mehta',
      email: 'kiran@example.com',
      contactNo: '9876500004',
      companyName: null,
      at: '2024-10-16T10:00:00Z',
      category: 3,
    },
  ];
  for (const person of people) {
    await t.app.db
      .update(registrations)
      .set({
        name: person.name,
        email: person.email,
        contactNo: person.contactNo,
        companyName: person.companyName,
        createdAt: new Date(person.at),
      })
      .where(eq(registrations.id, person.id));
  }
  ticketId = await insertTicketType(t.app.db, { capacity: 10 });
  const paid = CheckoutResponseSchema.parse((await checkout(t.app, [ids.elodie], ticketId)).json()).order;
  await payWithSandbox(t.app, paid.id);
  paidReference = paid.reference;
  const refunded = CheckoutResponseSchema.parse((await checkout(t.app, [ids.ravi], ticketId)).json()).order;
  await t.app.db.update(orders).set({ status: 'refunded' }).where(eq(orders.reference, refunded.reference));
  await checkout(t.app, [ids.meera], ticketId);
  // A guest-list pass: paid for by no one (the console's comp orders are made this way too).
  const comp = CheckoutResponseSchema.parse((await checkout(t.app, [ids.kiran], ticketId)).json()).order;
  await payWithSandbox(t.app, comp.id);
  await t.app.db.update(orders).set({ source: 'comp', amount: 0 }).where(eq(orders.reference, comp.reference));
});
afterAll(async () => t?.close());

describe('registrations list', () => {
  it('lists newest first with the pass, order and payment state', async () => {
    const page = await list();
    expect(page.items.map((row) => row.name)).toEqual([
      'Élodie Fernandes',
      'Ravi Kumar',
      'Meera Shah',
      'Kiran 100%_Mehta',
    ]);
    const [pass] = await t.app.db.select().from(passes).where(eq(passes.registrationId, ids.elodie));
    expect(page.items[0]).toMatchObject({
      payment: 'paid',
      orderReference: paidReference,
      passCode: pass!.code,
      phone: '+91 9876500001',
      role: 'Investor',
      registeredAt: '2024-10-19T19:00:00.000Z',
    });
    // A comp pass is valid but nobody paid for it: it does not read "paid".
    expect(page.items.map((row) => row.payment)).toEqual(['paid', 'refunded', 'unpaid', 'comp']);
    expect(page.nextCursor).toBeNull();
  });

  it('finds people whatever the case and accents, and by phone, company, pass code or reference', async () => {
    expect(names((await list({ q: 'elodie' })).items)).toEqual(['Élodie Fernandes']);
    expect(names((await list({ q: 'FERNANDÉS' })).items)).toEqual(['Élodie Fernandes']);
    expect(names((await list({ q: '500002' })).items)).toEqual(['Ravi Kumar']);
    expect(names((await list({ q: 'seed fund' })).items)).toEqual(['Ravi Kumar']);
    expect(names((await list({ q: paidReference.toLowerCase() })).items)).toEqual(['Élodie Fernandes']);
    const [pass] = await t.app.db
      .select()
      .from(passes)
      .where(inArray(passes.registrationId, [ids.elodie]));
    expect(names((await list({ q: pass!.code })).items)).toEqual(['Élodie Fernandes']);
    // LIKE wildcards typed by a person are searched for literally.
    expect(names((await list({ q: '100%_' })).items)).toEqual(['Kiran 100%_Mehta']);
    expect((await list({ q: 'r%a' })).items).toEqual([]);
  });

  it('filters by payment, ticket type and India-time days', async () => {
    expect(names((await list({ payment: 'paid' })).items)).toEqual(['Élodie Fernandes']);
    expect(names((await list({ payment: 'refunded' })).items)).toEqual(['Ravi Kumar']);
    expect(names((await list({ payment: 'unpaid' })).items)).toEqual(['Meera Shah']);
    expect(names((await list({ payment: 'comp' })).items)).toEqual(['Kiran 100%_Mehta']);
    expect(names((await list({ ticketTypeId: String(ticketId) })).items)).toEqual(
      ['Kiran 100%_Mehta', 'Meera Shah', 'Ravi Kumar', 'Élodie Fernandes'].sort(),
    );
    // 2024-10-19T19:00Z is 20 October 00:30 in India.
    expect(names((await list({ from: '2024-10-20' })).items)).toEqual(['Élodie Fernandes']);
    expect(names((await list({ to: '2024-10-19', from: '2024-10-17' })).items)).toEqual([
      'Meera Shah',
      'Ravi Kumar',
    ]);
  });

  it('pages with a cursor without repeating or skipping anyone, and refuses a forged cursor', async () => {
    const first = await list({ limit: '3' });
    expect(first.items).toHaveLength(3);
    const second = await list({ limit: '3', cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((row) => row.name)).toEqual(
      (await list()).items.map((row) => row.name),
    );
    await expect(list({ cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({ statusCode: 400 });
  });
});
