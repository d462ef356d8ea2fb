/**
 * One registration in the console: every field the spec lists with the
 * names behind its ids, its orders and passes, its uploaded files downloaded as attachments
 * by organizers only, editing its contact fields with the registration form's rules (audited,
 * 409 for an email taken in the category), and resending its pass email through the job queue.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  RegisteredAttendeeSchema,
  RegistrationDetailSchema,
  type OrganizerRole,
} from '@festival/shared';
import { auditLog, uploadedFiles } from '../src/db/schema.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import {
  investorForm,
  outbox,
  PDF,
  PNG,
  postInvestor,
  postStartup,
  referenceIds,
  startupForm,
  type ReferenceIds,
} from './registration-helpers.js';
import { checkout, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let signedIn: SignedIn;
let ids: ReferenceIds;
let pitcherId: string;
let investorId: string;

const as = (role: OrganizerRole) => headersOf(signedIn, role);

async function detail(id: string, role: OrganizerRole = 'finance') {
  const response = await t.app.inject({ url: `/api/admin/registrations/${id}`, headers: as(role) });
  expect(response.statusCode, response.body).toBe(200);
  return RegistrationDetailSchema.parse(response.json().data);
}

function patch(id: string, body: Record<string, unknown>, role: OrganizerRole = 'manager') {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/admin/registrations/${id}`,
    headers: as(role),
    payload: body,
  });
}

function resendPass(id: string, role: OrganizerRole = 'manager') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/registrations/${id}/pass-email`,
    headers: as(role),
  });
}

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  signedIn = await signInEveryRole(t.app);
  ids = await referenceIds(t);
  const startup = await postStartup(t, startupForm(ids), [
    { field: 'logo', content: PNG, filename: 'agrisense logo.png', type: 'image/png' },
    { field: 'brochure', content: PDF, filename: 'Brochure – 2024.pdf', type: 'application/pdf' },
    { field: 'productImages', content: PNG, filename: 'sensor.png', type: 'image/png' },
  ]);
  expect(startup.statusCode, startup.body).toBe(200);
  pitcherId = RegisteredAttendeeSchema.parse(startup.json().data)._id;
  const investor = await postInvestor(t, investorForm(ids));
  expect(investor.statusCode, investor.body).toBe(200);
  investorId = RegisteredAttendeeSchema.parse(investor.json().data)._id;
  await settleJobs(t.app);
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/admin/registrations/:id', () => {
  it('answers every field of the startup form with the names behind its ids, and its files', async () => {
    const pitcher = await detail(pitcherId);
    expect(pitcher).toMatchObject({
      role: 'Pitcher',
      name: 'Asha Patel',
      email: 'asha@agrisense.example',
      countryCode: '+91',
      contactNo: '9876543210',
      companyName: 'AgriSense',
      city: 'Ahmedabad',
      country: { id: ids.india, name: 'India' },
      state: { id: ids.gujarat, name: 'Gujarat' },
      pincode: '380060',
      address: 'Science City Road, Sola',
      description: 'Soil sensors and advice for smallholder farmers.',
      startup: {
        founderName: 'Asha Patel',
        legalName: 'AgriSense Technologies Private Limited',
        industryCategory: { id: ids.category, name: 'Agri-Tech' },
        stage: { id: ids.stage, name: 'Validation' },
        teamSize: '6-10',
        establishedOn: '2022-04-01',
      },
      investor: null,
      orders: [],
      passes: [],
    });
    expect(pitcher.confirmationSentAt).not.toBeNull();
    expect(pitcher.files.map((file) => [file.purpose, file.originalName, file.mimeType]).sort()).toEqual([
      ['brochure', 'Brochure – 2024.pdf', 'application/pdf'],
      ['logo', 'agrisense logo.png', 'image/png'],
      ['product_image', 'sensor.png', 'image/png'],
    ]);
    for (const file of pitcher.files) expect(file.downloadUrl).toBe(`/api/admin/uploads/${file.id}`);
  });

  it('answers the investor form’s amount in paise', async () => {
    const investor = await detail(investorId, 'owner');
    expect(investor).toMatchObject({
      role: 'Investor',
      startup: null,
      investor: { investmentAmount: 250_000_050 },
      files: [],
    });
  });

  it('answers 404 for an unknown registration and 400 for an id that is not one', async () => {
    const unknown = await t.app.inject({
      url: '/api/admin/registrations/00000000-0000-4000-8000-000000000000',
      headers: as('manager'),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/admin/registrations/42', headers: as('manager') });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('GET /api/admin/uploads/:id', () => {
  it('streams the stored file as an attachment with its type, to organizers only', async () => {
    const { files } = await detail(pitcherId);
    const brochure = files.find((file) => file.purpose === 'brochure')!;
    const response = await t.app.inject({ url: brochure.downloadUrl, headers: as('manager') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Brochure ? 2024.pdf"; filename*=UTF-8''Brochure%20%E2%80%93%202024.pdf`,
    );
    const [stored] = await t.app.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, brochure.id));
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(stored!.sha256);
    expect(response.rawPayload.equals(PDF)).toBe(true);

    const logo = files.find((file) => file.purpose === 'logo')!;
    const image = await t.app.inject({ url: logo.downloadUrl, headers: as('finance') });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe('attachment; filename="agrisense logo.png"');

    expect((await t.app.inject({ url: logo.downloadUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ url: logo.downloadUrl, headers: as('gate') })).statusCode).toBe(403);
    expect((await t.app.inject({ url: logo.downloadUrl, headers: as('content') })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown file', async () => {
    const response = await t.app.inject({
      url: '/api/admin/uploads/00000000-0000-4000-8000-000000000000',
      headers: as('owner'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ isOk: false, message: 'File not found' });
  });
});

describe('PATCH /api/admin/registrations/:id', () => {
  it('saves the contact fields, normalising the phone as registration does, and audits before and after', async () => {
    const response = await patch(pitcherId, {
      name: 'Asha P. Patel',
      email: 'asha.patel@agrisense.example',
      countryCode: '+91',
      contactNo: '+91 9123456789',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(RegistrationDetailSchema.parse(response.json().data)).toMatchObject({
      name: 'Asha P. Patel',
      email: 'asha.patel@agrisense.example',
      contactNo: '9123456789',
      companyName: 'AgriSense',
    });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, pitcherId), eq(auditLog.action, 'registration.update_contact')));
    expect(audit).toMatchObject({
      organizerEmail: signedIn.get('manager')!.organizer.email,
      entityType: 'registration',
      before: {
        name: 'Asha Patel',
        email: 'asha@agrisense.example',
        countryCode: '+91',
        contactNo: '9876543210',
      },
      after: {
        name: 'Asha P. Patel',
        email: 'asha.patel@agrisense.example',
        countryCode: '+91',
        contactNo: '9123456789',
      },
    });
  });

  it('answers the registration form’s messages for invalid fields', async () => {
    const response = await patch(investorId, {
      name: '',
      email: 'nope',
      countryCode: '+91',
      contactNo: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      name: 'Contact Person Name is required',
      email: 'Invalid Email address!',
      contactNo: 'Invalid Mobile Number!',
    });
    const unknownCode = await patch(investorId, {
      name: 'Vikram Shah',
      email: 'vikram@seedfund.example',
      countryCode: '+999',
      contactNo: '9898012345',
    });
    expect(unknownCode.statusCode).toBe(400);
    expect(unknownCode.json().errors).toMatchObject({ countryCode: 'Choose a country code from the list.' });
  });

  it('refuses an email already registered in the same category with 409, and changes nothing', async () => {
    const other = await postInvestor(t, investorForm(ids, { email: 'priya@angels.example', name: 'Priya' }));
    const otherId = RegisteredAttendeeSchema.parse(other.json().data)._id;
    const response = await patch(otherId, {
      name: 'Priya',
      email: 'VIKRAM@seedfund.example',
      countryCode: '+91',
      contactNo: '9898012345',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This email is already registered as an Investor for this event.');
    expect((await detail(otherId)).email).toBe('priya@angels.example');
  });

  it('is for owners and managers only', async () => {
    const body = { name: 'X Y', email: 'x@y.example', countryCode: '+91', contactNo: '9123456780' };
    expect((await patch(investorId, body, 'finance')).statusCode).toBe(403);
    expect((await patch(investorId, body, 'gate')).statusCode).toBe(403);
  });
});

describe('POST /api/admin/registrations/:id/pass-email', () => {
  it('answers 409 while the attendee holds no valid pass', async () => {
    const response = await resendPass(investorId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Vikram Shah has no valid pass to send');
  });

  it('queues the pass email to the attendee, and the detail shows the order and the pass', async () => {
    const ticketId = await insertTicketType(t.app.db, { capacity: 5, amount: 100_000 });
    const started = CheckoutResponseSchema.parse((await checkout(t.app, [investorId], ticketId)).json());
    await payWithSandbox(t.app, started.order.id);
    await settleJobs(t.app);
    const before = (await outbox(t.dataDir)).filter((mail) =>
      mail.subject?.includes(started.order.reference),
    );

    const investor = await detail(investorId);
    expect(investor.orders).toMatchObject([
      { reference: started.order.reference, status: 'paid', amount: 100_000 },
    ]);
    expect(investor.passes).toHaveLength(1);
    expect(investor.passes[0]).toMatchObject({ orderReference: started.order.reference, revokedAt: null });

    const response = await resendPass(investorId, 'owner');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().data).toEqual({
      recipient: 'vikram@seedfund.example',
      passCode: investor.passes[0]!.code,
    });
    const after = (await outbox(t.dataDir, t.app)).filter((mail) =>
      mail.subject?.includes(started.order.reference),
    );
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.text).toContain(investor.passes[0]!.code);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, investorId), eq(auditLog.action, 'registration.pass_email')));
    expect(audit).toHaveLength(1);
  });

  it('is not for finance or gate', async () => {
    expect((await resendPass(investorId, 'finance')).statusCode).toBe(403);
    expect((await resendPass(investorId, 'gate')).statusCode).toBe(403);
  });
});
