import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisteredAttendeeSchema, envelope } from '@festival/shared';
import { investorDetails, registrations, startupDetails } from '../src/db/schema.js';
import { build, clockFrom, countQueries, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import {
  investorForm,
  postInvestor,
  postStartup,
  referenceIds,
  startupForm,
  mailTo,
  type ReferenceIds,
} from './registration-helpers.js';

let t: TestContext;
let ids: ReferenceIds;

beforeAll(async () => {
  // Registrations of the spec's 2024 edition, current on this clock (seed nextEdition).
  t = await build({ now: clockFrom() });
  ids = await referenceIds(t);
});
afterAll(async () => t?.close());

const Success = envelope(RegisteredAttendeeSchema);

async function registrationCount(): Promise<number> {
  const [row] = await t.app.db.select({ value: count() }).from(registrations);
  return row!.value;
}

describe('startup form (Pitcher and Start-Up)', () => {
  it('registers a pitcher, answers the pass data without a password and emails a confirmation', async () => {
    const response = await postStartup(t, startupForm(ids));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/password/i);
    const body = Success.parse(response.json());
    expect(body).toMatchObject({ isOk: true, message: 'Registration successful' });
    expect(body.data).toMatchObject({
      participantCategoryId: 1,
      role: 'Pitcher',
      name: 'Asha Patel',
      email: 'asha@agrisense.example',
      countryCode: '+91',
      contactNo: '9876543210',
      companyName: 'AgriSense',
      Event: {
        name: 'Startup Fest Gujarat 2024',
        startDate: '2024-10-20T04:30:00.000Z',
        endDate: '2024-10-21T13:30:00.000Z',
        venue: 'Gujarat Science City, Ahmedabad',
      },
    });

    const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, body.data._id));
    expect(row).toMatchObject({
      participantCategoryId: 1,
      name: 'Asha Patel',
      city: 'Ahmedabad',
      countryId: ids.india,
      stateId: ids.gujarat,
      pincode: '380060',
      ticketTypeId: null,
    });
    const [details] = await t.app.db
      .select()
      .from(startupDetails)
      .where(eq(startupDetails.registrationId, body.data._id));
    expect(details).toMatchObject({
      founderName: 'Asha Patel',
      legalName: 'AgriSense Technologies Private Limited',
      industryCategoryId: ids.category,
      startupStageId: ids.stage,
      teamSize: '6-10',
      establishedOn: '2022-04-01',
    });

    const mail = await mailTo(t.app, t.dataDir, 'asha@agrisense.example');
    expect(mail.subject).toBe('Your registration for Startup Fest Gujarat 2024');
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('as a Pitcher for Startup Fest Gujarat 2024');
    expect(mail.text).toContain('20–21 October 2024, 10:00 am – 7:00 pm IST');
    expect(mail.text).toContain('Gujarat Science City, Ahmedabad');
    expect(mail.text).toContain('Choose a ticket and complete the payment to receive your event pass.');
    // Anyone may type this address: the mail repeats nothing else the form was sent with.
    expect(mail.text).not.toContain('Asha Patel');
    expect(mail.html).not.toContain('Asha Patel');
  });

  it('registers a start-up with a ticket type of its category', async () => {
    const before = await registrationCount();
    const ticketId = await ids.ticketOf(2, 'Silver Stall Package');
    const response = await postStartup(
      t,
      startupForm(ids, {
        participantCategoryId: '2',
        ticketId: String(ticketId),
        email: 'founder@ruralpay.example',
        companyName: 'RuralPay',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = Success.parse(response.json());
    expect(body.data.role).toBe('Start-Up');
    const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, body.data._id));
    expect(row?.ticketTypeId).toBe(ticketId);
    expect(await registrationCount()).toBe(before + 1);
  });

  it('answers every message of the spec for an empty form', async () => {
    const response = await postStartup(t, { participantCategoryId: '1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      isOk: false,
      message: 'Please correct the highlighted fields.',
      errors: {
        contactPersonName: 'Contact Person Name is required',
        email: 'Email is required',
        contactNo: 'Contact Number and country code is required',
        countryCode: 'Contact Number and country code is required',
        companyName: 'Startup name is required',
        founderName: 'Founder Name is required',
        categoryId: 'Industry/Sector is required',
        stageOfStartup: 'Stage of Startup is required',
        teamSize: 'Team Size is required',
        pincode: 'Pincode is required',
        address: 'Address is required',
        CountryID: 'Country is required',
        StateID: 'State is required',
        description: 'Brief About Startup is required',
        City: 'City is required',
        legalName: 'Legal Name Startup is required',
        yearFounded: 'Establishment Date of Startup is required',
        terms: 'Please accept the terms and conditions',
      },
    });
  });

  it('answers the email and phone format messages', async () => {
    const badFormat = await postStartup(
      t,
      startupForm(ids, { email: 'asha@agrisense', contactNo: '98765-4321a' }),
    );
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().errors).toEqual({
      email: 'Invalid Email address!',
      contactNo: 'Invalid Mobile Number!',
    });

    const noNumber = await postStartup(t, startupForm(ids, { contactNo: '' }));
    expect(noNumber.json().errors).toEqual({ contactNo: 'Contact Number is required' });

    const noCode = await postStartup(t, startupForm(ids, { countryCode: '' }));
    expect(noCode.json().errors).toEqual({ countryCode: 'Country Code is required' });
  });

  it('stores a number typed with spaces, hyphens, +91 or a trunk zero as its 10 digits, and checks foreign numbers by country', async () => {
    const typed = await postStartup(
      t,
      startupForm(ids, { email: 'spaces@startup.example', contactNo: '+91 98765 43210' }),
    );
    expect(typed.statusCode, typed.body).toBe(200);
    const body = Success.parse(typed.json());
    expect(body.data.contactNo).toBe('9876543210');
    const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, body.data._id));
    expect(row?.contactNo).toBe('9876543210');

    const withTrunkZero = await postStartup(
      t,
      startupForm(ids, { email: 'trunk-zero@startup.example', contactNo: '099090 11223' }),
    );
    expect(Success.parse(withTrunkZero.json()).data.contactNo).toBe('9909011223');
    const hyphens = await postStartup(
      t,
      startupForm(ids, { email: 'hyphens@startup.example', contactNo: '+91-99090-11223' }),
    );
    expect(Success.parse(hyphens.json()).data.contactNo).toBe('9909011223');

    const foreign = await postInvestor(
      t,
      investorForm(ids, { email: 'london@fund.example', countryCode: '+44', contactNo: '020 7946 0958' }),
    );
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(Success.parse(foreign.json()).data.contactNo).toBe('2079460958');

    // Ten digits pass the spec's Indian rule but are too long for a Hong Kong number (eight).
    const tooLong = await postInvestor(
      t,
      investorForm(ids, { email: 'hk@fund.example', countryCode: '+852', contactNo: '9876543210' }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ contactNo: 'Invalid Mobile Number!' });
  });

  it('checks references against the database', async () => {
    const before = await registrationCount();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ StateID: '' }, { StateID: 'State is required' }],
      [{ StateID: String(ids.foreignState) }, { StateID: 'Choose a state of the selected country.' }],
      [{ CountryID: '999999', StateID: '' }, { CountryID: 'Choose a country from the list.' }],
      [{ countryCode: '+999' }, { countryCode: 'Choose a country code from the list.' }],
      [{ pincode: '38006' }, { pincode: 'Pincode must be 6 digits for India' }],
      [{ categoryId: '999999' }, { categoryId: 'Choose an industry/sector from the list.' }],
      [{ stageOfStartup: '999999' }, { stageOfStartup: 'Choose a stage of startup from the list.' }],
      [
        { ticketId: String(await ids.ticketOf(3, 'Investor Pass')) },
        { ticketId: 'This ticket is not available for a Pitcher.' },
      ],
      [
        { CountryID: String(ids.vatican), StateID: String(ids.gujarat) },
        { StateID: 'Choose a state of the selected country.' },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const response = await postStartup(
        t,
        startupForm(ids, { email: 'refs@startup.example', ...overrides }),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual({
        isOk: false,
        message: 'Please correct the highlighted fields.',
        errors,
      });
    }
    expect(await registrationCount()).toBe(before);
  });

  it('accepts a country without states and no state', async () => {
    const response = await postStartup(
      t,
      startupForm(ids, {
        CountryID: String(ids.vatican),
        StateID: '',
        countryCode: '+39',
        // Only India's PIN codes are held to six digits.
        pincode: '00120',
        email: 'holy@see.example',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = Success.parse(response.json());
    const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, body.data._id));
    expect(row?.stateId).toBeNull();
  });

  it('refuses the same email twice for the same role, in any letter case', async () => {
    const form = startupForm(ids, { email: 'twice@startup.example' });
    expect((await postStartup(t, form)).statusCode).toBe(200);
    const before = await registrationCount();

    const again = await postStartup(t, { ...form, email: 'Twice@Startup.Example' });
    expect(again.statusCode).toBe(409);
    // Paid or not, one answer; the way on is the manage link mailed to that address.
    expect(again.json()).toEqual({
      isOk: false,
      message:
        "This email is already registered as a Pitcher for this event. We've emailed you a link to your registration.",
      code: 'ALREADY_REGISTERED',
    });
    expect(await registrationCount()).toBe(before);

    const asStartUp = await postStartup(t, { ...form, participantCategoryId: '2' });
    expect(asStartUp.statusCode).toBe(200);
  });
});

describe('investor form', () => {
  it('registers an investor and stores the investment in paise', async () => {
    const response = await postInvestor(t, investorForm(ids));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/password/i);
    const body = Success.parse(response.json());
    expect(body.data).toMatchObject({
      role: 'Investor',
      participantCategoryId: 3,
      name: 'Vikram Shah',
      contactNo: '9898012345',
      companyName: 'Seed Fund Partners',
    });
    const [details] = await t.app.db
      .select()
      .from(investorDetails)
      .where(eq(investorDetails.registrationId, body.data._id));
    expect(details?.investmentAmount).toBe(250_000_050);

    const mail = await mailTo(t.app, t.dataDir, 'vikram@seedfund.example');
    expect(mail.text).not.toContain('Vikram Shah');
    expect(mail.text).toContain('as an Investor for Startup Fest Gujarat 2024');
  });

  it('takes the optional fields as absent and the amount as 0', async () => {
    const response = await postInvestor(
      t,
      investorForm(ids, {
        email: 'angel@example.org',
        companyName: '',
        investmentAmount: '',
        description: '',
        pincode: '',
        address: '',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = Success.parse(response.json());
    expect(body.data.companyName).toBeNull();
    const [details] = await t.app.db
      .select()
      .from(investorDetails)
      .where(eq(investorDetails.registrationId, body.data._id));
    expect(details?.investmentAmount).toBe(0);
  });

  it('answers every message of the spec for an empty form', async () => {
    const response = await postInvestor(t, { participantCategoryId: 3 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      isOk: false,
      message: 'Please correct the highlighted fields.',
      errors: {
        name: 'Contact Person Name is required',
        email: 'Email is required',
        contactNo: 'Contact Number and country code is required',
        countryCode: 'Contact Number and country code is required',
        CountryID: 'Country is required',
        StateID: 'State is required',
        City: 'City is required',
        terms: 'Please accept the terms and conditions',
      },
    });
  });

  it('checks the state against the country, the pincode against India and the ticket against the role', async () => {
    const wrongState = await postInvestor(t, investorForm(ids, { StateID: ids.foreignState }));
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().errors).toEqual({ StateID: 'Choose a state of the selected country.' });

    // The pincode is optional for an investor, but an Indian one given has six digits.
    const shortPin = await postInvestor(t, investorForm(ids, { pincode: '3900' }));
    expect(shortPin.statusCode).toBe(400);
    expect(shortPin.json().errors).toEqual({ pincode: 'Pincode must be 6 digits for India' });

    const visitorTicket = await ids.ticketOf(4, 'Visitor Pass');
    const wrongTicket = await postInvestor(t, investorForm(ids, { ticketId: visitorTicket }));
    expect(wrongTicket.json().errors).toEqual({ ticketId: 'This ticket is not available for an Investor.' });
  });

  it('refuses a duplicate investor email', async () => {
    const form = investorForm(ids, { email: 'dup@investor.example' });
    expect((await postInvestor(t, form)).statusCode).toBe(200);
    const again = await postInvestor(t, { ...form, email: 'DUP@investor.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ isOk: false, code: 'ALREADY_REGISTERED' });
  });
});

describe('reference checks', () => {
  it('check the country, state, ISD code and ticket from memory, not the database', async () => {
    // Beyond the rate limits' counters (in the database on PostgreSQL), a refused reference
    // costs no query.
    const refused = (overrides: Record<string, unknown>) =>
      countQueries(
        t.database,
        async () => {
          const response = await postInvestor(
            t,
            investorForm(ids, { email: 'memory@investor.example', ...overrides }),
          );
          expect(response.statusCode).toBe(400);
        },
        /\brate_limits\b/,
      );
    await refused({ StateID: ids.foreignState });
    expect(await refused({ StateID: ids.foreignState })).toBe(0);
    expect(await refused({ countryCode: '+999' })).toBe(0);
    expect(await refused({ ticketId: await ids.ticketOf(4, 'Visitor Pass') })).toBe(0);
  });

  it('accept a ticket type an organizer adds, at once', async () => {
    const { cookie } = await signedInOrganizer(t.app, 'manager');
    await postInvestor(t, investorForm(ids, { email: 'early@investor.example' }));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ticket-types',
      headers: { cookie, origin: ORIGIN },
      payload: { participantCategoryId: 3, name: 'Family Office Pass', amount: 500_000, capacity: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await postInvestor(
      t,
      investorForm(ids, { email: 'family@office.example', ticketId: created.json().data.id }),
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});
