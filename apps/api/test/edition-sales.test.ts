/**
 * Honest states between editions: the current edition's sales state on several clocks
 * (`GET /api/auth/event/current`), the registration API and checkout refusing while sales are
 * not open, with one code and the site's messages, and no confirmation mail promising a
 * ticket that cannot be bought.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EDITION_CLOSED_MESSAGE,
  envelope,
  EventSchema,
  RegisteredAttendeeSchema,
  SALES_CLOSED_MESSAGE,
  SALES_NOT_OPEN_CODE,
  SALES_UPCOMING_MESSAGE,
} from '@festival/shared';
import { registrations, ticketTypes } from '../src/db/schema.js';
import { rowsOf } from '../src/db/search.js';
import { sendConfirmation } from '../src/modules/registrations/service.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { investorForm, multipart, referenceIds, startupForm } from './registration-helpers.js';
import { checkout, seededTicketId } from './ticketing-helpers.js';

let t: TestContext;
let clock: Date;

/** The seeded 2024 edition runs 20 October 10:00 to 21 October 19:00 IST. */
const SALES_START = new Date('2024-09-20T04:30:00Z');
const SALES_END = new Date('2024-10-19T18:30:00Z');
const CLOCKS = {
  beforeSales: new Date('2024-09-01T06:00:00Z'),
  onSale: new Date('2024-10-01T06:00:00Z'),
  // During the festival, after every sales window ended.
  salesOver: new Date('2024-10-20T06:00:00Z'),
  festivalOver: new Date('2024-10-22T06:00:00Z'),
};

beforeAll(async () => {
  // Installed before 20 September 2024, so the seed makes the spec's edition the current one.
  clock = CLOCKS.beforeSales;
  t = await build({ now: () => clock });
});
afterAll(async () => t?.close());

/** Gives every ticket type of the edition the same sales window; organizers' changes reach the caches alike. */
async function setWindows(salesStartAt: Date | null, salesEndAt: Date | null) {
  await t.app.db.update(ticketTypes).set({ salesStartAt, salesEndAt, visibility: 'visible' });
  await t.app.publicCache.invalidate();
}

beforeEach(async () => {
  clock = CLOCKS.onSale;
  await setWindows(SALES_START, SALES_END);
});

async function sales() {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/event/current' });
  expect(response.statusCode, response.body).toBe(200);
  return envelope(EventSchema).parse(response.json()).data;
}

let addresses = 0;
const nextAddress = () => `10.77.${addresses >> 8}.${addresses++ & 255}`;

/** The investor form from an address of its own, so the per-address limit stays out of these tests. */
function postInvestor(body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/investor',
    payload: body,
    remoteAddress: nextAddress(),
  });
}

describe('the sales state of the current edition', () => {
  it('is upcoming with the opening instant, open with the closing one, closed, then ended', async () => {
    clock = CLOCKS.beforeSales;
    expect((await sales()).sales).toEqual({
      state: 'upcoming',
      opensAt: SALES_START.toISOString(),
      closesAt: null,
    });
    clock = CLOCKS.onSale;
    expect((await sales()).sales).toEqual({
      state: 'open',
      opensAt: null,
      closesAt: SALES_END.toISOString(),
    });
    clock = CLOCKS.salesOver;
    const closed = await sales();
    expect(closed.sales).toEqual({ state: 'closed', opensAt: null, closesAt: null });
    expect(closed.ended).toBe(false);
    clock = CLOCKS.festivalOver;
    const ended = await sales();
    expect(ended.sales.state).toBe('ended');
    expect(ended.ended).toBe(true);
  });

  it('turns with the clock within the public cache’s second', async () => {
    clock = new Date(SALES_START.getTime() - 500);
    expect((await sales()).sales.state).toBe('upcoming');
    clock = new Date(SALES_START.getTime() + 1_000);
    expect((await sales()).sales.state).toBe('open');
  });

  it('follows an organizer’s change of a window at once', async () => {
    clock = CLOCKS.onSale;
    expect((await sales()).sales.state).toBe('open');
    await setWindows(new Date('2024-10-05T04:30:00Z'), SALES_END);
    expect((await sales()).sales).toEqual({
      state: 'upcoming',
      opensAt: '2024-10-05T04:30:00.000Z',
      closesAt: null,
    });
  });

  it('leaves out hidden ticket types and, while visitors register elsewhere, the Visitor passes', async () => {
    // Only the Visitor Pass still on sale: the edition sends visitors to its external listing.
    await t.app.db
      .update(ticketTypes)
      .set({ visibility: 'hidden' })
      .where(sql`participant_category_id <> 4`);
    await t.app.db
      .update(ticketTypes)
      .set({ salesStartAt: null, salesEndAt: null })
      .where(eq(ticketTypes.participantCategoryId, 4));
    await t.app.publicCache.invalidate();
    clock = CLOCKS.beforeSales;
    // Nothing listed here yet, the festival not begun: upcoming without a date.
    expect((await sales()).sales).toEqual({ state: 'upcoming', opensAt: null, closesAt: null });
    clock = CLOCKS.salesOver;
    expect((await sales()).sales.state).toBe('closed');
  });
});

describe('registration while sales are not open', () => {
  const refusals = [
    ['before sales open', CLOCKS.beforeSales, /^Registration for this edition opens on 20 Sept 2024, 10:00/],
    ['after sales ended', CLOCKS.salesOver, new RegExp(`^${SALES_CLOSED_MESSAGE}$`)],
    ['after the festival', CLOCKS.festivalOver, new RegExp(`^${EDITION_CLOSED_MESSAGE}$`)],
  ] as const;

  it.each(refusals)('is refused %s, with nothing stored or mailed', async (_when, at, message) => {
    const ids = await referenceIds(t);
    clock = at;
    const email = `refused-${at.getTime()}@investor.example`;
    const investor = await postInvestor(investorForm(ids, { email }));
    expect(investor.statusCode, investor.body).toBe(409);
    expect(investor.json()).toMatchObject({ isOk: false, code: SALES_NOT_OPEN_CODE });
    expect(investor.json().message).toMatch(message);

    const body = await multipart(startupForm(ids, { email }));
    const startup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/create/StartUpDetailsMaster',
      remoteAddress: nextAddress(),
      ...body,
    });
    expect(startup.statusCode, startup.body).toBe(409);
    expect(startup.json()).toMatchObject({ code: SALES_NOT_OPEN_CODE });

    expect(await t.app.db.select().from(registrations).where(eq(registrations.email, email))).toEqual([]);
    const jobs = await t.app.db.execute(
      sql`select count(*)::int as n from pgboss.job where data::text like ${`%${email}%`}`,
    );
    expect(rowsOf<{ n: number }>(jobs)[0]!.n).toBe(0);
  });

  it('says it has not opened when no ticket type announces a date', async () => {
    await setWindows(null, null);
    await t.app.db.update(ticketTypes).set({ visibility: 'hidden' });
    await t.app.publicCache.invalidate();
    clock = CLOCKS.beforeSales;
    const ids = await referenceIds(t);
    const refused = await postInvestor(investorForm(ids, { email: 'early@investor.example' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: SALES_UPCOMING_MESSAGE, code: SALES_NOT_OPEN_CODE });
  });

  it('is refused for a category with nothing on sale while others sell', async () => {
    await t.app.db
      .update(ticketTypes)
      .set({ salesEndAt: new Date('2024-09-25T00:00:00Z') })
      .where(eq(ticketTypes.participantCategoryId, 3));
    await t.app.publicCache.invalidate();
    const ids = await referenceIds(t);
    const refused = await postInvestor(investorForm(ids, { email: 'late@investor.example' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Investor tickets are not on sale at the moment',
      code: SALES_NOT_OPEN_CODE,
    });
  });

  it('is accepted while open, and a confirmation still queued once sales closed is not sent', async () => {
    const ids = await referenceIds(t);
    const response = await postInvestor(investorForm(ids, { email: 'slow@investor.example' }));
    expect(response.statusCode, response.body).toBe(200);
    const { _id: id } = envelope(RegisteredAttendeeSchema).parse(response.json()).data;
    await settleJobs(t.app);
    // As if the job had waited (a mail outage) past the end of sales.
    await t.app.db.update(registrations).set({ confirmationSentAt: null }).where(eq(registrations.id, id));
    clock = CLOCKS.salesOver;
    const sent: string[] = [];
    await sendConfirmation(
      {
        db: t.app.db,
        now: () => clock,
        mailer: { send: async (message) => (sent.push(message.to), t.app.mailer.send(message)), close() {} },
        log: t.app.log,
        siteUrl: t.config.publicUrl,
      },
      id,
    );
    expect(sent).toEqual([]);
    const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, id));
    expect(row?.confirmationSentAt).toBeNull();
  });
});

describe('checkout after the festival', () => {
  it('refuses with the registration API’s message and code', async () => {
    const ids = await referenceIds(t);
    const registered = await postInvestor(investorForm(ids, { email: 'buyer@investor.example' }));
    expect(registered.statusCode, registered.body).toBe(200);
    const attendee = envelope(RegisteredAttendeeSchema).parse(registered.json()).data;
    clock = CLOCKS.festivalOver;
    const refused = await checkout(t.app, [attendee._id], await seededTicketId(t.app.db, 3, 'Investor Pass'));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: EDITION_CLOSED_MESSAGE, code: SALES_NOT_OPEN_CODE });
  });
});
