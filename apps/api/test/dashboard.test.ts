/**
 * The organizer dashboard's figures. A realistic edition is built through the API
 * (checkouts, sandbox payments, late and second payments, refunds) and every figure is
 * asserted exactly, including the Asia/Kolkata day boundary and what each role sees.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  DashboardSchema,
  type Dashboard,
  type OrganizerRole,
} from '@festival/shared';
import { cmsPages, contactInquiries, orders, refunds, ticketTypes, votes } from '../src/db/schema.js';
import { getCurrentEvent } from '../src/modules/current-edition/service.js';
import dashboardRoutes from '../src/modules/dashboard/routes.js';
import { getDashboard } from '../src/modules/dashboard/service.js';
import { sendRefund } from '../src/modules/payments/refunds.js';
import { build, type TestContext } from './helper.js';
import {
  checkout,
  insertAttendees,
  insertTicketType,
  postForm,
  pressSandboxButton,
} from './ticketing-helpers.js';
import { awardCategoryOf } from './voting-helpers.js';

let t: TestContext;
let clock = new Date('2024-09-15T06:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};

beforeAll(async () => {
  // No job worker: refunds stay `requested` until the test sends them, as a slow provider would.
  t = await build({ now: () => clock, jobs: { work: false } });
});
afterAll(async () => t?.close());

/** Checks out and signs the payment now (as Razorpay Checkout would); `deliver` posts it later. */
async function startOrder(attendees: string[], ticketId: number) {
  const response = await checkout(t.app, attendees, ticketId);
  expect(response.statusCode, response.body).toBe(200);
  const { order } = CheckoutResponseSchema.parse(response.json());
  const { action, fields } = await pressSandboxButton(t.app, order.id, 'pay');
  return { ...order, deliver: () => postForm(t.app, action, fields) };
}

async function paidOrder(attendees: string[], ticketId: number) {
  const order = await startOrder(attendees, ticketId);
  expect((await order.deliver()).headers.location).toBe(`/payment-success?reference=${order.reference}`);
  return order;
}

async function orderRow(reference: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  if (!row) throw new Error(`no order ${reference}`);
  return row;
}

/** Sends an order's refunds to the sandbox provider, as the `refund` job would. */
async function processRefunds(orderId: string) {
  const ctx = {
    db: t.app.db,
    now: () => clock,
    log: t.app.log,
    jobs: t.app.jobs,
    provider: t.app.paymentProvider,
    orderHooks: t.app.orderHooks,
  };
  for (const refund of await t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId))) {
    await sendRefund(ctx, refund.id);
  }
}

async function seededTicketSeats() {
  const event = await getCurrentEvent(t.app.db);
  const rows = await t.app.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id));
  return rows;
}

const NOW = new Date('2024-10-20T04:00:00Z');
const A_PRICE = 50_000;
const B_PRICE = 120_000;
let ticketA: number;
let ticketB: number;
let lapsedReference: string;

describe('an edition with no sales yet', () => {
  it('lists every category, status, ticket type and nominee with zeros, and no sales days', async () => {
    const dashboard = await getDashboard(t.app.db, new Date('2024-09-15T06:00:00Z'), 'owner');
    expect(dashboard.registrations).toEqual({
      total: 0,
      byCategory: [
        { participantCategoryId: 1, name: 'Pitcher', registrations: 0 },
        { participantCategoryId: 2, name: 'Start-Up', registrations: 0 },
        { participantCategoryId: 3, name: 'Investor', registrations: 0 },
        { participantCategoryId: 4, name: 'Visitor', registrations: 0 },
      ],
    });
    expect(dashboard.orders).toEqual({
      pending: 0,
      paid: 0,
      failed: 0,
      expired: 0,
      cancelled: 0,
      refund_due: 0,
      refunded: 0,
    });
    expect(dashboard.revenue).toEqual({ currency: 'INR', gross: 0, refunded: 0, net: 0, pendingRefunds: 0 });
    const seeded = await seededTicketSeats();
    expect(dashboard.ticketTypes).toHaveLength(seeded.length);
    for (const ticket of dashboard.ticketTypes) {
      expect(ticket).toMatchObject({ sold: 0, reserved: 0, available: ticket.capacity });
    }
    expect(dashboard.inquiries).toEqual({ open: 0, total: 0 });
    expect(dashboard.votes.total).toBe(0);
    expect(dashboard.votes.byNominee.map((nominee) => nominee.votes)).toEqual([0, 0, 0, 0]);
    expect(dashboard.salesByDay).toEqual([]);
  });
});

describe('an edition with sales, refunds, inquiries and votes', () => {
  beforeAll(async () => {
    const db = t.app.db;
    ticketA = await insertTicketType(db, { name: 'Dashboard Investor Pass', amount: A_PRICE, capacity: 10 });
    ticketB = await insertTicketType(db, {
      name: 'Dashboard Pitch Slot',
      amount: B_PRICE,
      capacity: 5,
      participantCategoryId: 1,
    });
    const pitchers = await insertAttendees(db, 3, { participantCategoryId: 1 });
    await insertAttendees(db, 2, { participantCategoryId: 2 });
    const investors = await insertAttendees(db, 7, { participantCategoryId: 3 });
    const [f, x, p1a, p1b, p2, lapsed] = investors;

    // 17 Oct, 11:30 IST: a pitch slot paid.
    at('2024-10-17T06:00:00Z');
    await paidOrder([pitchers[0]!], ticketB);

    // 19 Oct: an order whose provider order could not be created.
    at('2024-10-19T10:00:00Z');
    const failed = await startOrder([f!], ticketA);
    await db.update(orders).set({ status: 'failed' }).where(eq(orders.reference, failed.reference));

    // 19 Oct, 22:30 IST: X checks out, comes back after the hold lapsed, twice, and pays the
    // third order; the payments of the two lapsed orders arrive afterwards and must be refunded
    // (X holds a pass already). Sent again while it holds its seats, a checkout would answer the
    // same order.
    at('2024-10-19T17:00:00Z');
    const o1 = await startOrder([x!], ticketA);
    at('2024-10-19T17:16:00Z');
    const o2 = await startOrder([x!], ticketA);
    at('2024-10-19T17:32:00Z');
    const o3 = await startOrder([x!], ticketA);
    await o3.deliver();
    await o1.deliver();
    await o2.deliver();
    const o1Row = await orderRow(o1.reference);
    expect([o1Row.status, (await orderRow(o2.reference)).status]).toEqual(['refund_due', 'refund_due']);
    await processRefunds(o1Row.id);
    expect((await orderRow(o1.reference)).status).toBe('refunded');

    // 19 Oct, 23:30 IST: two seats paid.
    at('2024-10-19T18:00:00Z');
    await paidOrder([p1a!, p1b!], ticketA);

    // 20 Oct, 00:30 IST (still 19 Oct in UTC): one seat paid, then paid a second time.
    at('2024-10-19T19:00:00Z');
    const p2Order = await paidOrder([p2!], ticketA);
    const provider = t.app.paymentProvider as unknown as { signPayment(o: string, p: string): string };
    await postForm(t.app, '/api/auth/payment/callback', {
      razorpay_order_id: p2Order.id,
      razorpay_payment_id: 'pay_DashboardSecond1',
      razorpay_signature: provider.signPayment(p2Order.id, 'pay_DashboardSecond1'),
    });
    const p2Row = await orderRow(p2Order.reference);
    expect(p2Row.status).toBe('paid');
    await processRefunds(p2Row.id);

    // A reservation that lapses at 03:45 and one still holding its seat at NOW (04:00).
    at('2024-10-20T03:30:00Z');
    lapsedReference = (await startOrder([lapsed!], ticketA)).reference;
    at('2024-10-20T03:50:00Z');
    await startOrder([pitchers[1]!], ticketB);

    await db.insert(contactInquiries).values(
      [1, 2, 3].map((n) => ({
        contactPersonName: `Asker ${n}`,
        email: `asker${n}@example.com`,
        number: '9876543210',
        subject: 'Stalls',
        handledAt: n === 1 ? new Date('2024-10-19T12:00:00Z') : null,
      })),
    );
    const nominees = await db.select().from(cmsPages).where(eq(cmsPages.kind, 'nominee'));
    const krishi = nominees.find((page) => page.slug === 'nominee-krishi-setu')!;
    const gram = nominees.find((page) => page.slug === 'nominee-gram-arogya')!;
    const awardCategoryId = await awardCategoryOf(db, gram.id);
    await db.insert(votes).values([
      { email: 'v1@example.com', cmsPageId: gram.id, awardCategoryId },
      { email: 'v2@example.com', cmsPageId: krishi.id, awardCategoryId },
      { email: 'v3@example.com', cmsPageId: krishi.id, awardCategoryId },
      { email: 'v4@example.com', cmsPageId: krishi.id, awardCategoryId },
    ]);
    at(NOW.toISOString());
  });

  it('counts registrations per category', async () => {
    const dashboard = await getDashboard(t.app.db, NOW, 'owner');
    expect(dashboard.registrations).toEqual({
      total: 12,
      byCategory: [
        { participantCategoryId: 1, name: 'Pitcher', registrations: 3 },
        { participantCategoryId: 2, name: 'Start-Up', registrations: 2 },
        { participantCategoryId: 3, name: 'Investor', registrations: 7 },
        { participantCategoryId: 4, name: 'Visitor', registrations: 0 },
      ],
    });
  });

  it('counts a lapsed pending order as expired before anyone marks it', async () => {
    expect((await orderRow(lapsedReference)).status).toBe('pending');
    const dashboard = await getDashboard(t.app.db, NOW, 'owner');
    expect(dashboard.orders).toEqual({
      pending: 1,
      paid: 4,
      failed: 1,
      expired: 1,
      cancelled: 0,
      refund_due: 1,
      refunded: 1,
    });
    // A minute before it lapsed, the same order was still pending.
    const before = await getDashboard(t.app.db, new Date('2024-10-20T03:44:00Z'), 'owner');
    expect(before.orders).toMatchObject({ pending: 2, expired: 0 });
  });

  it('adds up revenue in paise: captured, refunded by the provider, net, and refunds on their way', async () => {
    const dashboard = await getDashboard(t.app.db, NOW, 'finance');
    const paid = B_PRICE + A_PRICE + 2 * A_PRICE + A_PRICE;
    const refundDue = A_PRICE;
    const refunded = A_PRICE;
    const secondPayment = A_PRICE;
    expect(dashboard.revenue).toEqual({
      currency: 'INR',
      gross: paid + refundDue + refunded + secondPayment,
      refunded: refunded + secondPayment,
      net: paid + refundDue,
      pendingRefunds: refundDue,
    });
  });

  it('shows seats sold, reserved and available against capacity per ticket type', async () => {
    const dashboard = await getDashboard(t.app.db, NOW, 'manager');
    expect(dashboard.ticketTypes.find((ticket) => ticket.id === ticketA)).toEqual({
      id: ticketA,
      name: 'Dashboard Investor Pass',
      participantCategoryId: 3,
      capacity: 10,
      sold: 4,
      reserved: 0,
      available: 6,
    });
    expect(dashboard.ticketTypes.find((ticket) => ticket.id === ticketB)).toEqual({
      id: ticketB,
      name: 'Dashboard Pitch Slot',
      participantCategoryId: 1,
      capacity: 5,
      sold: 1,
      reserved: 1,
      available: 3,
    });
    const others = dashboard.ticketTypes.filter((ticket) => ![ticketA, ticketB].includes(ticket.id));
    expect(others).toHaveLength((await seededTicketSeats()).length - 2);
    for (const ticket of others)
      expect(ticket).toMatchObject({ sold: 0, reserved: 0, available: ticket.capacity });
    const categories = dashboard.ticketTypes.map((ticket) => ticket.participantCategoryId);
    expect(categories).toEqual([...categories].sort((a, b) => a - b));
  });

  it('counts open inquiries and votes per nominee, most votes first', async () => {
    const dashboard = await getDashboard(t.app.db, NOW, 'owner');
    expect(dashboard.inquiries).toEqual({ open: 2, total: 3 });
    expect(dashboard.votes).toEqual({
      total: 4,
      byNominee: [
        { id: 1, slug: 'nominee-krishi-setu', title: 'KrishiSetu', votes: 3 },
        { id: 2, slug: 'nominee-gram-arogya', title: 'GramArogya', votes: 1 },
        { id: 3, slug: 'nominee-paisa-saathi', title: 'PaisaSaathi', votes: 0 },
        { id: 4, slug: 'nominee-shiksha-kiran', title: 'ShikshaKiran', votes: 0 },
      ],
    });
  });

  it('groups sales by day in Asia/Kolkata, every day from the first sale to the last', async () => {
    const dashboard = await getDashboard(t.app.db, NOW, 'owner');
    expect(dashboard.salesByDay).toEqual([
      { date: '2024-10-17', orders: 1, seats: 1, revenue: B_PRICE },
      { date: '2024-10-18', orders: 0, seats: 0, revenue: 0 },
      { date: '2024-10-19', orders: 2, seats: 3, revenue: 3 * A_PRICE },
      // Paid at 2024-10-19T19:00Z, which is 00:30 on 20 Oct in India.
      { date: '2024-10-20', orders: 1, seats: 1, revenue: A_PRICE },
    ]);
  });

  it('shows content every count but no money; owner, manager and finance see the same money', async () => {
    const owner = await getDashboard(t.app.db, NOW, 'owner');
    for (const role of ['manager', 'finance'] as const) {
      expect(await getDashboard(t.app.db, NOW, role)).toEqual(owner);
    }
    const content = await getDashboard(t.app.db, NOW, 'content');
    expect(content.revenue).toBeNull();
    expect(content.salesByDay.map((day) => day.revenue)).toEqual([null, null, null, null]);
    const withoutMoney = (dashboard: Dashboard) => ({
      ...dashboard,
      revenue: null,
      salesByDay: dashboard.salesByDay.map((day) => ({ ...day, revenue: null })),
    });
    expect(content).toEqual(withoutMoney(owner));
    expect(await getDashboard(t.app.db, NOW, undefined)).toEqual(content);
  });

  it('is tagged admin in the OpenAPI document', async () => {
    const openapi = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: { tags?: string[] } }>;
    };
    expect(openapi.paths['/api/admin/dashboard']?.get?.tags).toEqual(['admin']);
  });
});

/**
 * The route alone, on its own Fastify instance with the test's database: which organizer is
 * signed in is set by a hook here, since signing in and role enforcement are other plugins'.
 */
async function routeApp(role?: OrganizerRole) {
  const declaredRoles = new Map<string, unknown>();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', t.app.db);
  app.decorate('now', () => NOW);
  app.addHook('onRoute', (route) => {
    declaredRoles.set(`${String(route.method)} ${route.url}`, route.config?.roles);
  });
  app.addHook('onRequest', async (request) => {
    if (role) {
      request.organizer = {
        id: 'o1',
        email: 'o1@example.com',
        name: 'O',
        role,
        twoFactorEnabled: true,
        mustChangePassword: false,
      };
    }
  });
  await app.register(dashboardRoutes, { prefix: '/api/admin' });
  await app.ready();
  return { app, declaredRoles };
}

describe('the dashboard route', () => {
  it('declares every role but gate', async () => {
    const { app, declaredRoles } = await routeApp();
    await app.close();
    expect(declaredRoles.get('GET /api/admin/dashboard')).toEqual(['owner', 'manager', 'finance', 'content']);
  });

  it("answers the shared schema, as the signed-in organizer's role may see it", async () => {
    for (const role of ['finance', 'content'] as const) {
      const { app } = await routeApp(role);
      const response = await app.inject({ url: '/api/admin/dashboard' });
      await app.close();
      expect(response.statusCode, response.body).toBe(200);
      const body = DashboardSchema.parse(response.json().data);
      expect(body).toEqual(await getDashboard(t.app.db, NOW, role));
      expect(body.revenue === null).toBe(role === 'content');
    }
  });
});
