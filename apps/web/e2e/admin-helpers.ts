/**
 * Organizers in the end-to-end specs. The owner is added by the organizer CLI before the server
 * starts (playwright.config.ts); the specs add every other organizer through the owner's console.
 * TOTP codes are computed from the setup key the enrolment page shows, with otpauth.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { simpleParser } from 'mailparser';
import type { APIRequestContext, Browser, Cookie, Page } from '@playwright/test';
import { E2E_OWNER, PASSWORD } from './admin-accounts';
import { dataDir, expect, expectConsoleErrorOn, outboxMessagesMentioning, test } from './fixtures';

export { E2E_OWNER, PASSWORD } from './admin-accounts';

/** The current code of an authenticator holding `secret` (base32, spaces allowed). */
export function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();
}

/** Who last signed in on a page, so enrolment can keep their secret for later specs. */
const signingIn = new WeakMap<Page, string>();

/** An email as a file name's part. */
const slug = (email: string) => email.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const secretFile = (email: string) => path.join(dataDir(), `e2e-totp-${slug(email)}.txt`);

/**
 * The TOTP secret an organizer enrolled earlier in this run (any spec file: it is kept in the
 * server's data directory), so a later spec can sign them in again; undefined if not enrolled.
 */
export function savedTotpSecret(email: string): string | undefined {
  return existsSync(secretFile(email)) ? readFileSync(secretFile(email), 'utf8') : undefined;
}

/** The console's answer when one address signs in more than 30 times a minute (organizers/auth.ts). */
const SIGN_IN_LIMIT_MESSAGE = 'Too many requests. Please try again later.';

/**
 * Enters email and password on the sign-in page. The specs sign in back to back from one
 * address, as no festival team does: when the console's per-address limit answers, this waits
 * out its minute and signs in again, as a person would.
 */
export async function signInWithPassword(page: Page, email: string, password = PASSWORD) {
  signingIn.set(page, email);
  await page.goto('/admin/sign-in');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  // The sign-in request's answer (none when the form stops the submission itself).
  const answer = page
    .waitForResponse((response) => response.url().endsWith('/api/admin/auth/sign-in/email'), {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if ((await answer)?.status() === 429) {
    expectConsoleErrorOn(page, /status of 429/);
    await expect(page.getByRole('alert').filter({ hasText: SIGN_IN_LIMIT_MESSAGE })).toBeVisible();
    // The minute waited is the limit's, not the test's: the test gets it on top of its own time.
    test.info().setTimeout(test.info().timeout + 61_000);
    await page.waitForTimeout(61_000);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
}

/**
 * On the enrolment page (where the console sends a role that needs two-factor): confirms the
 * password, reads the setup key and the backup codes, enters a code. Returns the secret and
 * the backup codes for later sign-ins.
 */
export async function enrolTotp(
  page: Page,
  password = PASSWORD,
): Promise<{ secret: string; backupCodes: string[] }> {
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the authenticator setup' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  const email = signingIn.get(page);
  if (email) writeFileSync(secretFile(email), secret);
  const backupCodes = await page
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem')
    .allTextContents();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  return { secret, backupCodes };
}

/** Signs in an enrolled organizer: password, then the current TOTP code. */
export async function signInWithTotp(page: Page, email: string, secret: string, password = PASSWORD) {
  await signInWithPassword(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor check' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Where the session cookies of an organizer signed in on the server at `origin` are kept. */
const sessionFile = (email: string, origin: string) =>
  path.join(dataDir(), `e2e-session-${slug(email)}-${new URL(origin).port}.json`);

/**
 * Gives the page's context the session `email` last got from signInEnrolled on this server (any
 * spec file), if the server still takes it (a spec may have signed them out, or the session may
 * have expired), and opens the console's start page, where a sign-in lands. False if there is none.
 */
async function resumeSession(page: Page, email: string): Promise<boolean> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  if (!existsSync(sessionFile(email, origin))) return false;
  await page.context().addCookies(JSON.parse(readFileSync(sessionFile(email, origin), 'utf8')) as Cookie[]);
  const me = await page.request.get('/api/admin/me');
  if (me.status() !== 200 || ((await me.json()) as { data?: { email?: string } }).data?.email !== email) {
    await page.context().clearCookies();
    return false;
  }
  await page.goto('/admin');
  return true;
}

/**
 * Signs in an organizer who must use two-factor, whichever spec enrolled them (or none yet): with
 * a code from the saved secret, or by enrolling now. Waits until the console has let them in.
 * Signing in takes a slow password hash and a two-factor step, and most specs sign in only to
 * use the console: the session is kept for the run and resumed while the server takes it.
 * `throughThePage` signs in on the sign-in page whatever is kept, for the specs about signing in.
 */
export async function signInEnrolled(
  page: Page,
  email: string,
  { password = PASSWORD, throughThePage = false }: { password?: string; throughThePage?: boolean } = {},
) {
  if (throughThePage || !(await resumeSession(page, email))) {
    const secret = savedTotpSecret(email);
    if (secret) {
      await signInWithTotp(page, email, secret, password);
    } else {
      await signInWithPassword(page, email, password);
      await enrolTotp(page, password);
    }
  }
  await expect(page).not.toHaveURL(/\/admin\/(two-factor|sign-in)/);
  const origin = new URL(page.url()).origin;
  writeFileSync(sessionFile(email, origin), JSON.stringify((await page.context().storageState()).cookies));
}

/** The sample embed the home page's video tests open (the seeded edition has no video). */
export const SAMPLE_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/SAMPLE_VIDEO_ID?autoplay=1&rel=0';

/**
 * Gives the current edition the sample video, as an organizer would in the console, so the home
 * page offers its play button: the video is the edition's data, and the seed sets none.
 */
export async function giveEditionAVideo(browser: Browser) {
  const page = await browser.newPage();
  try {
    await signInEnrolled(page, E2E_OWNER.email);
    const response = await page.request.fetch('/api/admin/editions/current', {
      method: 'PATCH',
      data: { videoUrl: SAMPLE_VIDEO_URL },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await page.close();
  }
}

/**
 * The set-password link of the newest email to `email` whose subject matches `subject` (an
 * invitation or a password reset), waiting for the server's job to send it.
 */
export async function setPasswordLink(email: string, subject: RegExp): Promise<string> {
  const find = async () => {
    const mails = await Promise.all((await outboxMessagesMentioning(email)).map((raw) => simpleParser(raw)));
    const matching = mails
      .filter((mail) => subject.test(mail.subject ?? ''))
      .sort((a, b) => (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0));
    return /https?:\/\/\S+\/admin\/set-password#token=[A-Za-z0-9]+/.exec(matching[0]?.text ?? '')?.[0];
  };
  await expect.poll(find, { timeout: 15_000 }).toBeTruthy();
  return (await find())!;
}

/**
 * Invites an organizer through an owner's signed-in request context (as the organizers page
 * does) and chooses their password through the invitation's link (as the set-password page
 * does), so a spec can then sign them in with `password`. Returns the email, lower-cased.
 */
export async function inviteWithPassword(
  owner: APIRequestContext,
  person: { email: string; name: string; role: string },
  password = PASSWORD,
): Promise<string> {
  // Same-origin, as the console sends it: the origin of the server this context talks to.
  const origin = new URL((await owner.get('/api/admin/me')).url()).origin;
  const invited = await owner.post('/api/admin/organizers', { headers: { origin }, data: person });
  expect(invited.status(), await invited.text()).toBe(201);
  const email = person.email.toLowerCase();
  const token = new URL(await setPasswordLink(email, /invited/)).hash.replace('#token=', '');
  const set = await owner.post('/api/admin/auth/reset-password', {
    headers: { origin },
    data: { token, newPassword: password },
  });
  expect(set.status(), await set.text()).toBe(200);
  return email;
}
