/**
 * /register in Gujarati and Hindi (app/lib/i18n/localized-routes.ts): the form, its labels and the
 * shared schemas' validation messages in the page's language, the head tags of a localized page,
 * axe and a 375 px screen; and a registration made in Hindi, paid, whose confirmation email is in Hindi. The
 * words are the catalogs' (app/locales/{gu,hi}/messages.po): what a visitor reads.
 */
import { simpleParser } from 'mailparser';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  outboxMessagesMentioning,
  PHONE,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

test('/gu/register shows the Gujarati form and says what is missing in Gujarati', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/gu/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Startup Fest Gujarat માટે નોંધણી કરો');
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/gu/register`);
  await expect(page.locator('link[rel="alternate"][hreflang="hi"]')).toHaveAttribute(
    'href',
    `${origin}/hi/register`,
  );

  const panel = tabPanel(page, 'પિચર');
  const name = panel.getByRole('textbox', { name: 'સંપર્ક વ્યક્તિનું નામ', exact: true });
  await expect(name).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('gu-register-375.png'), fullPage: true });
  await expectNoHorizontalScroll(page);
  await expectNoAccessibilityViolations(page);

  // An empty form: the shared schema's English messages, shown in Gujarati.
  await panel.getByRole('button', { name: 'સબમિટ કરો' }).click();
  await expect(name).toHaveAccessibleDescription('સંપર્ક વ્યક્તિનું નામ જરૂરી છે');
  await expect(panel).toContainText('કૃપા કરી નિયમો અને શરતો સ્વીકારો');
  await expect(panel).not.toContainText('is required');
  await page.screenshot({ path: test.info().outputPath('gu-register-375-errors.png'), fullPage: true });
  await expectNoHorizontalScroll(page);

  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${origin}/gu/register</loc>`);
  expect(sitemap).toContain(`<loc>${origin}/hi/register</loc>`);
});

test('an investor registers and pays in Hindi at /hi/register; the result page and the pass email are in Hindi', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/hi/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByRole('tab', { name: 'निवेशक' }).click();
  const panel = tabPanel(page, 'निवेशक');
  await page.screenshot({ path: test.info().outputPath('hi-register-375.png'), fullPage: true });
  await expectNoHorizontalScroll(page);

  const field = (name: string) => panel.getByRole('textbox', { name, exact: true });
  const select = (name: string) => panel.getByRole('combobox', { name, exact: true });
  await field('नाम').fill('Meera Desai');
  await field('ईमेल').fill(uniqueEmail('hindi-investor'));
  await select('देश कोड').selectOption({ label: 'India (+91)' });
  await field('संपर्क नंबर').fill(PHONE);
  await select('देश').selectOption({ label: 'India' });
  await expect(select('राज्य')).toBeEnabled();
  await select('राज्य').selectOption({ label: 'Gujarat' });
  await field('शहर').fill('Ahmedabad');
  await panel.getByRole('checkbox', { name: 'मैं नियम और शर्तें स्वीकार करता/करती हूँ' }).check();
  await panel.getByRole('button', { name: 'सबमिट करें' }).click();

  const passes = page.getByRole('dialog', { name: 'इस पंजीकरण के प्रतिभागी' });
  await expect(passes.getByRole('status')).toHaveText('पंजीकरण सफल रहा: Meera Desai सूची में हैं।');
  await expect(passes).toContainText('निवेशक के रूप में पंजीकृत। अब तक 1 प्रतिभागी।');
  await expect(passes.getByRole('button', { name: 'बंद करें', exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hi-register-375-passes.png') });
  await passes.getByRole('button', { name: 'आगे बढ़ें' }).click();

  const tickets = page.getByRole('dialog', { name: 'टिकट चुनें' });
  await tickets.getByRole('radio', { name: /Investor Pass/ }).click();
  await expect(tickets.getByTestId('ticket-buys')).toHaveText(
    '1 × Investor Pass, ₹1,000 18 % GST सहित की दर से: हर प्रतिभागी के लिए एक पास।',
  );
  await page.screenshot({ path: test.info().outputPath('hi-register-375-tickets.png') });
  await tickets.getByRole('button', { name: 'भुगतान करें' }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await expect(page.locator('.amount')).toHaveText('₹1,000');
  await page.getByRole('button', { name: /^Pay/ }).click();

  // The order was sent from a Hindi page: the result page and the confirmation with the pass
  // are in Hindi.
  await page.waitForURL(/\/hi\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('भुगतान सफल');
  await expect(page.getByRole('heading', { name: 'आपका इवेंट पास' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'कब और कहाँ' })).toContainText(/अक्[टत]ूबर/);
  await expect(page.getByRole('link', { name: 'पास डाउनलोड करें (PDF)' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hi-payment-success-375.png'), fullPage: true });
  await expectNoHorizontalScroll(page);
  await expectNoAccessibilityViolations(page);
  await expect.poll(async () => (await outboxMessagesMentioning(reference)).length).toBeGreaterThan(0);
  const [raw] = await outboxMessagesMentioning(reference);
  const mail = await simpleParser(raw!);
  expect(mail.subject).toMatch(new RegExp(`के लिए आपका इवेंट पास — ${reference}$`));
  expect(mail.html || '').toContain('lang="hi"');
});
