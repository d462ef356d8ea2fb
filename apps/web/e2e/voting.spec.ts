/**
 * Award voting from a nominee page, with the spec's popup and messages, said in the popup (its
 * status region, or an alert region for a failure; never an alert() pop-up): the code is read
 * from the email the server wrote to its outbox.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { dataDir, expect, expectNoAccessibilityViolations, test, uniqueEmail } from './fixtures';

/** The code in the newest voting email to `email`, waiting for it to arrive. */
async function latestOtp(email: string, notBefore = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = path.join(dataDir(), 'outbox');
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
          name.endsWith('.eml'),
        );
        const codes: string[] = [];
        // File names start with the ISO time written, so name order is send order.
        for (const name of names.sort()) {
          const mail = await simpleParser(await readFile(path.join(outbox, name)));
          const to = [mail.to ?? []].flat().map((address) => address.text.toLowerCase());
          const match = /^\s+(\d{6})\s*$/m.exec(mail.text ?? '');
          if (to.includes(email.toLowerCase()) && /voting code/i.test(mail.subject ?? '') && match?.[1])
            codes.push(match[1]);
        }
        code = codes.length > notBefore ? codes.at(-1) : undefined;
        return code;
      },
      { message: `a voting code emailed to ${email}` },
    )
    .toBeTruthy();
  return code as string;
}

/** Opens the vote popup of nominee page `id`. */
async function openVotePopup(page: Page, id = 1) {
  await page.goto(`/cms/${id}`);
  await page.getByRole('button', { name: 'VOTE NOW' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vote Now' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The popup's status line saying `text` (what the spec had as an alert). */
const said = (dialog: Locator, text: string | RegExp) => dialog.getByRole('status').filter({ hasText: text });

/** Opens the popup, asks for a code for `email` and waits for step 2. */
async function requestOtp(page: Page, email: string, id = 1) {
  const dialog = await openVotePopup(page, id);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(said(dialog, 'OTP sent successfully.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'OTP' })).toBeVisible();
  return dialog;
}

test('a visitor votes with the emailed code, and the same email cannot vote again', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 409/);
  const email = uniqueEmail('voter');
  const dialog = await requestOtp(page, email);
  await expect(dialog.getByText(/^Expires in (5:00|4:5\d)$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend OTP' })).toBeVisible();

  await dialog.getByRole('textbox', { name: 'OTP' }).fill(await latestOtp(email));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(said(dialog, 'OTP verification successful.')).toBeVisible();
  await expect(dialog).toContainText('your vote is recorded');
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'VOTE NOW' })).toBeFocused();

  await page.getByRole('button', { name: 'VOTE NOW' }).click();
  const again = page.getByRole('dialog', { name: 'Vote Now' });
  await again.getByRole('textbox', { name: 'Email' }).fill(email);
  await again.getByRole('button', { name: 'Get OTP' }).click();
  await expect(again.getByRole('alert')).toHaveText('Your vote has already been recorded!');
  await expect(again.getByRole('button', { name: 'Get OTP' })).toBeEnabled();
  await expect(again.getByRole('textbox', { name: 'OTP' })).toHaveCount(0);
  await expect(again.getByText(/Expires in/)).toHaveCount(0);
});

/** Opens the popup, asks for a code, enters the emailed code and waits for the confirmation. */
async function castVote(page: Page, email: string, id: number, codesBefore = 0) {
  const dialog = await requestOtp(page, email, id);
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(await latestOtp(email, codesBefore));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(said(dialog, 'OTP verification successful.')).toBeVisible();
}

test('a voter has one vote in each award category, reached from /awards', async ({ page }) => {
  await page.goto('/awards');
  await expect(page.getByRole('heading', { level: 1, name: 'Startup Fest Awards' })).toBeVisible();
  const current = page.getByRole('region', { name: 'Startup Fest Gujarat 2024 awards' });
  await expect(current.getByRole('heading', { level: 3 })).toHaveText([
    'Best Agri-Tech Startup',
    'Rural Healthcare Innovation Award',
    'Best Fin-Tech for Bharat',
    'Edu-Tech Impact Award',
  ]);
  await current.getByRole('link', { name: 'GramArogya' }).click();
  await expect(page).toHaveURL(/\/cms\/2$/);

  // KrishiSetu (1) and GramArogya (2) are nominated in two categories: the same email votes in both.
  const email = uniqueEmail('voter');
  await castVote(page, email, 1);
  await castVote(page, email, 2, 1);
});

test('an empty code is refused without a request, and a wrong code fails in the server’s words', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 400/);
  const email = uniqueEmail('voter');
  let verifications = 0;
  page.on('request', (request) => {
    if (request.url().includes('/verify-otp/')) verifications += 1;
  });
  const dialog = await requestOtp(page, email, 2);

  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByText('OTP is required for verification')).toBeVisible();
  expect(verifications).toBe(0);

  const code = await latestOtp(email);
  const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(wrong);
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid OTP. 4 attempts left.');
  expect(verifications).toBe(1);
  await expect(dialog.getByRole('textbox', { name: 'OTP' })).toHaveValue(wrong);
});

test('an unreachable server fails the send and the verification with the spec’s messages', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/net::ERR_FAILED/);
  const email = uniqueEmail('voter');
  await page.route('**/api/auth/send-otp/AwardVoting', (route) => route.abort());
  const dialog = await openVotePopup(page, 3);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
  await expect(dialog.getByRole('textbox', { name: 'OTP' })).toHaveCount(0);

  await page.unroute('**/api/auth/send-otp/AwardVoting');
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(said(dialog, 'OTP sent successfully.')).toBeVisible();
  await page.route('**/api/auth/verify-otp/AwardVoting', (route) => route.abort());
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(await latestOtp(email));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('OTP verification failed. Please try again.');
});

test('the code expiry counts down in m:ss, restarts on Resend OTP and stops at 0:00', async ({ page }) => {
  await page.clock.install();
  const email = uniqueEmail('voter');
  const dialog = await requestOtp(page, email, 4);
  const expiry = dialog.getByText(/^Expires in \d:\d\d$/);
  await expect(expiry).toHaveText(/^Expires in (5:00|4:5\d)$/);

  await page.clock.runFor('01:00');
  await expect(expiry).toHaveText(/^Expires in (4:00|3:5\d)$/);

  const resent = page.waitForResponse('**/api/auth/resend-otp/AwardVoting');
  await dialog.getByRole('button', { name: 'Resend OTP' }).click();
  const { msg } = (await (await resent).json()) as { msg: string };
  await expect(said(dialog, msg)).toBeVisible();
  await expect(expiry).toHaveText(/^Expires in (5:00|4:5\d)$/);
  // The resent code replaces the first one in the outbox.
  await latestOtp(email, 1);

  await page.clock.runFor('04:30');
  await expect(expiry).toHaveText(/^Expires in 0:[0-3]\d$/);
  await page.clock.runFor('01:00');
  await expect(expiry).toHaveText('Expires in 0:00');
  await expect(dialog.getByText('Time is up. Press Resend OTP for a new code.')).toBeVisible();
  await page.clock.runFor('01:00');
  await expect(expiry).toHaveText('Expires in 0:00');
});

test('the vote popup fits a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const dialog = await requestOtp(page, uniqueEmail('voter'), 1);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Verify OTP' })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('vote-popup-375.png') });
  await expectNoAccessibilityViolations(page);
});
