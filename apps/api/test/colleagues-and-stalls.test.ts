/**
 * Colleagues registered with only their name, email and phone, the company's
 * details copied on the server; and stall packages sold once per company with the passes they
 * include, passes sold per attendee.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  ErrorResponseSchema,
  RegisteredAttendeeSchema,
  TicketTypeSchema,
  envelope,
} from '@festival/shared';
import {
  investorDetails,
  orderLines,
  orders,
  passes,
  registrations,
  startupDetails,
} from '../src/db/schema.js';
import { build, type TestContext } from './helper.js';
import {
  investorForm,
  postInvestor,
  postStartup,
  referenceIds,
  startupForm,
  type ReferenceIds,
} from './registration-helpers.js';
import { checkout, insertAttendees, payWithSandbox, seededTicketId } from './ticketing-helpers.js';

let t: TestContext;
let ids: ReferenceIds;
const clock = new Date('2024-09-15T06:00:00Z');

beforeAll(async () => {
  t = await build({ now: () => clock });
  ids = await referenceIds(t);
});
afterAll(async () => t?.close());

const Registered = envelope(RegisteredAttendeeSchema);

let sequence = 0;
/** Registers the first attendee of a new pitching company; answers its registration. */
async function registerCompany(overrides: Record<string, string> = {}) {
  sequence += 1;
  const response = await postStartup(
    t,
    startupForm(ids, { email: `founder-${sequence}@company.example`, ...overrides }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return Registered.parse(response.json()).data;
}

function addColleague(companyId: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/auth/registrations/${companyId}/colleagues`,
    payload: body,
  });
}

const colleague = (email: string) => ({
  name: 'Ravi Mehta',
  email,
  countryCode: '+91',
  contactNo: '9812345678',
});

async function rowOf(id: string) {
  const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, id));
  const [startup] = await t.app.db.select().from(startupDetails).where(eq(startupDetails.registrationId, id));
  return { row, startup };
}

describe('colleague registration', () => {
  it("copies the company's details from the first attendee, not from the body", async () => {
    const company = await registerCompany();
    const response = await addColleague(company._id, {
      ...colleague('ravi@agrisense.example'),
      // Fields the short form never sends are stripped, not trusted.
      companyName: 'Forged Ltd',
      participantCategoryId: 3,
      CountryID: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const added = Registered.parse(response.json()).data;
    expect(added).toMatchObject({
      role: 'Pitcher',
      participantCategoryId: 1,
      name: 'Ravi Mehta',
      email: 'ravi@agrisense.example',
      companyName: 'AgriSense',
    });

    const first = await rowOf(company._id);
    const second = await rowOf(added._id);
    expect(second.row).toMatchObject({
      colleagueOfId: company._id,
      city: first.row?.city,
      countryId: ids.india,
      stateId: ids.gujarat,
      address: first.row?.address,
      pincode: first.row?.pincode,
    });
    expect(second.startup).toMatchObject({
      founderName: first.startup?.founderName,
      legalName: first.startup?.legalName,
      industryCategoryId: first.startup?.industryCategoryId,
    });
  });

  it("a colleague named as the company points at the company's first registration", async () => {
    const company = await registerCompany();
    const first = Registered.parse(
      (await addColleague(company._id, colleague(`a-${sequence}@x.example`))).json(),
    );
    const second = await addColleague(first.data._id, colleague(`b-${sequence}@x.example`));
    expect(second.statusCode).toBe(200);
    const { row } = await rowOf(Registered.parse(second.json()).data._id);
    expect(row?.colleagueOfId).toBe(company._id);
  });

  it('checks the short form with the registration messages', async () => {
    const company = await registerCompany();
    const response = await addColleague(company._id, {
      name: '',
      email: 'nope',
      countryCode: '',
      contactNo: '',
    });
    expect(response.statusCode).toBe(400);
    const { errors } = ErrorResponseSchema.parse(response.json());
    expect(errors).toMatchObject({
      name: 'Contact Person Name is required',
      email: 'Invalid Email address!',
    });
    const badCode = await addColleague(company._id, { ...colleague('c@x.example'), countryCode: '+999' });
    expect(badCode.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(badCode.json()).errors?.countryCode).toMatch(/country code/);
  });

  it("registers an investor's colleague with the firm's name and location, without an amount of their own", async () => {
    const investor = await postInvestor(
      t,
      investorForm(ids, { email: 'inv-colleague@fund.example', companyName: 'Banyan Seed Fund' }),
    );
    const firm = Registered.parse(investor.json()).data;
    const response = await addColleague(firm._id, colleague('partner@fund.example'));
    expect(response.statusCode, response.body).toBe(200);
    const added = Registered.parse(response.json()).data;
    expect(added).toMatchObject({
      participantCategoryId: 3,
      role: 'Investor',
      companyName: 'Banyan Seed Fund',
    });

    const [first] = await t.app.db.select().from(registrations).where(eq(registrations.id, firm._id));
    const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, added._id));
    expect(row).toMatchObject({
      colleagueOfId: firm._id,
      countryId: first?.countryId,
      stateId: first?.stateId,
      city: first?.city,
    });
    const amounts = await t.app.db
      .select()
      .from(investorDetails)
      .where(eq(investorDetails.registrationId, added._id));
    expect(amounts).toEqual([]);
  });

  it('refuses an unknown company and a duplicate email', async () => {
    const unknown = await addColleague(crypto.randomUUID(), colleague('d@x.example'));
    expect(unknown.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(unknown.json()).message).toMatch(/first attendee/);
    expect((await addColleague('not-a-uuid', colleague('d@x.example'))).statusCode).toBe(400);

    const company = await registerCompany();
    const twice = colleague(`twice-${sequence}@x.example`);
    expect((await addColleague(company._id, twice)).statusCode).toBe(200);
    const again = await addColleague(company._id, twice);
    expect(again.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(again.json()).message).toMatch(/already registered as a Pitcher/);
  });
});

describe('stall packages per company, passes per attendee', () => {
  it('lists how each ticket type is sold and the passes it includes', async () => {
    const response = await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/1' });
    const tickets = envelope(TicketTypeSchema.array()).parse(response.json()).data;
    expect(tickets.map(({ name, soldPer, passesIncluded }) => ({ name, soldPer, passesIncluded }))).toEqual([
      { name: 'Gold Stall Package', soldPer: 'company', passesIncluded: 4 },
      { name: 'Platinum Stall Package', soldPer: 'company', passesIncluded: 6 },
    ]);
    const investor = await t.app.inject({ url: '/api/auth/list-by-participant/ticketMaster/3' });
    expect(envelope(TicketTypeSchema.array()).parse(investor.json()).data[0]).toMatchObject({
      soldPer: 'attendee',
      passesIncluded: 1,
    });
  });

  it('a pitcher and a co-founder pay one Gold stall, and each gets a pass', async () => {
    const gold = await seededTicketId(t.app.db, 1, 'Gold Stall Package');
    const company = await registerCompany();
    const cofounder = Registered.parse(
      (await addColleague(company._id, colleague(`cofounder-${sequence}@x.example`))).json(),
    ).data;

    const response = await checkout(t.app, [company._id, cofounder._id], gold);
    expect(response.statusCode, response.body).toBe(200);
    const body = CheckoutResponseSchema.parse(response.json());
    expect(body.order.amount).toBe(2_500_000);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.reference, body.order.reference));
    expect(order).toMatchObject({ amount: 2_500_000 });
    const lines = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toMatchObject([{ quantity: 1, unitAmount: 2_500_000, amount: 2_500_000 }]);

    expect((await payWithSandbox(t.app, body.order.id)).statusCode).toBe(303);
    const issued = await t.app.db.select().from(passes).where(eq(passes.orderId, order!.id));
    expect(issued.map((pass) => pass.registrationId).sort()).toEqual([company._id, cofounder._id].sort());
  });

  it('refuses more attendees than the stall includes passes, with a clear message', async () => {
    const gold = await seededTicketId(t.app.db, 1, 'Gold Stall Package');
    const five = await insertAttendees(t.app.db, 5, { participantCategoryId: 1 });
    const response = await checkout(t.app, five, gold);
    expect(response.statusCode).toBe(400);
    const error = ErrorResponseSchema.parse(response.json());
    expect(error.message).toBe(
      'Gold Stall Package includes 4 passes, but this order has 5 attendees. Choose a package with more passes.',
    );
    expect(error.errors?.selectedTicket).toBe(error.message);

    const platinum = await seededTicketId(t.app.db, 1, 'Platinum Stall Package');
    const ok = await checkout(t.app, five, platinum);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(CheckoutResponseSchema.parse(ok.json()).order.amount).toBe(10_000_000);
  });

  it('passes still cost one per attendee', async () => {
    const investorPass = await seededTicketId(t.app.db, 3, 'Investor Pass');
    const three = await insertAttendees(t.app.db, 3);
    const response = await checkout(t.app, three, investorPass);
    expect(CheckoutResponseSchema.parse(response.json()).order.amount).toBe(300_000);
  });
});
