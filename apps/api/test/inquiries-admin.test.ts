/**
 * The console's inquiries inbox (open and handled, searched), marking handled with an audit
 * row, and replying by email through the job queue to the person who wrote.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InquiryListQuerySchema } from '@festival/shared';
import { auditLog, contactInquiries } from '../src/db/schema.js';
import { listInquiries, replyToInquiry, setInquiryHandled } from '../src/modules/contact/service.js';
import { build, settleJobs, type TestContext } from './helper.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';

let t: TestContext;
let smtp: TestSmtpServer;
const manager = { organizerId: 'organizer-manager', email: 'manager@festival.test', ip: '192.0.2.30' };

const list = (query: Record<string, unknown> = {}) =>
  listInquiries(t.app.db, InquiryListQuerySchema.parse(query));

async function ask(name: string, email: string, subject: string, message: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/contact',
    payload: { contactPersonName: name, email, number: '9876543210', subject, message },
    remoteAddress: `10.9.0.${Math.floor(Math.random() * 200) + 1}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await t.app.db.select().from(contactInquiries).where(eq(contactInquiries.email, email));
  return row!.id;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await build({ env: { SMTP_URL: smtp.url, ORGANIZER_EMAIL: 'team@festival.test' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('inquiries inbox', () => {
  it('lists open inquiries newest first, searches them, and marks one handled with an audit row', async () => {
    const parking = await ask(
      'Meera Shah',
      'meera@visitor.example',
      'Parking for buses',
      'Can two buses park?',
    );
    const stall = await ask('Jösé Dsouza', 'jose@startup.example', 'Stall size', 'How big is a Gold stall?');
    expect((await list({ status: 'open' })).items.map((row) => row.id)).toEqual([stall, parking]);
    expect((await list({ q: 'jose' })).items.map((row) => row.id)).toEqual([stall]);
    expect((await list({ q: 'BUSES' })).items.map((row) => row.id)).toEqual([parking]);

    await setInquiryHandled(t.app.db, parking, true, manager, new Date());
    expect((await list({ status: 'open' })).items.map((row) => row.id)).toEqual([stall]);
    expect((await list({ status: 'handled' })).items.map((row) => row.id)).toEqual([parking]);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'inquiry.handle'));
    expect(audit).toMatchObject({
      entityId: String(parking),
      organizerEmail: manager.email,
      before: { handledAt: null },
    });
  });

  it('replies by email through the job queue, answerable to the organisers, and marks it handled', async () => {
    const id = await ask('Asha Patel', 'asha@visitor.example', 'Wheelchair access', 'Is the hall step-free?');
    await replyToInquiry(
      { db: t.app.db, now: () => new Date(), jobs: t.app.jobs },
      id,
      'Yes, every hall has ramps.',
      manager,
    );
    await settleJobs(t.app);
    const delivered = smtp.received.filter(({ envelopeTo }) => envelopeTo.includes('asha@visitor.example'));
    expect(delivered).toHaveLength(1);
    const { mail } = delivered[0]!;
    expect(mail.subject).toBe('Re: “Wheelchair access”');
    expect(mail.text).toContain('Yes, every hall has ramps.');
    expect(mail.text).toContain('> Is the hall step-free?');
    expect(mail.replyTo?.text).toBe('team@festival.test');
    const [inquiry] = (await list({ q: 'wheelchair' })).items;
    expect(inquiry?.handledAt).not.toBeNull();
    expect(inquiry?.replies).toMatchObject([
      { body: 'Yes, every hall has ramps.', organizerEmail: manager.email },
    ]);
    expect(inquiry?.replies[0]?.sentAt).not.toBeNull();
  });

  it('answers 404 for an unknown inquiry', async () => {
    await expect(setInquiryHandled(t.app.db, 999_999, true, manager, new Date())).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
