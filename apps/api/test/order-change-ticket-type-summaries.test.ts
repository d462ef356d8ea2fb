/**
 * What names an order after one attendee of a group changed ticket (decision 031): the console's
 * order list (and its ticket filter), order page and attendee page, the buyer's and the moved
 * attendee's pass emails, the manage page's orders and the sales report read the order's lines,
 * so an order of 2 Investor Circle Passes one of which became a Delegate Day Pass names both
 * tickets, and a line every attendee of which left counts no order or unit under its ticket.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  ManageOverviewSchema,
  OrderDetailSchema,
  OrderPageSchema,
  OrderSummarySchema,
  RegistrationDetailSchema,
  ReportsSchema,
} from '@festival/shared';
import { orderAttendees, orderLines, orders, registrations } from '../src/db/schema.js';
import { orderKey } from '../src/modules/orders/access.js';
import { type TestContext } from './helper.js';
import { buildWithGst } from './order-change-helpers.js';
import { headersOf, type SignedIn } from './organizer-helpers.js';
import { buyPasses } from './checkin-helpers.js';
import { outbox } from './registration-helpers.js';
import { insertTicketType } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;

beforeAll(async () => {
  ({ t, signedIn } = await buildWithGst());
}, 60_000);
afterAll(async () => t?.close());

const asFinance = (url: string) => t.app.inject({ url, headers: headersOf(signedIn, 'finance') });

/** A paid order of 2 passes of `ticketTypeId`: its buyer (first attendee) and the other attendee. */
async function groupOfTwo(ticketTypeId: number) {
  const { orderId } = await buyPasses(t.app, ticketTypeId, 2);
  const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
  const attendees = await t.app.db
    .select({ id: registrations.id, email: registrations.email, position: orderAttendees.position })
    .from(orderAttendees)
    .innerJoin(registrations, eq(registrations.id, orderAttendees.registrationId))
    .where(eq(orderAttendees.orderId, orderId))
    .orderBy(orderAttendees.position);
  return { orderId, reference: order!.reference, buyer: attendees[0]!, colleague: attendees[1]! };
}

async function attendeeAction(reference: string, registrationId: string, action: string, payload: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${reference}/attendees/${registrationId}/${action}`,
    headers: headersOf(signedIn, 'finance'),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The console list's rows of `reference`, with `query` added (a ticket filter). */
async function listed(reference: string, query = '') {
  const response = await asFinance(`/api/admin/orders?q=${reference}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(OrderPageSchema).parse(response.json()).data.items;
}

/** The sales report's rows of these ticket types, by name. */
async function salesOf(...ticketTypeIds: number[]) {
  const response = await asFinance('/api/admin/reports');
  expect(response.statusCode, response.body).toBe(200);
  const rows = ReportsSchema.parse(response.json().data).sales.filter((row) =>
    ticketTypeIds.includes(row.ticketTypeId),
  );
  return Object.fromEntries(
    rows.map(({ ticketName, orders, units, total }) => [ticketName, { orders, units, total }]),
  );
}

/** The text of every outbox message to `to` whose subject has `subject`, oldest first. */
async function mailsTo(to: string, subject: string) {
  return (await outbox(t.dataDir, t.app))
    .filter((mail) =>
      JSON.stringify(mail.to ?? '')
        .toLowerCase()
        .includes(to.toLowerCase()),
    )
    .filter((mail) => mail.subject?.includes(subject))
    .sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0))
    .map((mail) => mail.text ?? '');
}

/** The "Ticket" row of each pass email (confirmation) of order `reference` to `to`, oldest first. */
async function ticketRowsTo(to: string, reference: string) {
  return (await mailsTo(to, reference)).flatMap((text) => /^Ticket: (.*)$/m.exec(text)?.[1] ?? []);
}

/** The buyer's order page of the order `orderId`, `reference`. */
async function buyersPage(orderId: string, reference: string) {
  const key = orderKey(t.app.config.OTP_SECRET, orderId, { kind: 'buyer' });
  const response = await t.app.inject({ url: `/api/auth/payment/orders/${reference}?key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return envelope(OrderSummarySchema).parse(response.json()).data;
}

/** A manage session of `email`, signed in through the link mailed to it. */
async function manageSession(email: string) {
  const ask = await t.app.inject({
    method: 'POST',
    url: '/api/self-service/link',
    payload: { email },
    remoteAddress: '10.31.0.1',
  });
  expect(ask.statusCode, ask.body).toBe(200);
  const [link] = (await mailsTo(email, 'sign-in link')).slice(-1);
  const token = /\/manage#token=([\w-]+)/.exec(link ?? '')?.[1];
  if (!token) throw new Error('no sign-in link mailed');
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/self-service/session',
    payload: { token },
  });
  expect(session.statusCode, session.body).toBe(200);
  return { authorization: `Bearer ${session.json().data.sessionToken as string}` };
}

describe('an order of 2 passes one attendee of which moved to a cheaper ticket', () => {
  it('is named by both tickets wherever a person reads it, and sold under each once', async () => {
    const investor = await insertTicketType(t.app.db, {
      name: 'Investor Circle Pass',
      amount: 100_000,
      capacity: 5,
    });
    const delegate = await insertTicketType(t.app.db, {
      name: 'Delegate Day Pass',
      amount: 50_000,
      capacity: 5,
    });
    const { orderId, reference, buyer, colleague } = await groupOfTwo(investor);
    const investorOrder = { ticketName: 'Investor Circle Pass', quantity: 2 };
    expect(await listed(reference)).toMatchObject([
      { ...investorOrder, tickets: [{ ticketName: 'Investor Circle Pass', quantity: 2 }] },
    ]);
    expect(await ticketRowsTo(buyer.email, reference)).toEqual(['2 × Investor Circle Pass']);
    expect(await ticketRowsTo(colleague.email, reference)).toEqual(['1 × Investor Circle Pass']);
    expect(await salesOf(investor, delegate)).toEqual({
      'Investor Circle Pass': { orders: 1, units: 2, total: 236_000 },
    });

    await attendeeAction(reference, colleague.id, 'change-ticket', {
      ticketTypeId: delegate,
      reason: 'Attends the first day only',
    });
    const bothTickets = {
      ticketName: '1 × Delegate Day Pass, 1 × Investor Circle Pass',
      tickets: [
        { ticketName: 'Delegate Day Pass', quantity: 1 },
        { ticketName: 'Investor Circle Pass', quantity: 1 },
      ],
      quantity: 2,
    };

    // The console: the list, under either ticket's filter, the order's page and the attendee's.
    expect(await listed(reference)).toMatchObject([bothTickets]);
    expect(await listed(reference, `&ticketTypeId=${investor}`)).toHaveLength(1);
    expect(await listed(reference, `&ticketTypeId=${delegate}`)).toHaveLength(1);
    const detail = OrderDetailSchema.parse((await asFinance(`/api/admin/orders/${reference}`)).json().data);
    expect(detail).toMatchObject(bothTickets);
    const attendeePage = RegistrationDetailSchema.parse(
      (await asFinance(`/api/admin/registrations/${buyer.id}`)).json().data,
    );
    expect(attendeePage.orders.find((order) => order.reference === reference)).toMatchObject(bothTickets);

    // The emails: the moved attendee's pass again names their own ticket; the buyer's
    // confirmation, sent again, each ticket of the order.
    expect(await ticketRowsTo(colleague.email, reference)).toEqual([
      '1 × Investor Circle Pass',
      '1 × Delegate Day Pass',
    ]);
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${reference}/confirmation-email`,
      headers: headersOf(signedIn, 'finance'),
    });
    expect(resent.statusCode, resent.body).toBe(202);
    expect(await ticketRowsTo(buyer.email, reference)).toEqual([
      '2 × Investor Circle Pass',
      '1 × Delegate Day Pass, 1 × Investor Circle Pass',
    ]);

    // The manage page: the buyer's order and the colleague's alike.
    for (const email of [buyer.email, colleague.email]) {
      const overview = await t.app.inject({
        url: '/api/self-service/overview',
        headers: await manageSession(email),
      });
      expect(overview.statusCode, overview.body).toBe(200);
      const { orders: manageOrders } = envelope(ManageOverviewSchema).parse(overview.json()).data;
      expect(manageOrders.find((order) => order.reference === reference)).toMatchObject({
        ...bothTickets,
        ticketTypeId: investor,
      });
    }

    // Sales: the order counts once under each ticket, one unit each, at the price of each line.
    expect(await salesOf(investor, delegate)).toEqual({
      'Investor Circle Pass': { orders: 1, units: 1, total: 118_000 },
      'Delegate Day Pass': { orders: 1, units: 1, total: 59_000 },
    });

    // The buyer cancelled too: the Investor line keeps no unit. The order is a Delegate Day Pass
    // order now; the report counts no order or unit of the Investor Pass, and keeps its money
    // captured (the refunds report shows it going back, as for any cancelled attendee).
    await attendeeAction(reference, buyer.id, 'cancel', { reason: 'Cannot travel' });
    const delegateOnly = {
      ticketName: 'Delegate Day Pass',
      tickets: [{ ticketName: 'Delegate Day Pass', quantity: 1 }],
      quantity: 1,
    };
    expect(await listed(reference)).toMatchObject([delegateOnly]);
    expect(await buyersPage(orderId, reference)).toMatchObject({
      ticketName: 'Delegate Day Pass',
      quantity: 1,
    });
    expect(await listed(reference, `&ticketTypeId=${investor}`)).toEqual([]);
    expect(await listed(reference, `&ticketTypeId=${delegate}`)).toHaveLength(1);
    expect(await salesOf(investor, delegate)).toEqual({
      'Investor Circle Pass': { orders: 0, units: 0, total: 118_000 },
      'Delegate Day Pass': { orders: 1, units: 1, total: 59_000 },
    });
  });
});

describe('an order of 2 passes both attendees of which moved to the same other ticket', () => {
  it('names and sells its two lines of that ticket as one', async () => {
    const summit = await insertTicketType(t.app.db, { name: 'Summit Pass', amount: 100_000, capacity: 5 });
    const expo = await insertTicketType(t.app.db, { name: 'Expo Pass', amount: 50_000, capacity: 5 });
    const { reference, buyer, colleague } = await groupOfTwo(summit);
    for (const attendee of [colleague, buyer]) {
      await attendeeAction(reference, attendee.id, 'change-ticket', {
        ticketTypeId: expo,
        reason: 'The summit was cancelled',
      });
    }
    // The colleague split out to a line of their own, the buyer's line then moved with them.
    const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
    expect(
      await t.app.db
        .select({ ticketTypeId: orderLines.ticketTypeId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, row!.id))
        .orderBy(orderLines.position),
    ).toEqual([
      { ticketTypeId: expo, quantity: 1 },
      { ticketTypeId: expo, quantity: 1 },
    ]);
    expect(await listed(reference)).toMatchObject([
      { ticketName: 'Expo Pass', tickets: [{ ticketName: 'Expo Pass', quantity: 2 }], quantity: 2 },
    ]);
    expect(await listed(reference, `&ticketTypeId=${summit}`)).toEqual([]);
    // Its lines' tax is what the two passes were paid after both refunds: ₹590 each.
    expect(await salesOf(summit, expo)).toEqual({ 'Expo Pass': { orders: 1, units: 2, total: 118_000 } });
  });
});
