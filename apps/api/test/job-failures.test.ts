/**
 * Failed jobs an organizer can see: a confirmation email that cannot reach the mail server is
 * listed with the reason in words and a link to its order; once the server is back, a retry
 * sends it and the list empties. Owners, managers and finance only. Against a real SMTP server
 * (smtp-server) that is down, then up on the same port.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema, type JobFailure } from '@festival/shared';
import { plainReason } from '../src/modules/job-failures/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { ORIGIN, signedInOrganizer } from './organizer-helpers.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { checkout, insertAttendees, insertTicketType, payWithSandbox } from './ticketing-helpers.js';

let t: TestContext;
let port: number;
let smtp: TestSmtpServer | undefined;
let finance: { cookie: string };

const failures = async (cookie = finance.cookie) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/job-failures', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as JobFailure[];
};

beforeAll(async () => {
  // A port nothing listens on until the test starts the mail server there.
  const probe = await startSmtpServer();
  port = Number(new URL(probe.url).port);
  await probe.close();
  t = await build({
    now: clockFrom(),
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    jobs: { retryLimit: 0 },
  });
  finance = await signedInOrganizer(t.app, 'finance');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('failed jobs', () => {
  it('list an email the mail server never took, in words, with its order; a retry sends it', async () => {
    const ticketId = await insertTicketType(t.app.db, { name: 'Failing Mail Pass', amount: 30_000 });
    const response = await checkout(t.app, await insertAttendees(t.app.db, 1), ticketId);
    const { order } = CheckoutResponseSchema.parse(response.json());
    await payWithSandbox(t.app, order.id);

    await expect
      .poll(async () => (await failures()).find((job) => job.label === 'Confirmation email with passes'), {
        timeout: 30_000,
      })
      .toMatchObject({
        state: 'failed',
        attempts: 1,
        reason: 'The mail server could not be reached. Check SMTP_URL and that the server is up, then retry.',
        detail: expect.stringMatching(/ECONNREFUSED/),
        orderReference: order.reference,
      });
    const [failed] = (await failures()).filter((job) => job.label === 'Confirmation email with passes');

    const content = await signedInOrganizer(t.app, 'content');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/job-failures',
      headers: { cookie: content.cookie },
    });
    expect(refused.statusCode).toBe(403);

    smtp = await startSmtpServer({ port });
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/job-failures/${failed!.id}/retry`,
      headers: { cookie: finance.cookie, origin: ORIGIN },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await expect.poll(() => smtp!.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await failures()).some((job) => job.id === failed!.id)).toBe(false);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/job-failures/${failed!.id}/retry`,
      headers: { cookie: finance.cookie, origin: ORIGIN },
    });
    expect(again.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/admin/job-failures/${randomUUID()}/retry`,
      headers: { cookie: finance.cookie, origin: ORIGIN },
    });
    expect(unknown.statusCode).toBe(409);
    const audit = await t.app.db.query.auditLog.findFirst({
      where: (row, { eq }) => eq(row.action, 'job.retry'),
    });
    expect(audit?.entityId).toBe(failed!.id);
  }, 90_000);

  it('say why in words an organizer can act on', () => {
    expect(plainReason('pass-email', 'Invalid login: 535 5.7.8 Authentication failed')).toMatch(
      /refused the sign-in/,
    );
    expect(plainReason('refund', 'The amount must be at least INR 1.00')).toBe(
      'The payment provider did not accept the refund: The amount must be at least INR 1.00',
    );
    expect(plainReason('waiting-list-sweep', null)).toBe('The job failed without saying why.');
  });
});
