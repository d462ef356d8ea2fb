/**
 * Registering and managing a registration, tried as a registrant would: the attendees dialog asks
 * before it discards the attendees and keeps them over a reload; registering again with the email
 * mails it the manage link and says so on the page; the link (read from the outbox) opens the
 * manage page, where the person pays, downloads passes and a calendar entry, has the passes emailed
 * again, corrects a name, downloads their data and asks for its deletion, which an owner then
 * carries out in the console. The link works once.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { TAX_RECORD_RETENTION } from '@festival/shared';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import {
  dataDir,
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  expectScrollToTopCoversNothing,
  fillInvestorForm,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';

/** The newest sign-in link emailed to `email`, once it has arrived. */
async function signInLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = path.join(dataDir(), 'outbox');
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
          name.endsWith('.eml'),
        );
        const links: string[] = [];
        for (const name of names.sort()) {
          const mail = await simpleParser(await readFile(path.join(outbox, name)));
          const to = [mail.to ?? []].flat().map((address) => address.text.toLowerCase());
          const match = /(https?:\/\/\S+\/manage#token=[\w-]+)/.exec(mail.text ?? '');
          if (to.includes(email.toLowerCase()) && /sign-in link/.test(mail.subject ?? '') && match?.[1])
            links.push(match[1]);
        }
        link = links.at(-1);
        return link;
      },
      { message: `a sign-in link emailed to ${email}` },
    )
    .toBeTruthy();
  return link as string;
}

async function registerInvestor(page: Page, name: string, email: string) {
  await page.getByRole('tab', { name: 'Investor' }).click();
  const panel = tabPanel(page, 'Investor');
  await fillInvestorForm(panel, { name, email });
  await panel.getByRole('button', { name: 'Submit' }).click();
}

test('the attendees dialog asks before discarding the attendees and keeps them over a reload', async ({
  page,
}) => {
  await page.goto('/register');
  await registerInvestor(page, 'Asha Trivedi', uniqueEmail('keep'));
  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);

  await page.keyboard.press('Escape');
  const confirm = page.getByRole('alertdialog', { name: 'Discard the attendee list?' });
  await expect(confirm).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await confirm.getByRole('button', { name: 'Keep the list' }).click();
  await expect(confirm).toBeHidden();
  await expect(passes).toBeVisible();

  await page.reload();
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  await expect(passes).toContainText('Asha Trivedi');

  await passes.getByRole('button', { name: 'Close' }).click();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(passes).toBeHidden();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Investor' })).toBeVisible();
  await expect(passes).toHaveCount(0);
});

test('a registrant who did not pay gets a link, pays from the manage page and manages their passes', async ({
  page,
  expectedConsoleErrors,
}) => {
  // A long flow (register, sign-in link, payment, transfer, answers): past a minute on a loaded
  // two-core machine.
  test.setTimeout(180_000);
  // The second registration's refusal (409) and the spent link's second use (401).
  expectedConsoleErrors.push(/status of 409/, /status of 401/);
  const email = uniqueEmail('manage');

  // Registered, then the list was discarded without paying.
  await page.goto('/register');
  await registerInvestor(page, 'Rohan Mehta', email);
  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await passes.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();

  // Registering again mails the link instead of a dead end, and says so.
  await registerInvestor(page, 'Rohan Mehta', email);
  await expect(tabPanel(page, 'Investor').getByRole('alert')).toContainText(
    "This email is already registered as an Investor for this event. We've emailed you a link to your registration.",
  );
  await expect(page.getByRole('dialog', { name: 'Attendees in this registration' })).toHaveCount(0);

  const link = await signInLink(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage my registration');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  // The token left the address bar.
  expect(page.url()).not.toContain('token=');

  const payFor = page.getByRole('form', { name: 'Pay for Rohan Mehta' });
  await expect(payFor.getByRole('combobox', { name: 'Ticket' })).toHaveValue(/\d+/);
  await payFor.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  await expect(page.getByRole('heading', { name: 'PAYMENT SUCCESS' })).toBeVisible();
  const when = page.getByRole('region', { name: 'When and where' });
  await expect(when).toContainText('October 2024');
  await expect(when).toContainText('IST');
  await expect(when.getByRole('link', { name: /Add to Google Calendar/ })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
  const ics = page.waitForEvent('download');
  await when.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  expect((await ics).suggestedFilename()).toBe('startup-fest-gujarat.ics');
  const pdf = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download passes (PDF)' }).click();
  expect((await pdf).suggestedFilename()).toBe(`passes-${reference}.pdf`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: test.info().outputPath(`success-${width}.png`), fullPage: true });
  }

  // Back on the manage page in the same tab: still signed in.
  await page.getByRole('link', { name: 'Manage my registration' }).last().click();
  const order = page.getByRole('article', { name: `Order ${reference}` });
  await expect(order).toContainText('Paid');
  const again = page.waitForEvent('download');
  await order.getByRole('button', { name: 'Download passes (PDF)' }).click();
  expect((await again).suggestedFilename()).toBe(`passes-${reference}.pdf`);
  await order.getByRole('button', { name: 'Email my passes again' }).click();
  await expect(order.getByRole('status')).toContainText(`on their way to ${email}`);

  await page.getByRole('button', { name: 'Correct name of Rohan Mehta' }).click();
  await page.getByLabel('Name as it should be spelled').fill('Rohan Mehta Shah');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Rohan Mehta Shah', { exact: true })).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: test.info().outputPath(`manage-${width}.png`), fullPage: true });
    // The floating scroll-to-top button once covered this page's buttons on a phone.
    await expectScrollToTopCoversNothing(page);
  }

  // The same retention as the privacy notice (one fact, listed in one-story.spec.ts).
  await expect(page.getByRole('main')).toContainText(TAX_RECORD_RETENTION.text);
  const data = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data (JSON)' }).click();
  const file = await (await data).path();
  const exported = JSON.parse(await readFile(file, 'utf8')) as { registrations: { name: string }[] };
  expect(exported.registrations.map((row) => row.name)).toEqual(['Rohan Mehta Shah']);

  await page.getByRole('button', { name: 'Ask for my data to be erased' }).click();
  const erase = page.getByRole('dialog', { name: 'Erase my data?' });
  await expectNoAccessibilityViolations(page);
  await erase.getByRole('button', { name: 'Ask for erasure' }).click();
  await expect(page.getByText(/You asked for erasure on/)).toBeVisible();

  // The link works once.
  const second = await page.context().newPage();
  await second.goto(link);
  await expect(second.getByText('This sign-in link has expired or was already used')).toBeVisible();

  // An owner carries the request out in the console.
  await signInEnrolled(second, E2E_OWNER.email);
  await second.goto('/admin/data-requests?status=open');
  await second.getByRole('button', { name: `Erase the personal data of ${email}` }).click();
  const confirm = second.getByRole('alertdialog', { name: 'Erase this person’s data?' });
  await expect(confirm).toContainText('Tax invoices and credit notes are kept');
  await confirm.getByRole('button', { name: 'Erase data' }).click();
  // The paid order's payment records lose the payer's details; the pass emails' jobs go.
  await expect(second.getByRole('status')).toContainText(
    new RegExp(
      `Erased the data of ${email.replace(/[.+]/g, '\\$&')}: 1 registration, 0 files, 0 inquiries, ` +
        '0 waiting-list entries, 0 votes, 0 registration alerts, 2 audit entries, [1-9]\\d* payment records?' +
        ' and [1-9]\\d* email jobs? erased',
    ),
  );
  await second.setViewportSize({ width: 375, height: 800 });
  await second.getByLabel('Status').selectOption('handled');
  await expect(second.getByRole('row').filter({ hasText: email })).toContainText('Carried out');
  await expectNoHorizontalScroll(second);
  await expectNoAccessibilityViolations(second);
  await second.screenshot({ path: test.info().outputPath('data-requests-375.png'), fullPage: true });
});

test('the manage page answers the same for an unknown email', async ({ page }) => {
  await page.goto('/manage');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`manage-sign-in-${width}.png`), fullPage: true });
  }
  await page.getByLabel('Email').fill(uniqueEmail('stranger'));
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If this email is registered with us, a sign-in link is on its way',
  );
  await expectNoAccessibilityViolations(page);
});
