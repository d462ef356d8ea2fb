/**
 * DPDP Act 2023 §12: a registrant's deletion request, carried out by an owner in the console.
 * The erasure replaces the person's data in registrations, contact inquiries and award votes,
 * ends their manage links and sessions, keeps the tax invoice as issued, and is audited; a
 * manager may read the list but not erase; a request is carried out once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  DeletionRequestPageSchema,
  DeletionRequestSchema,
  envelope,
} from '@festival/shared';
import {
  auditLog,
  cmsPages,
  contactInquiries,
  manageLinks,
  registrations,
  startupDetails,
  taxDocuments,
  votes,
} from '../src/db/schema.js';
import { registrantActor, requestDeletion } from '../src/modules/self-service/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import {
  checkout,
  GST_SETTINGS as SETTINGS,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
} from './ticketing-helpers.js';

let t: TestContext;
let owner: { cookie: string };
let manager: { cookie: string };

const EMAIL = 'Asha.Patel@example.com';

const asOrganizer = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie, origin: ORIGIN } });

beforeAll(async () => {
  t = await build({ now: clockFrom() });
  owner = await signedInOrganizer(t.app, 'owner');
  manager = await signedInOrganizer(t.app, 'manager');
  expect((await asOrganizer(owner.cookie, 'PUT', '/api/admin/settings', SETTINGS)).statusCode).toBe(200);
});
afterAll(async () => t?.close());

/** Everything a person leaves behind: a paid order with its invoice, an inquiry, a vote, a manage link. */
async function personWithHistory(email: string) {
  const [registrationId] = await insertAttendees(t.app.db, 1, { email: () => email.toLowerCase() });
  await t.app.db.insert(startupDetails).values({
    registrationId: registrationId!,
    founderName: 'Asha Patel',
    legalName: 'Patel Robotics LLP',
    industryCategoryId: 1,
    startupStageId: 1,
    teamSize: '1-10',
    establishedOn: '2022-04-01',
  });
  const ticketId = await insertTicketType(t.app.db, { amount: 50_000 });
  const bought = await checkout(t.app, [registrationId!], ticketId);
  expect(bought.statusCode, bought.body).toBe(200);
  await payWithSandbox(t.app, CheckoutResponseSchema.parse(bought.json()).order.id);

  const inquiry = await t.app.inject({
    method: 'POST',
    url: '/api/auth/contact',
    remoteAddress: '10.7.0.1',
    payload: {
      contactPersonName: 'Asha Patel',
      email,
      number: '9876543210',
      subject: 'Stall for Patel Robotics',
      message: 'Call me on 98765 43210',
    },
  });
  expect(inquiry.statusCode, inquiry.body).toBe(200);

  const [nominee] = await t.app.db.select({ id: cmsPages.id }).from(cmsPages).limit(1);
  await t.app.db.insert(votes).values({ email: email.toLowerCase(), cmsPageId: nominee!.id, ip: '10.7.0.2' });
  await t.app.inject({
    method: 'POST',
    url: '/api/self-service/link',
    payload: { email },
    remoteAddress: '10.7.0.3',
  });
  return registrationId!;
}

describe('a deletion request', () => {
  it('is listed for owners and managers and carried out once, by an owner only', async () => {
    const registrationId = await personWithHistory(EMAIL);
    await requestDeletion(t.app.db, registrantActor(EMAIL.toLowerCase(), '10.7.0.4'), t.app.now());

    const listed = await asOrganizer(manager.cookie, 'GET', '/api/admin/deletion-requests?status=open');
    expect(listed.statusCode, listed.body).toBe(200);
    const [request] = envelope(DeletionRequestPageSchema).parse(listed.json()).data.items;
    expect(request).toMatchObject({ email: EMAIL.toLowerCase(), handledAt: null, outcome: null });

    const byManager = await asOrganizer(
      manager.cookie,
      'POST',
      `/api/admin/deletion-requests/${request!.id}/erase`,
    );
    expect(byManager.statusCode).toBe(403);

    const erased = await asOrganizer(
      owner.cookie,
      'POST',
      `/api/admin/deletion-requests/${request!.id}/erase`,
    );
    expect(erased.statusCode, erased.body).toBe(200);
    const handled = envelope(DeletionRequestSchema).parse(erased.json()).data;
    expect(handled.handledAt).not.toBeNull();
    expect(handled.outcome).toEqual({ registrations: 1, inquiries: 1, votes: 1, taxDocumentsKept: 1 });

    const [registration] = await t.app.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    expect(registration).toMatchObject({
      name: 'Erased',
      email: `erased-${registrationId}@erased.invalid`,
      contactNo: '',
      city: '',
    });
    const [details] = await t.app.db
      .select()
      .from(startupDetails)
      .where(eq(startupDetails.registrationId, registrationId));
    expect(details).toMatchObject({ founderName: 'Erased', legalName: 'Patel Robotics LLP' });

    const person = sql`lower(${EMAIL})`;
    expect(
      await t.app.db
        .select()
        .from(contactInquiries)
        .where(sql`lower(${contactInquiries.email}) = ${person}`),
    ).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(votes)
        .where(sql`lower(${votes.email}) = ${person}`),
    ).toEqual([]);
    expect(await t.app.db.select().from(votes).where(eq(votes.ip, '10.7.0.2'))).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(manageLinks)
        .where(sql`lower(${manageLinks.email}) = ${person}`),
    ).toEqual([]);
    const [invoice] = await t.app.db
      .select()
      .from(taxDocuments)
      .where(sql`lower(${taxDocuments.recipient}->>'email') = ${person}`);
    expect(invoice?.kind).toBe('invoice');

    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'registrant.erase'));
    expect(audit).toMatchObject({ entityType: 'deletion_request', entityId: String(request!.id) });

    const again = await asOrganizer(
      owner.cookie,
      'POST',
      `/api/admin/deletion-requests/${request!.id}/erase`,
    );
    expect(again.statusCode).toBe(409);
    const open = await asOrganizer(owner.cookie, 'GET', '/api/admin/deletion-requests?status=open');
    expect(envelope(DeletionRequestPageSchema).parse(open.json()).data.items).toEqual([]);
  });

  it('answers 404 for an unknown request', async () => {
    const response = await asOrganizer(owner.cookie, 'POST', '/api/admin/deletion-requests/999999/erase');
    expect(response.statusCode).toBe(404);
  });
});
