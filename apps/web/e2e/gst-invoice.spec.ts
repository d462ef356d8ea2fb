/**
 * GST in the browser: the owner enters the organizer's GST settings in the console
 * (a mistyped GSTIN is refused by its check character) and the most seats a buyer email may
 * hold awaiting payment (at least 1); a startup buys a Gold stall package
 * with its company's GSTIN, sees base, CGST and SGST before paying, pays on the sandbox, and
 * downloads its tax invoice, whose text (pdftotext) shows CGST and SGST; the console's order
 * shows the invoice; /contact and the footer show the organizers' details. Prices stay GST-inclusive, as the
 * other specs on this server expect.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  expectRegistered,
  fillStartupForm,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

const CONTACT_EMAIL = 'hello@startupfest.example';

test.beforeEach(({ expectedConsoleErrors }) => {
  expectedConsoleErrors.push(/status of 401/);
});

function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'invoice-')), 'invoice.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('the owner enters the GST settings; a wrong GSTIN check character is refused', async ({ page }) => {
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Legal name' }).fill('Startup Fest Gujarat Foundation');
  await page.getByRole('textbox', { name: 'Address' }).fill('Science City Road, Ahmedabad 380060');
  await page.getByRole('combobox', { name: 'State', exact: true }).selectOption({ label: 'Gujarat (24)' });
  await page.getByRole('textbox', { name: 'GSTIN' }).fill('24AAATS9999K1ZL');
  // The invoice series is the edition's (the seed's SFG), not a setting.
  await expect(page.getByRole('textbox', { name: 'Invoice prefix' })).toHaveCount(0);
  await page
    .getByRole('combobox', { name: 'State where the festival is held' })
    .selectOption({ label: 'Gujarat (24)' });
  await expect(page.getByRole('checkbox', { name: 'Ticket prices include GST' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Contact email' }).fill(CONTACT_EMAIL);
  await page.getByRole('textbox', { name: 'Contact phone' }).fill('+91 98250 12345');
  const perEmail = page.getByRole('spinbutton', { name: 'Most seats per buyer email' });
  await expect(perEmail).toHaveValue('10');
  await expect(page.getByRole('spinbutton', { name: 'Most seats per client address' })).toHaveValue('20');
  await perEmail.fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(/last character does not match/)).toBeVisible();
  await expect(page.getByText('At least 1 seat, or nobody could check out')).toBeVisible();

  await page.getByRole('textbox', { name: 'GSTIN' }).fill('24AAATS9999K1ZK');
  await perEmail.fill('12');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText(/Saved/);
  await page.reload();
  await expect(perEmail).toHaveValue('12');
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('settings-375.png'), fullPage: true });
});

test('a startup buys a Gold stall with its GSTIN and downloads an invoice showing CGST and SGST', async ({
  page,
}) => {
  const founder = { name: 'Kavya Mehta', email: uniqueEmail('gst-startup') };
  // On a phone: the dialog with the GST invoice fields must fit 375 px.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Start-Up' }).click();
  const panel = tabPanel(page, 'Start-Up');
  await fillStartupForm(panel, founder);
  await panel.getByRole('button', { name: 'Submit' }).click();
  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  await expectRegistered(page);
  await passes.getByRole('button', { name: 'Proceed' }).click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  const gold = tickets.getByRole('radio', { name: /Gold Stall Package/ });
  await expect(gold).toContainText('₹25,000');
  await expect(gold).toContainText('incl. 18 % GST');
  await gold.click();
  // ₹25,000 incl. 18 %: taxable ₹21,186.44, CGST and SGST ₹1,906.78 each (rounded half up).
  const breakdown = tickets.getByTestId('price-breakdown');
  await expect(breakdown).toContainText('₹21,186.44');
  await expect(breakdown).toContainText('CGST 9 %');
  await expect(breakdown).toContainText('SGST 9 %');
  await expect(breakdown).toContainText('₹1,906.78');
  await expect(tickets.getByTestId('ticket-total')).toHaveText('₹25,000');

  await tickets.getByRole('checkbox', { name: /I need a GST invoice/ }).check();
  await tickets.getByRole('textbox', { name: /Company name/ }).fill('Mehta Agro Labs Private Limited');
  const state = tickets.getByRole('combobox', { name: 'State' });
  await tickets.getByRole('textbox', { name: 'GSTIN' }).fill('24AAACC1206D1ZN');
  await tickets.getByRole('textbox', { name: 'Billing address' }).fill('12 SG Highway, Ahmedabad 380054');
  await tickets.getByRole('button', { name: 'Checkout' }).click();
  await expect(tickets.getByText(/last character does not match/)).toBeVisible();
  // An invalid GSTIN chooses no state; a valid one chooses its own (24 is Gujarat).
  await expect(state).toHaveValue('');
  await tickets.getByRole('textbox', { name: 'GSTIN' }).fill('24AAACC1206D1ZM');
  await expect(state).toHaveValue('24');
  await expect(state).toHaveAccessibleDescription('Set from the GSTIN’s first two digits');
  // Another state can still be chosen, but not sent.
  await state.selectOption({ label: 'Maharashtra' });
  await tickets.getByRole('button', { name: 'Checkout' }).click();
  await expect(tickets.getByText('This GSTIN is registered in Gujarat; choose that state')).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
  await state.selectOption({ label: 'Gujarat' });
  await expect(tickets.getByText('This GSTIN is registered in Gujarat; choose that state')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('select-tickets-375.png') });
  await tickets.getByRole('button', { name: 'Checkout' }).click();

  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await expect(page.locator('.amount')).toHaveText('₹25,000');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';

  // The buyer's download, authorised by the reference and the buyer's key (kept by this
  // browser at checkout), as the passes are; the reference alone opens nothing.
  const invoiceUrl = `/api/auth/payment/orders/${reference}/invoice`;
  expect((await page.request.get(invoiceUrl)).status()).toBe(404);
  const key = await page.evaluate((ref) => localStorage.getItem(`festival.order-key:${ref}`), reference);
  const response = await page.request.get(`${invoiceUrl}?key=${key}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await response.body());
  expect(text).toContain('TAX INVOICE');
  expect(text).toMatch(/Invoice number: SFG\/\d{4}\/\d+/);
  expect(text).toContain('GSTIN: 24AAATS9999K1ZK');
  expect(text).toContain('Mehta Agro Labs Private Limited');
  expect(text).toContain('GSTIN: 24AAACC1206D1ZM');
  expect(text).toContain('Place of supply: Gujarat (24)');
  expect(text).toContain('998596');
  expect(text).toMatch(/CGST @ 9 %\s+INR 1,906\.78/);
  expect(text).toMatch(/SGST @ 9 %\s+INR 1,906\.78/);
  expect(text).toContain('Twenty Five Thousand Rupees Only');

  // The console's order shows the invoice and downloads the same PDF.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto(`/admin/orders/${reference}`);
  const gst = page.getByRole('region', { name: 'GST' });
  await expect(gst).toContainText('24AAACC1206D1ZM');
  const download = page.waitForEvent('download');
  await gst.getByRole('link', { name: /SFG\/\d{4}\/\d+/ }).click();
  const file = await (await download).path();
  expect(pdfText(Buffer.from(execFileSync('cat', [file])))).toContain('CGST @ 9 %');
});

test('/contact shows the organizers’ email from the settings, and every footer names them', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('main').getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${CONTACT_EMAIL}`,
  );
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Organized by Startup Fest Gujarat Foundation');
  await expect(footer.getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${CONTACT_EMAIL}`,
  );
  await expect(footer.getByRole('link', { name: '+91 98250 12345' })).toHaveAttribute(
    'href',
    'tel:+919825012345',
  );
});
