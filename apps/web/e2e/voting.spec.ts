/**
 * Award voting from a nominee page, with the spec's popup and alerts: the code is
 * read from the email the server wrote to its outbox.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import {
  dataDir,
  expect,
  expectNoAccessibilityViolations,
  test,
  uniqueEmail,
  waitForHydration,
} from './fixtures';

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

/** Opens the popup, asks for a code for `email` and waits for step 2. */
async function requestOtp(page: Page, email: string, alerts: string[], id = 1) {
  const dialog = await openVotePopup(page, id);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect.poll(() => alerts.at(-1)).toBe('OTP sent successfully.');
  await expect(dialog.getByRole('textbox', { name: 'OTP' })).toBeVisible();
  return dialog;
}

test('a visitor votes with the emailed code, and the same email cannot vote again', async ({
  page,
  alerts,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 409/);
  const email = uniqueEmail('voter');
  const dialog = await requestOtp(page, email, alerts);
  await expect(dialog.getByText(/^Expires in (5:00|4:5\d)$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend OTP' })).toBeVisible();

  await dialog.getByRole('textbox', { name: 'OTP' }).fill(await latestOtp(email));
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await reloaded;
  // The page reloads itself, so the fixture's wait on navigations does not apply.
  await waitForHydration(page);
  expect(alerts).toEqual(['OTP sent successfully.', 'OTP verification successful.']);
  await expect(page.getByRole('button', { name: 'VOTE NOW' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'VOTE NOW' }).click();
  const again = page.getByRole('dialog', { name: 'Vote Now' });
  await again.getByRole('textbox', { name: 'Email' }).fill(email);
  await again.getByRole('button', { name: 'Get OTP' }).click();
  await expect.poll(() => alerts.at(-1)).toBe('Your vote has already been recorded!');
  await expect(again.getByRole('button', { name: 'Get OTP' })).toBeEnabled();
  await expect(again.getByRole('textbox', { name: 'OTP' })).toHaveCount(0);
  await expect(again.getByText(/Expires in/)).toHaveCount(0);
});

/** Opens the popup, asks for a code, enters the emailed code and waits for the page to reload. */
async function castVote(page: Page, email: string, alerts: string[], id: number, codesBefore = 0) {
  const dialog = await requestOtp(page, email, alerts, id);
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(await latestOtp(email, codesBefore));
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await reloaded;
  await waitForHydration(page);
  await expect.poll(() => alerts.at(-1)).toBe('OTP verification successful.');
}

test('a voter has one vote in each award category, reached from /awards', async ({ page, alerts }) => {
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
  await castVote(page, email, alerts, 1);
  await castVote(page, email, alerts, 2, 1);
});

test('an empty code is refused without a request, and a wrong code fails', async ({
  page,
  alerts,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 400/);
  const email = uniqueEmail('voter');
  let verifications = 0;
  page.on('request', (request) => {
    if (request.url().includes('/verify-otp/')) verifications += 1;
  });
  const dialog = await requestOtp(page, email, alerts, 2);

  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect.poll(() => alerts.at(-1)).toBe('OTP is required for verification');
  expect(verifications).toBe(0);

  const code = await latestOtp(email);
  const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(wrong);
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect.poll(() => alerts.at(-1)).toBe('OTP verification failed. Please try again.');
  expect(verifications).toBe(1);
  await expect(dialog.getByRole('textbox', { name: 'OTP' })).toHaveValue(wrong);
});

test('an unreachable server fails the send and the verification with their alerts', async ({
  page,
  alerts,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/net::ERR_FAILED/);
  const email = uniqueEmail('voter');
  await page.route('**/api/auth/send-otp/AwardVoting', (route) => route.abort());
  const dialog = await openVotePopup(page, 3);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect.poll(() => alerts).toEqual(['Something went wrong. Please try again.']);
  await expect(dialog.getByRole('textbox', { name: 'OTP' })).toHaveCount(0);

  await page.unroute('**/api/auth/send-otp/AwardVoting');
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect.poll(() => alerts.at(-1)).toBe('OTP sent successfully.');
  await page.route('**/api/auth/verify-otp/AwardVoting', (route) => route.abort());
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(await latestOtp(email));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect.poll(() => alerts.at(-1)).toBe('OTP verification failed. Please try again.');
});

test('the code expiry counts down in m:ss, restarts on Resend OTP and stops at 0:00', async ({
  page,
  alerts,
}) => {
  await page.clock.install();
  const email = uniqueEmail('voter');
  const dialog = await requestOtp(page, email, alerts, 4);
  const expiry = dialog.getByText(/^Expires in \d:\d\d$/);
  await expect(expiry).toHaveText(/^Expires in (5:00|4:5\d)$/);

  await page.clock.runFor('01:00');
  await expect(expiry).toHaveText(/^Expires in (4:00|3:5\d)$/);

  const resent = page.waitForResponse('**/api/auth/resend-otp/AwardVoting');
  await dialog.getByRole('button', { name: 'Resend OTP' }).click();
  const { msg } = (await (await resent).json()) as { msg: string };
  await expect.poll(() => alerts.at(-1)).toBe(msg);
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

test('the vote popup fits a 375 px screen', async ({ page, alerts }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const dialog = await requestOtp(page, uniqueEmail('voter'), alerts, 1);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Verify OTP' })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('vote-popup-375.png') });
  await expectNoAccessibilityViolations(page);
});
