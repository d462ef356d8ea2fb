/**
 * DPDP Act 2023 §12: a registrant's deletion request, carried out by an owner in the console.
 * The erasure replaces the person's data in registrations, contact inquiries and award votes,
 * ends their manage links and sessions, keeps the tax invoice as issued, and is audited; a
 * manager may read the list but not erase; a request is carried out once.
 */
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  DeletionRequestPageSchema,
  DeletionRequestSchema,
  envelope,
  VOTE_ALREADY_RECORDED_ERROR,
} from '@festival/shared';
import {
  auditLog,
  cmsPages,
  contactInquiries,
  manageLinks,
  registrations,
  startupDetails,
  taxDocuments,
  uploadedFiles,
  votes,
  waitingListEntries,
} from '../src/db/schema.js';
import { requestDeletion } from '../src/modules/self-service/data-rights.js';
import { registrantActor } from '../src/modules/self-service/sign-in.js';
import { build, clockFrom, settleJobs, type TestContext } from './helper.js';
import { PNG } from './registration-helpers.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import {
  checkout,
  GST_SETTINGS as SETTINGS,
  insertAttendees,
  insertTicketType,
  payWithSandbox,
} from './ticketing-helpers.js';
import { awardCategoryOf } from './voting-helpers.js';

let t: TestContext;
let owner: { cookie: string };
let manager: { cookie: string };

const EMAIL = 'Asha.Patel@example.com';

const asOrganizer = (
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: { cookie, origin: ORIGIN } });

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

  const [nominee] = await t.app.db
    .select({ id: cmsPages.id })
    .from(cmsPages)
    .where(eq(cmsPages.kind, 'nominee'))
    .limit(1);
  await t.app.db.insert(votes).values({
    email: email.toLowerCase(),
    cmsPageId: nominee!.id,
    awardCategoryId: await awardCategoryOf(t.app.db, nominee!.id),
    ip: '10.7.0.2',
  });
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
    // The one audit entry that names the person is their own deletion request.
    expect(handled.outcome).toEqual({
      registrations: 1,
      inquiries: 1,
      votes: 1,
      uploads: 0,
      waitingListEntries: 0,
      registrationAlerts: 0,
      messageRecipients: 0,
      auditEntriesRedacted: 1,
      // The sandbox's callback of their payment; their pass email's job.
      paymentEventsRedacted: 1,
      jobsDeleted: 1,
      taxDocumentsKept: 1,
    });

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

  it('deletes their files and erases them from waiting lists and the audit log; their email cannot vote again', async () => {
    const email = 'rohan.mehta@example.com';
    const registrationId = await personWithHistory(email);

    // A logo on disk, as a registration's upload leaves it.
    const storedName = '2024/10/logo-of-rohan.png';
    await mkdir(path.join(t.dataDir, 'uploads', '2024', '10'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'uploads', storedName), PNG);
    await t.app.db.insert(uploadedFiles).values({
      registrationId,
      purpose: 'logo',
      storedName,
      originalName: 'rohan.png',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
      sha256: 'not-checked-here',
    });

    // An organizer corrects the contact details; the person joins a sold-out pass's waiting list.
    const corrected = await asOrganizer(owner.cookie, 'PATCH', `/api/admin/registrations/${registrationId}`, {
      name: 'Rohan Mehta',
      email,
      countryCode: '+91',
      contactNo: '9812345678',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const soldOut = await insertTicketType(t.app.db, { capacity: 0, name: 'Sold-out Pass' });
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waiting-list',
      remoteAddress: '10.7.0.9',
      payload: { ticketTypeId: soldOut, name: 'Rohan Mehta', email, quantity: 1 },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const untouched = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));

    await requestDeletion(t.app.db, registrantActor(email, '10.7.0.4'), t.app.now());
    const open = await asOrganizer(owner.cookie, 'GET', '/api/admin/deletion-requests?status=open');
    const [request] = envelope(DeletionRequestPageSchema).parse(open.json()).data.items;
    const erased = await asOrganizer(
      owner.cookie,
      'POST',
      `/api/admin/deletion-requests/${request!.id}/erase`,
    );
    expect(erased.statusCode, erased.body).toBe(200);
    const { outcome } = envelope(DeletionRequestSchema).parse(erased.json()).data;
    // Audit entries: the contact correction, the waiting-list join and the deletion request.
    expect(outcome).toEqual({
      registrations: 1,
      inquiries: 1,
      votes: 1,
      uploads: 1,
      waitingListEntries: 1,
      registrationAlerts: 0,
      messageRecipients: 0,
      auditEntriesRedacted: 3,
      paymentEventsRedacted: 1,
      jobsDeleted: 1,
      taxDocumentsKept: 1,
    });

    // The file goes once the erasure has committed, with its row.
    await settleJobs(t.app);
    await expect(access(path.join(t.dataDir, 'uploads', storedName))).rejects.toThrow();
    expect(
      await t.app.db.select().from(uploadedFiles).where(eq(uploadedFiles.registrationId, registrationId)),
    ).toEqual([]);

    const [entry] = await t.app.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.ticketTypeId, soldOut));
    expect(entry).toMatchObject({
      name: 'Erased',
      email: `erased-${entry!.id}@erased.invalid`,
      status: 'removed',
    });

    // Nothing in the audit log names the person any more; what was done, and by whom, stays.
    const mentions = await t.app.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        sql`position(${email} in lower(${auditLog.organizerEmail} || ' ' || ${auditLog.entityId} || ' ' || coalesce(${auditLog.before}::text, '') || ' ' || coalesce(${auditLog.after}::text, ''))) > 0`,
      );
    expect(mentions).toEqual([]);
    const [correction] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registration.update_contact'), eq(auditLog.entityId, registrationId)));
    expect(correction).toMatchObject({
      organizerEmail: expect.not.stringContaining('erased') as unknown,
      before: { name: 'Erased', email: 'Erased', countryCode: '+91', contactNo: 'Erased' },
      after: { name: 'Erased', email: 'Erased', countryCode: '+91', contactNo: 'Erased' },
    });
    expect(correction?.redactedAt).not.toBeNull();
    const [asked] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'registrant.deletion_request'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(asked).toMatchObject({ organizerId: 'registrant', ip: '', entityId: `erased-${asked!.id}` });
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).toEqual(
      untouched,
    );

    // The vote still counts, and the address cannot vote a second time.
    const [nominee] = await t.app.db
      .select({ id: cmsPages.id })
      .from(cmsPages)
      .where(eq(cmsPages.kind, 'nominee'))
      .limit(1);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/AwardVoting',
      payload: { email, id: nominee!.id },
    });
    expect(again.json()).toMatchObject({ isOk: false, message: VOTE_ALREADY_RECORDED_ERROR });
  });

  it('answers 404 for an unknown request', async () => {
    const response = await asOrganizer(owner.cookie, 'POST', '/api/admin/deletion-requests/999999/erase');
    expect(response.statusCode).toBe(404);
  });
});
