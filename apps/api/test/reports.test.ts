/**
 * The console's reports (modules/reports): an edition's sales and GST by ticket type and day,
 * vouchers, refunds, check-ins by hour and gate, and waiting lists, read from real orders,
 * refunds and scans on the database; each as CSV and XLSX; another edition's reports apart.
 */
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, envelope, ReportsSchema, type Reports } from '@festival/shared';
import {
  events,
  orderLineTaxes,
  orders,
  passes,
  voucherTicketTypes,
  vouchers,
  waitingListEntries,
} from '../src/db/schema.js';
import { createCheckinList, redeem } from '../src/modules/checkin/service.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import { type PaymentContext } from '../src/modules/payments/context.js';
import { requestOrganizerRefund } from '../src/modules/payments/refunds.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { addOrganizer, ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let cookie: string;
let eventId: number;
const actor = { organizerId: 'organizer-report-1', email: 'finance@festival.test', ip: '192.0.2.10' };

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  cookie = (await signedInOrganizer(t.app, 'finance')).cookie;
  eventId = (await getCurrentEvent(t.app.db)).id;
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie } });

async function reports(query = ''): Promise<Reports> {
  const response = await get(`/api/admin/reports${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(ReportsSchema).parse(response.json()).data;
}

/** A paid order of `attendees` seats of `ticketId` (with `voucherCode`); answers the checkout's order. */
async function paidOrder(ticketId: number, attendees: number, voucherCode?: string) {
  const extra = voucherCode ? { voucherCode } : {};
  const response = await checkout(t.app, await insertAttendees(t.app.db, attendees), ticketId, extra);
  expect(response.statusCode, response.body).toBe(200);
  const { order } = CheckoutResponseSchema.parse(response.json());
  await payWithSandbox(t.app, order.id);
  return order;
}

describe('reports of the current edition', () => {
  let visitor: number;
  let investor: number;
  let references: string[];

  beforeAll(async () => {
    visitor = await insertTicketType(t.app.db, { name: 'Report Visitor', amount: 50_000, capacity: 20 });
    investor = await insertTicketType(t.app.db, {
      name: 'Report Investor',
      amount: 100_000,
      capacity: 20,
      gstRateBp: 1200,
    });
    const [voucher] = await t.app.db
      .insert(vouchers)
      .values({ eventId, code: 'REPORT50', priceMode: 'percent', value: 50, maxUses: 5 })
      .returning();
    await t.app.db
      .insert(voucherTicketTypes)
      .values({ voucherId: voucher!.id, ticketTypeId: visitor, eventId });
    const first = await paidOrder(visitor, 2);
    const second = await paidOrder(investor, 1);
    const third = await paidOrder(visitor, 1, 'REPORT50');
    // Reserved, never paid: not a sale.
    await checkout(t.app, await insertAttendees(t.app.db, 1), visitor);
    references = [first.reference, second.reference, third.reference];
    const ctx: PaymentContext = {
      db: t.app.db,
      now: () => t.app.now(),
      log: t.app.log,
      jobs: t.app.jobs,
      provider: t.app.paymentProvider,
      orderHooks: t.app.orderHooks,
    };
    await requestOrganizerRefund(ctx, second.reference, { amount: 20_000, reason: 'Goodwill' }, actor);
    await settleJobs(t.app);

    const gate = await addOrganizer(t.app, 'gate');
    const list = await createCheckinList(
      t.app.db,
      actor,
      {
        name: 'Report gate',
        ticketTypeIds: [visitor, investor],
        days: [1, 2],
        allowExit: true,
        allowReentry: false,
      },
      t.app.now(),
    );
    const event = await getCurrentEvent(t.app.db);
    const issued = await t.app.db
      .select({ code: passes.code })
      .from(passes)
      .innerJoin(orders, eq(orders.id, passes.orderId))
      .where(eq(orders.reference, first.reference));
    // 10:15 India time on the first day, then a refused scan of a code that is no pass.
    const scannedAt = new Date(event.startsAt.getTime() + 45 * 60_000).toISOString();
    for (const [index, code] of [...issued.map((pass) => pass.code), 'SFG-NOTAPASS00'].entries()) {
      await redeem(
        t.app.db,
        gate.id,
        {
          code,
          listId: list.id,
          scannedAt,
          nonce: `report-scan-${index}`,
          direction: 'entry',
          offline: false,
          gate: 'North',
        },
        t.app.now(),
      );
    }
    await t.app.db.insert(waitingListEntries).values([
      { eventId, ticketTypeId: investor, name: 'Wait One', email: 'wait-one@example.com', quantity: 2 },
      { eventId, ticketTypeId: investor, name: 'Wait Two', email: 'wait-two@example.com', quantity: 1 },
    ]);
  });

  it('sums each day’s captured sales by ticket type with their GST, unpaid orders left out', async () => {
    const { edition, sales } = await reports();
    expect(edition.id).toBe(eventId);
    const paid = await t.app.db
      .select({
        orderId: orders.id,
        taxable: orderLineTaxes.taxable,
        total: orderLineTaxes.total,
        cgst: orderLineTaxes.cgst,
      })
      .from(orders)
      .innerJoin(orderLineTaxes, eq(orderLineTaxes.orderId, orders.id))
      .where(inArray(orders.reference, references));
    const byName = (name: string) => sales.filter((row) => row.ticketName === name);
    expect(byName('Report Visitor')).toHaveLength(1);
    expect(byName('Report Visitor')[0]).toMatchObject({ orders: 2, units: 3, beforeTax: 100_000 + 25_000 });
    expect(byName('Report Investor')[0]).toMatchObject({ orders: 1, units: 1, beforeTax: 100_000 });
    const mine = sales.filter((row) => row.ticketName.startsWith('Report '));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(mine.map((row) => row.total))).toBe(sum(paid.map((row) => row.total)));
    expect(sum(mine.map((row) => row.taxable))).toBe(sum(paid.map((row) => row.taxable)));
    expect(sum(mine.map((row) => row.cgst))).toBe(sum(paid.map((row) => row.cgst)));
    for (const row of mine) {
      expect(row.taxable + row.cgst + row.sgst + row.igst).toBe(row.total);
      expect(row.day).toBe('2024-09-15');
    }
  });

  it('shows the voucher’s paid order, the refund, the scans by hour and gate, and the waiting list', async () => {
    const { vouchers: voucherRows, refunds, checkins, waitingList } = await reports();
    expect(voucherRows.find((row) => row.code === 'REPORT50')).toMatchObject({
      orders: 1,
      seats: 1,
      maxUses: 5,
    });
    expect(refunds.reduce((total, row) => total + row.amount, 0)).toBe(20_000);
    expect(checkins.find((row) => row.listName === 'Report gate')).toMatchObject({
      hour: expect.stringMatching(/ 10:00$/),
      gate: 'North',
      admitted: 2,
      refused: 1,
    });
    expect(waitingList.filter((row) => row.ticketName === 'Report Investor')).toEqual([
      { ticketTypeId: investor, ticketName: 'Report Investor', status: 'waiting', entries: 2, seats: 3 },
    ]);
  });

  it('gives each report as CSV and XLSX, amounts in rupees', async () => {
    const csv = await get('/api/admin/reports/sales?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`sales-edition-${eventId}.csv`);
    expect(csv.body).toContain('Day (IST),Ticket,Orders,Units,Before tax (₹)');
    expect(csv.body).toContain('2024-09-15,Report Visitor,2,3,1250,');

    const xlsx = await get('/api/admin/reports/checkins?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Check-ins')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Hour (IST)',
      'List',
      'Gate',
      'Admitted',
      'Exits',
      'Refused',
    ]);
    const rows = sheet.getSheetValues().filter((row) => Array.isArray(row) && row[2] === 'Report gate');
    expect(rows).toHaveLength(1);

    expect((await get('/api/admin/reports/nonsense?format=csv')).statusCode).toBe(400);
  });

  it('names the voucher of an order in the orders export', async () => {
    const file = await get(`/api/admin/exports/orders?format=xlsx&q=${references[2]}`);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    const headers = sheet.getRow(1).values as unknown[];
    expect(sheet.getRow(2).getCell(headers.indexOf('Voucher')).value).toBe('REPORT50');
  });

  it('reads another edition apart, and answers 404 for an unknown one', async () => {
    const [other] = await t.app.db
      .insert(events)
      .values({
        slug: 'report-past',
        name: 'Report Past Edition',
        startsAt: new Date('2023-10-20T04:30:00Z'),
        endsAt: new Date('2023-10-21T13:30:00Z'),
        venue: 'Somewhere',
        venueMapUrl: '',
        referencePrefix: 'RPT23',
        invoicePrefix: 'RPT',
      })
      .returning();
    const past = await reports(`?edition=${other!.id}`);
    expect(past.edition).toEqual({ id: other!.id, name: 'Report Past Edition' });
    expect(past.editions.map((row) => row.id)).toEqual(expect.arrayContaining([eventId, other!.id]));
    expect(past.editions[0]!.id).toBe(eventId);
    expect(past.sales).toEqual([]);
    expect(past.checkins).toEqual([]);
    // The orders list and the edition switcher read the same editions.
    const editions = (await get('/api/admin/editions')).json().data as { id: number; name: string }[];
    expect(editions[0]!.id).toBe(eventId);
    expect(editions).toContainEqual({ id: other!.id, name: 'Report Past Edition' });
    const current = (await get('/api/admin/orders?limit=100')).json().data.items as { reference: string }[];
    expect(current.map((row) => row.reference)).toEqual(expect.arrayContaining(references));
    expect((await get(`/api/admin/orders?edition=${other!.id}`)).json().data.items).toEqual([]);
    const unknown = await get('/api/admin/reports?edition=999999');
    expect(unknown.statusCode).toBe(404);
    expect((await get('/api/admin/reports?edition=abc')).statusCode).toBe(400);
  });
});
