/**
 * "Manage my registration" in Gujarati (/gu/manage, app/lib/i18n/localized-routes.ts), on a
 * 375 px screen: the sign-in link asked for there comes in a Gujarati email and opens the
 * Gujarati page, whose dashboard (orders, attendees, dates) is in Gujarati with Latin digits;
 * axe and no sideways scroll. The words are the catalog's (app/locales/gu/registration.po).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import {
  dataDir,
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  fillInvestorForm,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

/** The sign-in link of the newest email to `email`, with its subject, once it has arrived. */
async function signInMail(email: string): Promise<{ link: string; subject: string }> {
  let found: { link: string; subject: string } | undefined;
  await expect
    .poll(
      async () => {
        const outbox = path.join(dataDir(), 'outbox');
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
          name.endsWith('.eml'),
        );
        for (const name of names.sort()) {
          const mail = await simpleParser(await readFile(path.join(outbox, name)));
          const to = [mail.to ?? []].flat().map((address) => address.text.toLowerCase());
          const match = /(https?:\/\/\S+\/manage#token=[\w-]+)/.exec(mail.text ?? '');
          if (to.includes(email.toLowerCase()) && match?.[1])
            found = { link: match[1], subject: mail.subject ?? '' };
        }
        return found;
      },
      { message: `a sign-in link emailed to ${email}` },
    )
    .toBeTruthy();
  return found as { link: string; subject: string };
}

/** Registers an investor on the English page and leaves without paying. */
async function registerUnpaidInvestor(page: Page, name: string, email: string) {
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  const panel = tabPanel(page, 'Investor');
  await fillInvestorForm(panel, { name, email });
  await panel.getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Attendees in this registration' })
    .getByRole('button', { name: 'Close' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
}

test('a registrant asks for the link at /gu/manage, gets it in Gujarati and manages their registration in Gujarati', async ({
  page,
}) => {
  const email = uniqueEmail('gu-manage');
  await registerUnpaidInvestor(page, 'Kiran Joshi', email);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/gu/manage');
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('મારી નોંધણી સંભાળો');
  await page.getByRole('textbox', { name: 'ઇમેઇલ' }).fill(email);
  await page.getByRole('button', { name: 'મને સાઇન-ઇન લિંક મોકલો' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'જો આ ઇમેઇલ અમારી પાસે નોંધાયેલો હોય, તો સાઇન-ઇન લિંક મોકલી દીધી છે. તે 30 મિનિટ માટે, ફક્ત એક વાર ચાલે છે.',
  );
  await expectNoHorizontalScroll(page);
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('gu-manage-375-sign-in.png'), fullPage: true });

  // The email is in Gujarati and its link opens the Gujarati page.
  const { link, subject } = await signInMail(email);
  expect(subject).toContain('સાઇન-ઇન લિંક');
  expect(new URL(link).pathname).toBe('/gu/manage');

  // Opened as from the email: a new load of the page (here the same address but for its fragment).
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
  await expect(page.getByText(`${email} તરીકે સાઇન ઇન`)).toBeVisible();
  expect(page.url()).not.toContain('token=');
  await expect(page.getByRole('heading', { name: 'તમારા ઑર્ડર' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'પ્રતિભાગીઓ અને પાસ' })).toBeVisible();
  const payFor = page.getByRole('form', { name: 'Kiran Joshi માટે ચુકવણી કરો' });
  await expect(payFor).toContainText('Kiran Joshi (રોકાણકાર) ની નોંધણી થઈ ગઈ છે, પણ ચુકવણી હજી બાકી છે.');
  await expect(payFor.getByRole('combobox', { name: 'ટિકિટ' })).toHaveValue(/\d+/);
  await expect(payFor.getByRole('combobox', { name: 'ટિકિટ' })).toContainText(/₹[\d,]+ \d+ % GST સહિત/);
  await expect(page.getByText('હજી પાસ નથી')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Your orders');
  await expectNoHorizontalScroll(page);
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('gu-manage-375-dashboard.png'), fullPage: true });

  // Paid from the Gujarati page: back on it, the order's state and date are in Gujarati, digits Latin.
  await payFor.getByRole('button', { name: 'હમણાં ચુકવણી કરો' }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/gu\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  await page.goto('/gu/manage');
  const order = page.getByRole('article', { name: `ઑર્ડર ${reference}` });
  await expect(order).toContainText('ચૂકવાયેલ');
  await expect(order).toContainText(/ઑર્ડર તારીખ \d{1,2} \S+ \d{4}/);
  await expect(page.getByRole('main')).toContainText(/પાસ [A-Z0-9-]{6,}/);
  await expectNoHorizontalScroll(page);
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('gu-manage-375-paid.png'), fullPage: true });
});
