import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, clockFrom, type TestContext } from './helper.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { filesBelow } from './registration-helpers.js';

let smtp: TestSmtpServer;
let t: TestContext;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await build({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Startup Fest <hello@festival.test>' },
    // The mail names the spec's 2024 edition, current on this clock (seed nextEdition).
    now: clockFrom(),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('award voting OTP over SMTP', () => {
  it('delivers the code in HTML and text, and the delivered code records the vote', async () => {
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/AwardVoting',
      payload: { email: 'Smtp.Voter@Example.com', id: 1 },
    });
    expect(send.statusCode, send.body).toBe(200);

    const delivered = smtp.received.filter((item) => item.envelopeTo.includes('smtp.voter@example.com'));
    expect(delivered).toHaveLength(1);
    const { mail } = delivered[0]!;
    expect(mail.from?.text).toContain('hello@festival.test');
    expect(mail.subject).toBe('Your voting code for Startup Fest Gujarat 2024');
    const code = /^\s+(\d{6})$/m.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.text).toContain('This code expires in 5 minutes');
    expect(mail.text).toContain('20–21 October 2024');
    expect(await filesBelow(`${t.dataDir}/outbox`)).toEqual([]);

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp/AwardVoting',
      payload: { email: 'smtp.voter@example.com', otp: code, id: 1 },
    });
    expect(verify.statusCode, verify.body).toBe(200);
  });
});
