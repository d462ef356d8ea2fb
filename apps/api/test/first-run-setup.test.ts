/**
 * The owner's first-run checklist (GET /api/admin/setup): each step reads what the console pages
 * save, so it turns done when they are; and production takes no money while the organizer's
 * identity is incomplete, which development and tests (the quick start) do not require.
 */
import { IDENTITY_INCOMPLETE_MESSAGE, type SetupChecklist } from '@festival/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSettings } from '../src/modules/settings/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { headersOf, signInEveryRole, type SignedIn } from './organizer-helpers.js';
import { checkout, GST_SETTINGS, insertAttendees, insertTicketType } from './ticketing-helpers.js';

const SYSTEM = { organizerId: 'system', email: 'system@test', ip: '127.0.0.1' };

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://startupfest.example.org',
  OTP_SECRET: 'a0f3c9e1b7d24f6a8c5e',
  BETTER_AUTH_SECRET: '9c4e1f0a7b3d5e2c8f6a1b9d0e7c3a5f',
  PAYMENT_PROVIDER: 'sandbox',
  SANDBOX_PAYMENT_SECRET: '5b1e77c0d9a84e2f9f61',
};

function stepsOf(checklist: SetupChecklist) {
  return Object.fromEntries(checklist.steps.map((step) => [step.key, step]));
}

describe('first-run setup checklist', () => {
  let t: TestContext;
  let signedIn: SignedIn;
  beforeAll(async () => {
    t = await build({ now: clockFrom() });
    signedIn = await signInEveryRole(t.app);
  }, 60_000);
  afterAll(async () => t?.close());

  const read = async (role: Parameters<typeof headersOf>[1] = 'owner') =>
    t.app.inject({ url: '/api/admin/setup', headers: headersOf(signedIn, role) });

  it("names what a fresh install still lacks: the organizer's details, a GSTIN and payment keys", async () => {
    const response = await read();
    expect(response.statusCode, response.body).toBe(200);
    const checklist = response.json().data as SetupChecklist;
    const steps = stepsOf(checklist);
    expect(steps.identity).toMatchObject({ status: 'todo', href: '/admin/settings' });
    expect(steps.identity!.detail).toContain(
      'Missing: legal name, address, contact email and contact phone.',
    );
    expect(steps.gstin).toMatchObject({
      status: 'advised',
      detail: 'No GSTIN: buyers cannot get tax invoices.',
    });
    expect(steps.edition).toMatchObject({ status: 'done' });
    expect(steps.edition!.detail).toContain('Startup Fest Gujarat 2024');
    expect(steps.ticketTypes).toMatchObject({ status: 'done' });
    expect(steps.payments).toMatchObject({ status: 'todo' });
    expect(steps.payments!.detail).toContain('RAZORPAY_KEY_ID');
    expect(checklist.remaining).toBe(3);
    // Not production: the quick start sells without the organizer's details.
    expect(checklist).toMatchObject({ takesMoney: true, takesMoneyReason: null });
  });

  it('turns a step done when the settings page saves what it names', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: headersOf(signedIn, 'owner'),
      payload: GST_SETTINGS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const steps = stepsOf((await read()).json().data as SetupChecklist);
    expect(steps.identity).toMatchObject({ status: 'done' });
    expect(steps.identity!.detail).toContain(GST_SETTINGS.legalName);
    expect(steps.gstin).toMatchObject({ status: 'done' });
  });

  it('is shown to owners, managers and finance, and refused to other roles and to visitors', async () => {
    for (const role of ['owner', 'manager', 'finance'] as const)
      expect((await read(role)).statusCode).toBe(200);
    for (const role of ['content', 'gate'] as const) expect((await read(role)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/setup' })).statusCode).toBe(401);
  });
});

describe('production takes no money without the organizer’s identity', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ env: PRODUCTION, now: clockFrom() });
  }, 60_000);
  afterAll(async () => t?.close());

  it('refuses checkout until the details are saved, then sells', async () => {
    const ticket = await insertTicketType(t.app.db);
    const [attendee] = await insertAttendees(t.app.db, 1);
    const refused = await checkout(t.app, [attendee!], ticket);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      message: IDENTITY_INCOMPLETE_MESSAGE,
      code: 'ORGANIZER_DETAILS_MISSING',
    });

    await updateSettings(t.app.db, SYSTEM, GST_SETTINGS, new Date());
    // As the settings route does after a change: the process's kept settings are dropped.
    await t.app.publicCache.invalidate();
    const sold = await checkout(t.app, [attendee!], ticket);
    expect(sold.statusCode, sold.body).toBe(200);
  });
});
