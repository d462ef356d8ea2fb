/**
 * Failures an organizer can see, on a server whose mail server is down (playwright.config.ts,
 * project `mail-down`): an inquiry's notice to the organizers cannot be sent, the dashboard
 * warns, the failed-jobs page says why in words; once a mail server listens on SMTP_URL the
 * job's next attempt sends it and it leaves the page. Checked on a phone and with axe.
 */
import { SMTPServer } from 'smtp-server';
import { MAIL_DOWN_OWNER } from './admin-accounts';
import { signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  field,
  PHONE,
  test,
  uniqueEmail,
} from './fixtures';

test('an email the mail server never took is listed with the reason and leaves once the server is back', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(240_000);
  expectedConsoleErrors.push(/status of 401/);
  await page.goto('/contact');
  await field(page, 'Name').fill('Asha Patel');
  await field(page, 'Email').fill(uniqueEmail('mail-down'));
  await field(page, 'Phone number').fill(PHONE);
  await field(page, 'Subject').fill('Stall for our agri-tech startup');
  await field(page, 'Your Message').fill('Is a 3 by 3 stall still available?');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form submitted successfully!' })).toBeVisible();

  await signInEnrolled(page, MAIL_DOWN_OWNER.email);
  await page.goto('/admin');
  await expect(page.getByText(/1 job is failing/)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'See failed jobs' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Failed jobs');
  const row = page.getByRole('row').filter({ hasText: 'Inquiry notice to the organizers' });
  await expect(row).toContainText('The mail server could not be reached');
  await expect(row).toContainText('Retrying');
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('failed-jobs-375.png'), fullPage: true });

  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) =>
    smtp.listen(Number(process.env.E2E_MAIL_DOWN_SMTP_PORT), '127.0.0.1', resolve),
  );
  try {
    // The job's next attempt (backing off: seconds to a minute) finds the server; the list
    // refreshes itself every 30 seconds.
    await expect.poll(() => received.length, { timeout: 150_000 }).toBeGreaterThan(0);
    await expect(row).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByText('No failed jobs')).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
