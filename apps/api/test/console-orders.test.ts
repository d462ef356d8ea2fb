/**
 * Console orders (issue 28 §2): comps on a guest list and bank-transfer orders entered by
 * finance, placed under checkout's capacity rules, priced by the server, paid with their passes
 * and emails in one transaction and audited with the reason; and the attendee import, a preview
 * with per-row errors and a commit of all rows or none.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttendeeImportResultSchema,
  ConsoleOrderSchema,
  MAX_IMPORT_BYTES,
  OrderPageSchema,
  ReportsSchema,
  type OrganizerRole,
} from '@festival/shared';
import { auditLog, orders, passes, registrations, states, taxDocuments } from '../src/db/schema.js';
import { soldAndReserved } from '../src/modules/availability/service.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { multipart, outbox } from './registration-helpers.js';
import { GST_SETTINGS, insertAttendees, insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
const clock = new Date('2024-09-15T06:00:00Z');
let serial = 0;

const as = (role: OrganizerRole) => headersOf(signedIn, role);

function attendee(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `Guest ${serial}`,
    email: `guest${serial}@example.com`,
    countryCode: '+91',
    contactNo: `98250${String(10000 + serial).padStart(5, '0')}`,
    city: 'Ahmedabad',
    country: 'India',
    state: 'Gujarat',
    ...overrides,
  };
}

function post(kind: 'comp' | 'bank-transfer', role: OrganizerRole, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/console-orders/${kind}`,
    headers: as(role),
    payload,
  });
}

async function importFile(role: OrganizerRole, csv: string, fields: Record<string, string>) {
  const body = await multipart(fields, [
    { field: 'file', content: Buffer.from(csv), filename: 'guests.csv', type: 'text/csv' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/imports/attendees',
    headers: { ...as(role), ...body.headers },
    payload: body.payload,
  });
}

const orderOf = async (reference: string) => {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!row) throw new Error(`no order ${reference}`);
  return row;
};

beforeAll(async () => {
  t = await build({ now: () => clock });
  signedIn = await signInEveryRole(t.app);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: as('owner'),
    payload: GST_SETTINGS,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

describe('POST /api/admin/console-orders/comp', () => {
  it('issues passes at ₹0 on a guest list: no invoice, emails queued, audited with the reason', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 5, amount: 50_000, name: 'Comp test' });
    const guests = [attendee(), attendee({ companyName: 'Acme Labs' })];
    const response = await post('comp', 'manager', {
      ticketTypeId,
      attendees: guests,
      guestList: 'speaker',
      reason: 'Keynote speaker and co-presenter',
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = ConsoleOrderSchema.parse(response.json().data);
    expect(order).toMatchObject({ source: 'comp', amount: 0, attendees: 2 });

    const row = await orderOf(order.reference);
    expect(row).toMatchObject({ status: 'paid', amount: 0, source: 'comp', guestList: 'speaker' });
    expect(await t.app.db.select().from(passes).where(eq(passes.orderId, row.id))).toHaveLength(2);
    expect(await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, row.id))).toEqual([]);
    expect(await soldAndReserved(t.app.db, ticketTypeId, clock)).toMatchObject({ sold: 2 });

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.reference), eq(auditLog.action, 'order.comp')));
    expect(audit).toMatchObject({
      organizerId: signedIn.get('manager')!.organizer.id,
      after: { source: 'comp', guestList: 'speaker', reason: 'Keynote speaker and co-presenter', amount: 0 },
    });

    await settleJobs(t.app);
    const mails = await outbox(t.dataDir, t.app);
    expect(mails.some((mail) => mail.to && JSON.stringify(mail.to).includes(guests[0]!.email))).toBe(true);

    const list = await t.app.inject({
      url: '/api/admin/orders?q=' + order.reference,
      headers: as('finance'),
    });
    expect(OrderPageSchema.parse(list.json().data).items[0]).toMatchObject({
      source: 'comp',
      guestList: 'speaker',
    });
  });

  it('never passes capacity: the same sold-out error as checkout, and nothing is written', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 1, amount: 50_000 });
    const guests = [attendee(), attendee()];
    const response = await post('comp', 'owner', {
      ticketTypeId,
      attendees: guests,
      guestList: 'press',
      reason: 'Press photographers',
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toMatch(/Only 1 seat left/);
    const emails = guests.map((guest) => guest.email);
    expect(await t.app.db.select().from(registrations).where(inArray(registrations.email, emails))).toEqual(
      [],
    );
  });

  it('keeps an attendee’s registration and refuses one who already holds a pass', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 5 });
    const guest = attendee();
    const body = { ticketTypeId, attendees: [guest], guestList: 'sponsor', reason: 'Gold sponsor guest' };
    expect((await post('comp', 'owner', body)).statusCode).toBe(201);
    const again = await post('comp', 'owner', body);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(`${guest.name} already has a pass`);
    expect(
      await t.app.db.select().from(registrations).where(eq(registrations.email, guest.email)),
    ).toHaveLength(1);
  });

  it('answers 400 in the shared schema’s words and for places that do not resolve', async () => {
    const ticketTypeId = await insertTicketType(t.app.db);
    const bad = await post('comp', 'owner', {
      ticketTypeId,
      attendees: [attendee({ email: 'not-an-email' })],
      guestList: 'speaker',
      reason: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Invalid Email address!');
    const nowhere = await post('comp', 'owner', {
      ticketTypeId,
      attendees: [attendee({ country: 'Atlantis' })],
      guestList: 'speaker',
      reason: 'A speaker from afar',
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toEqual({ 'attendees.0.country': 'Choose a country from the list.' });
  });
});

describe('POST /api/admin/console-orders/bank-transfer', () => {
  it('prices the order on the server with GST, issues the tax invoice and records the UTR', async () => {
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 5, amount: 100_000, gstRateBp: 1800 });
    const response = await post('bank-transfer', 'finance', {
      ticketTypeId,
      attendees: [attendee(), attendee()],
      bankReference: 'UTR0001234567',
      reason: 'Paid by NEFT by Acme Labs',
      amount: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = ConsoleOrderSchema.parse(response.json().data);
    // Two seats at ₹1,000 plus 18% GST, whatever the browser sent.
    expect(order).toMatchObject({ source: 'bank_transfer', amount: 236_000 });
    const row = await orderOf(order.reference);
    expect(row).toMatchObject({
      status: 'paid',
      source: 'bank_transfer',
      providerPaymentId: 'offline:UTR0001234567',
    });
    expect(await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, row.id))).toHaveLength(
      1,
    );
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.reference), eq(auditLog.action, 'order.bank_transfer')));
    expect(audit?.after).toMatchObject({
      bankReference: 'UTR0001234567',
      reason: 'Paid by NEFT by Acme Labs',
    });

    // A bank transfer is a sale; a comp is not.
    const comp = await insertTicketType(t.app.db, { capacity: 5 });
    const comped = await post('comp', 'owner', {
      ticketTypeId: comp,
      attendees: [attendee()],
      guestList: 'other',
      reason: 'Volunteer lead',
    });
    expect(comped.statusCode).toBe(201);
    const reports = await t.app.inject({ url: '/api/admin/reports', headers: as('finance') });
    const sales = ReportsSchema.parse(reports.json().data).sales;
    expect(sales.filter((row) => row.ticketTypeId === ticketTypeId)).toMatchObject([
      { orders: 1, units: 2, total: 236_000 },
    ]);
    expect(sales.filter((row) => row.ticketTypeId === comp)).toEqual([]);
  });

  it('is finance’s and the owner’s, not a manager’s; comps are not finance’s', async () => {
    const ticketTypeId = await insertTicketType(t.app.db);
    const body = { ticketTypeId, attendees: [attendee()], reason: 'Paid by NEFT', bankReference: 'UTR9' };
    expect((await post('bank-transfer', 'manager', body)).statusCode).toBe(403);
    expect((await post('comp', 'finance', { ...body, guestList: 'other' })).statusCode).toBe(403);
  });
});

describe('POST /api/admin/imports/attendees', () => {
  const header =
    'Registered (IST),Name,Email,Phone,Company,Role,City,State,Country,PIN code,Sector,Stage,Payment,Order,Ticket,Pass';

  it('previews per-row errors, imports nothing while a row is bad, then all rows once fixed', async () => {
    const name = `Import pass ${serial}`;
    await insertTicketType(t.app.db, { capacity: 3, amount: 50_000, name });
    const good = (n: number) =>
      `,Press ${n},press${n}-${serial}@example.com,'+91 98250 1${String(serial).padStart(2, '0')}0${n}${n},The Daily,Investor,Ahmedabad,Gujarat,India,380001,,,,,${name},`;
    const bad = `,Press 3,not-an-email,'+91 98250 11111,The Daily,Investor,Ahmedabad,Gujarat,India,,,,,,${name},`;
    const fields = { kind: 'comp', guestList: 'press', reason: 'Accredited press' };

    const preview = await importFile('manager', [header, good(1), bad, good(2)].join('\n'), {
      ...fields,
      commit: 'true',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = AttendeeImportResultSchema.parse(preview.json().data);
    expect(previewed).toMatchObject({ committed: false, references: [] });
    expect(previewed.errors).toEqual([{ row: 3, column: 'Email', message: 'Invalid Email address!' }]);
    expect(previewed.rows.map((row) => row.row)).toEqual([2, 3, 4]);
    expect(await t.app.db.select().from(registrations).where(eq(registrations.name, 'Press 1'))).toEqual([]);

    const fixed = bad.replace('not-an-email', `press3-${serial}@example.com`);
    const dryRun = await importFile('manager', [header, good(1), fixed, good(2)].join('\n'), fields);
    expect(AttendeeImportResultSchema.parse(dryRun.json().data)).toMatchObject({
      committed: false,
      errors: [],
    });

    const commit = await importFile('manager', [header, good(1), fixed, good(2)].join('\n'), {
      ...fields,
      commit: 'true',
    });
    const committed = AttendeeImportResultSchema.parse(commit.json().data);
    expect(committed).toMatchObject({ committed: true, errors: [], total: 0 });
    expect(committed.references).toHaveLength(3);
    for (const reference of committed.references) {
      expect(await orderOf(reference)).toMatchObject({ status: 'paid', source: 'comp', guestList: 'press' });
    }
    const [summary] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'import.attendees'));
    expect(summary?.after).toMatchObject({ rows: 3, reason: 'Accredited press' });
  });

  it('counts capacity across the file: the row past it is that row’s error, and nothing is created', async () => {
    const name = `Tight pass ${serial}`;
    const ticketTypeId = await insertTicketType(t.app.db, { capacity: 1, amount: 50_000, name });
    const row = (n: number) =>
      `,Guest ${n},tight${n}-${serial}@example.com,+91 9825022${String(serial).padStart(3, '0')}${n},,,Surat,Gujarat,India,,,,,,${name},`;
    const response = await importFile('finance', [header, row(1), row(2)].join('\n'), {
      kind: 'bank_transfer',
      bankReference: 'UTR77777',
      reason: 'One NEFT for both',
      commit: 'true',
    });
    const result = AttendeeImportResultSchema.parse(response.json().data);
    expect(result.errors).toEqual([{ row: 3, column: null, message: `${name} is sold out` }]);
    expect(result.rows[0]).toMatchObject({ amount: 59_000 });
    expect(result.committed).toBe(false);
    expect(await soldAndReserved(t.app.db, ticketTypeId, clock)).toMatchObject({ sold: 0 });
  });

  it('reads XLSX as the export writes it', async () => {
    const name = `Workbook pass ${serial}`;
    await insertTicketType(t.app.db, { capacity: 2, amount: 50_000, name });
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet('Registrations');
    sheet.addRow(header.split(','));
    sheet.addRow([
      '',
      'Sheet Guest',
      `sheet-${serial}@example.com`,
      '+91 98250 33333',
      '',
      'Investor',
      'Vadodara',
      'Gujarat',
      'India',
      '',
      '',
      '',
      '',
      '',
      name,
      '',
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const body = await multipart({ kind: 'comp', guestList: 'sponsor', reason: 'Sponsor table' }, [
      { field: 'file', content: file, filename: 'guests.xlsx', type: 'application/octet-stream' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports/attendees',
      headers: { ...as('owner'), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(AttendeeImportResultSchema.parse(response.json().data)).toMatchObject({
      committed: false,
      errors: [],
      rows: [{ row: 2, name: 'Sheet Guest', ticket: name, amount: 0 }],
    });
  });

  it('imports the registrations export as it is, once its Ticket column is filled in', async () => {
    const name = `Round trip ${serial}`;
    await insertTicketType(t.app.db, { capacity: 2, name });
    const email = `round-trip-${serial}@example.com`;
    const [registrationId] = await insertAttendees(t.app.db, 1, { email: () => email });
    const [gujarat] = await t.app.db.select().from(states).where(eq(states.name, 'Gujarat'));
    await t.app.db
      .update(registrations)
      .set({ stateId: gujarat!.id })
      .where(eq(registrations.id, registrationId!));
    const exported = await t.app.inject({
      url: `/api/admin/exports/registrations?format=csv&q=${email}`,
      headers: as('manager'),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    // The export writes the registration time (with a comma, quoted), the phone as stored,
    // and an unpaid registrant's empty Order, Ticket and Pass.
    expect(exported.body).toMatch(/,\+91 \d+,/);
    const edited = exported.body.replace(/,unpaid,,,\s*$/, `,unpaid,,${name},\n`);
    expect(edited).not.toBe(exported.body);
    const response = await importFile('manager', edited, {
      kind: 'comp',
      guestList: 'sponsor',
      reason: 'Sponsor list from the export',
      commit: 'true',
    });
    const result = AttendeeImportResultSchema.parse(response.json().data);
    expect(result).toMatchObject({ committed: true, errors: [] });
    const [pass] = await t.app.db.select().from(passes).where(eq(passes.registrationId, registrationId!));
    expect(pass).toBeDefined();
    expect(await t.app.db.select().from(registrations).where(eq(registrations.email, email))).toHaveLength(1);
  });

  it('refuses a file over 1 MB with 413', async () => {
    const response = await importFile('owner', `${header}\n${'x'.repeat(MAX_IMPORT_BYTES + 1)}`, {
      kind: 'comp',
      guestList: 'other',
      reason: 'Too big',
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toBe('The file is larger than 1 MB; split it.');
  });

  it('refuses a file without the export’s columns, and a kind the role may not import', async () => {
    const missing = await importFile('owner', 'Name,Email\nA,a@example.com', {
      kind: 'comp',
      guestList: 'other',
      reason: 'Testing',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('missing: Phone, City, Country, Ticket');
    const forbidden = await importFile('manager', `${header}\n`, {
      kind: 'bank_transfer',
      bankReference: 'UTR12345',
      reason: 'Testing',
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
