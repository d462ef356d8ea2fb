import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voteOtps, votes } from '../src/db/schema.js';
import type { MailMessage, Mailer } from '../src/modules/mail/mailer.js';
import { voterKey } from '../src/modules/voting/service.js';
import { build, clockFrom, type TestContext } from './helper.js';
import { outbox } from './registration-helpers.js';
import { awardCategoryOf } from './voting-helpers.js';

let t: TestContext;
// Installed before 20 September 2024, so the spec's edition is the current one (seed
// nextEdition); the votes are cast on its first day.
let clock = new Date('2024-09-15T06:00:00Z');
beforeAll(async () => {
  t = await build({ now: () => clock });
  clock = new Date('2024-10-20T06:00:00Z');
});
afterAll(async () => t?.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let nextAddress = 1;
/** A fresh client address, so the per-address limits only trip where a test means them to. */
const freshAddress = () => `10.2.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

type Action = 'send' | 'resend' | 'verify';
function call(action: Action, payload: Record<string, unknown>, remoteAddress = freshAddress(), app = t.app) {
  return app.inject({ method: 'POST', url: `/api/auth/${action}-otp/AwardVoting`, payload, remoteAddress });
}

/** The code in the newest outbox message to `email`. */
async function latestCode(email: string, dataDir = t.dataDir): Promise<string> {
  const mails = (await outbox(dataDir)).filter((mail) => JSON.stringify(mail.to).includes(email));
  const text = mails.at(-1)?.text ?? '';
  const match = /^\s+(\d{6})$/m.exec(text);
  if (!match) throw new Error(`no OTP mail to ${email}`);
  return match[1]!;
}

async function votesOf(email: string) {
  return t.app.db.select().from(votes).where(eq(votes.email, email));
}

async function sendAndRead(email: string) {
  const response = await call('send', { email, id: 1 });
  expect(response.statusCode, response.body).toBe(200);
  return latestCode(email);
}

describe('send → verify', () => {
  it('emails a code, records the vote once, and then refuses the email in that category', async () => {
    const email = 'asha@voter.example';
    const sent = await call('send', { email, id: 2 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ isOk: true, message: 'OTP sent successfully.' });

    const mails = (await outbox(t.dataDir)).filter((mail) => JSON.stringify(mail.to).includes(email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your voting code for Startup Fest Gujarat 2024');
    expect(mail.text).toContain('Startup Fest Gujarat 2024 awards (20–21 October 2024');
    expect(mail.text).toContain('This code expires in 5 minutes and can be used once.');
    const code = await latestCode(email);
    expect(mail.html).toContain(`>${code}</p>`);

    const [otp] = await t.app.db.select().from(voteOtps).where(eq(voteOtps.email, email));
    expect(otp!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(otp!.codeHash).not.toContain(code);
    expect(otp!.expiresAt.getTime() - clock.getTime()).toBe(300 * SECOND);

    const verified = await call('verify', { email, otp: code, id: 2 });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ isOk: true, message: 'Vote recorded.' });
    const [vote] = await votesOf(email);
    expect(vote).toMatchObject({ email, cmsPageId: 2 });
    // The key that outlives an erasure of the email (deletion-requests.test.ts), not the email itself.
    expect(vote!.voterKey).toMatch(/^[0-9a-f]{64}$/);
    expect(vote!.voterKey).toBe(voterKey(t.config.OTP_SECRET, email.toUpperCase()));

    const already = { isOk: false, error: 'Email already exists.', message: 'Email already exists.' };
    const again = await call('verify', { email, otp: code, id: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(already);
    // The popup names the nominee it was opened from: the email voted in that nominee's category.
    for (const action of ['send', 'resend'] as const) {
      const refused = await call(action, { email, id: 2 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(already);
    }
    expect(await votesOf(email)).toHaveLength(1);
    // Nominee 3 is in another award category, where this email has not voted yet.
    expect((await call('send', { email, id: 3 })).statusCode).toBe(200);
  });

  it('normalises the email (trim, lower case)', async () => {
    const sent = await call('send', { email: '  Ravi.K@Voter.Example ' });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await latestCode('ravi.k@voter.example');
    const verified = await call('verify', { email: 'RAVI.K@voter.example', otp: code, id: '1' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await votesOf('ravi.k@voter.example')).toHaveLength(1);
  });

  it('answers 400 with field messages for a bad email or a missing code', async () => {
    for (const action of ['send', 'resend'] as const) {
      for (const email of ['not-an-email', 'a@b', 'x y@z.example']) {
        const response = await call(action, { email });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ isOk: false, errors: { email: 'Invalid email address' } });
      }
    }
    const noCode = await call('verify', { email: 'ok@voter.example', otp: '', id: 1 });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual({ otp: 'OTP is required for verification' });
    const shortCode = await call('verify', { email: 'ok@voter.example', otp: '123', id: 1 });
    expect(shortCode.json().errors).toEqual({ otp: 'OTP must be 6 digits' });
  });

  it('answers 404 for an unknown nominee and records nothing', async () => {
    const email = 'lost@voter.example';
    const sent = await call('send', { email, id: 999 });
    expect(sent.statusCode).toBe(404);
    expect(sent.json()).toMatchObject({ isOk: false, message: 'Nominee not found' });
    const code = await sendAndRead(email);
    const verified = await call('verify', { email, otp: code, id: 5 /* the about page, not a nominee */ });
    expect(verified.statusCode).toBe(404);
    expect(await votesOf(email)).toHaveLength(0);
    expect((await call('verify', { email, otp: code, id: 4 })).statusCode).toBe(200);
  });
});

describe('code rules', () => {
  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const email = 'guess@voter.example';
    const code = await sendAndRead(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await call('verify', { email, otp: wrong, id: 1 });
      expect(response.statusCode).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages).toEqual([
      'Invalid OTP. 4 attempts left.',
      'Invalid OTP. 3 attempts left.',
      'Invalid OTP. 2 attempts left.',
      'Invalid OTP. 1 attempt left.',
      'Too many wrong attempts. Please request a new OTP.',
    ]);
    const right = await call('verify', { email, otp: code, id: 1 });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({
      isOk: false,
      message: 'Too many wrong attempts. Please request a new OTP.',
    });
    expect(await votesOf(email)).toHaveLength(0);

    const fresh = await sendAndRead(email);
    expect((await call('verify', { email, otp: fresh, id: 1 })).statusCode).toBe(200);
  });

  it("expires a code after 300 seconds, when the vote popup's countdown ends", async () => {
    const email = 'late@voter.example';
    const code = await sendAndRead(email);
    advance(301 * SECOND);
    const late = await call('verify', { email, otp: code, id: 1 });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ isOk: false, message: 'This OTP has expired. Please request a new OTP.' });

    const next = await sendAndRead(email);
    advance(299 * SECOND);
    expect((await call('verify', { email, otp: next, id: 1 })).statusCode).toBe(200);
  });

  it('accepts a code once', async () => {
    const email = 'once@voter.example';
    const code = await sendAndRead(email);
    expect((await call('verify', { email, otp: code, id: 1 })).statusCode).toBe(200);
    // Without the vote (say, removed by an organiser) the used code still does not work again.
    await t.app.db.delete(votes).where(eq(votes.email, email));
    const reused = await call('verify', { email, otp: code, id: 1 });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This OTP has already been used. Please request a new OTP.');
  });

  it('invalidates the earlier code on resend', async () => {
    const email = 'resend@voter.example';
    const first = await sendAndRead(email);
    let second = first;
    // A fresh code equals the old one once in a million; resend until it differs.
    for (let i = 0; i < 3 && second === first; i += 1) {
      const resent = await call('resend', { email });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toEqual({
        isOk: true,
        msg: 'OTP resent successfully.',
        message: 'OTP resent successfully.',
      });
      second = await latestCode(email);
    }
    expect(second).not.toBe(first);
    const old = await call('verify', { email, otp: first, id: 3 });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toMatch(/^Invalid OTP\./);
    expect((await call('verify', { email, otp: second, id: 3 })).statusCode).toBe(200);
  });

  it('answers a clear message when no code was requested', async () => {
    const response = await call('verify', { email: 'never@voter.example', otp: '123456', id: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('No OTP has been requested for this email. Please request an OTP.');
  });
});

describe('rate limits', () => {
  const limited = {
    isOk: false,
    message: 'Too many OTP requests. Please try again later.',
    error: 'Too many OTP requests. Please try again later.',
  };

  it('allows 5 codes per email per hour, counted in the database', async () => {
    const email = 'eager@voter.example';
    for (let i = 0; i < 5; i += 1) {
      const response = await call(i % 2 === 0 ? 'send' : 'resend', { email });
      expect(response.statusCode, response.body).toBe(200);
    }
    const sixth = await call('send', { email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(limited);
    expect(await t.app.db.$count(voteOtps, eq(voteOtps.email, email))).toBe(5);

    advance(60 * MINUTE);
    expect((await call('resend', { email })).statusCode).toBe(200);
  });

  it('allows 20 send requests per address per hour', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < 20; i += 1) {
      const response = await call('send', { email: `crowd${i}@voter.example` }, address);
      expect(response.statusCode, response.body).toBe(200);
    }
    const over = await call('send', { email: 'crowd20@voter.example' }, address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(limited);
    expect(await t.app.db.$count(voteOtps, eq(voteOtps.email, 'crowd20@voter.example'))).toBe(0);
    expect((await call('send', { email: 'crowd20@voter.example' })).statusCode).toBe(200);
  });

  it('allows 30 verifications per address per 10 minutes', async () => {
    const address = '198.51.100.8';
    for (let i = 0; i < 30; i += 1) {
      const response = await call(
        'verify',
        { email: `probe${i}@voter.example`, otp: '123456', id: 1 },
        address,
      );
      expect(response.statusCode).toBe(400);
    }
    const over = await call('verify', { email: 'probe30@voter.example', otp: '123456', id: 1 }, address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      isOk: false,
      error: 'Too many verification attempts. Please try again later.',
    });
  });
});

describe('one vote per email in each award category', () => {
  it('records exactly one vote when the same code is verified twice at once', async () => {
    const email = 'race@voter.example';
    const code = await sendAndRead(email);
    const responses = await Promise.all([
      call('verify', { email, otp: code, id: 1 }),
      call('verify', { email, otp: code, id: 2 }),
      call('verify', { email, otp: code, id: 3 }),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((status) => status === 409 || status === 400)).toBe(true);
    expect(await votesOf(email)).toHaveLength(1);
  });

  it('is held by a unique index on the category and the email', async () => {
    const email = 'direct@voter.example';
    const awardCategoryId = await awardCategoryOf(t.app.db, 1);
    const results = await Promise.allSettled([
      t.app.db.insert(votes).values({ email, cmsPageId: 1, awardCategoryId }),
      t.app.db.insert(votes).values({ email, cmsPageId: 2, awardCategoryId }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await t.app.db.$count(votes, eq(votes.email, email))).toBe(1);
  });
});

describe('when the OTP email cannot be sent', () => {
  let failing: TestContext;
  const attempted: MailMessage[] = [];
  beforeAll(async () => {
    const mailer: Mailer = {
      async send(message) {
        attempted.push(message);
        throw new Error('SMTP server unreachable');
      },
      close() {},
    };
    // Before the 2024 edition, whose nominees the test votes for, ended.
    failing = await build({ mailer, now: clockFrom() });
  });
  afterAll(async () => failing?.close());

  it('answers 502 and leaves no usable code', async () => {
    const email = 'unlucky@voter.example';
    const response = await call('send', { email }, freshAddress(), failing.app);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      isOk: false,
      message: 'Could not send the OTP email. Please try again.',
    });
    const code = /^\s+(\d{6})$/m.exec(attempted[0]!.text)![1]!;
    const verified = await call('verify', { email, otp: code, id: 1 }, freshAddress(), failing.app);
    expect(verified.statusCode).toBe(400);
    expect(verified.json().message).toBe('This OTP is no longer valid. Please request a new OTP.');
    expect(await failing.app.db.$count(votes)).toBe(0);
  });
});
