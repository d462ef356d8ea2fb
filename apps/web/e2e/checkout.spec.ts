/**
 * The main job: register, collect passes, choose a ticket, pay on the sandbox provider's page and
 * land on /payment-success with the passes.
 */
import {
  expect,
  expectNoAccessibilityViolations,
  expectRegistered,
  field,
  fillInvestorForm,
  fillStartupForm,
  outboxMessagesMentioning,
  PHONE,
  select,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

test('a pitcher adds a co-founder with the short form, pays one Gold stall and gets two passes', async ({
  page,
  browser,
}) => {
  const pitcher = { name: 'Asha Patel', email: uniqueEmail('pitcher') };
  const cofounder = { name: 'Ravi Shah', email: uniqueEmail('cofounder') };

  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'Pitcher' })).toHaveAttribute('aria-selected', 'true');
  await fillStartupForm(tabPanel(page, 'Pitcher'), pitcher);
  await tabPanel(page, 'Pitcher').getByRole('button', { name: 'Submit' }).click();

  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await expect(passes).toBeVisible();
  await expectRegistered(page);
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  const firstCard = passes.getByTestId('pass-card').first();
  await expect(firstCard).toContainText('Pitcher');
  await expect(firstCard).toContainText(pitcher.name);
  await expect(firstCard).toContainText(pitcher.email);
  await expect(firstCard).toContainText(`+91 ${PHONE}`);
  await expect(firstCard).toContainText('20 Oct 2024');
  await expect(firstCard).toContainText('21 Oct 2024');
  await expect(firstCard).toContainText('Attendee');
  await expectNoAccessibilityViolations(page);

  // A colleague gives only a name, email and phone; the company's details are reused.
  await passes.getByRole('button', { name: '+ Add Attendees' }).click();
  const colleague = passes.getByRole('form', { name: 'Add a colleague' });
  await expect(colleague).toContainText(`${pitcher.name} Agro Labs’s registration as Pitcher`);
  await expect(colleague.getByRole('textbox')).toHaveCount(3);
  await expect(colleague.getByRole('combobox')).toHaveCount(1);
  await expect(colleague.getByLabel('Startup Name')).toHaveCount(0);
  await expect(colleague.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Pitcher', includeHidden: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(passes.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await expectNoAccessibilityViolations(page);

  // Cancel closes the form; Proceed is available again.
  await colleague.getByRole('button', { name: 'Cancel' }).click();
  await expect(colleague).toHaveCount(0);
  await expect(passes.getByRole('button', { name: 'Proceed' })).toBeEnabled();

  await passes.getByRole('button', { name: '+ Add Attendees' }).click();
  await field(colleague, 'Contact Person Name').fill(cofounder.name);
  await field(colleague, 'Email').fill(cofounder.email);
  await select(colleague, 'Country Code').selectOption({ label: 'India (+91)' });
  await field(colleague, 'Contact Number').fill(PHONE);
  const added = page.waitForRequest('**/api/auth/registrations/*/colleagues');
  await colleague.getByRole('button', { name: 'Submit' }).click();
  // The person's own fields, answers to the registration questions and the page's language;
  // never the company's.
  expect(Object.keys((await added).postDataJSON() as object).sort()).toEqual([
    'answers',
    'contactNo',
    'countryCode',
    'email',
    'locale',
    'name',
  ]);
  expect((await added).postDataJSON()).toMatchObject({ locale: 'en' });

  await expect(passes.getByTestId('pass-card')).toHaveCount(2);
  await expectRegistered(page);
  await expect(passes.getByTestId('pass-card').nth(1)).toContainText('Pitcher');
  await expect(passes.getByTestId('pass-card').nth(1)).toContainText(cofounder.email);
  await passes.getByRole('button', { name: 'Proceed' }).click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await expect(tickets).toBeVisible();
  const checkout = tickets.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeDisabled();
  await expect(tickets.getByTestId('ticket-quantity')).toHaveText('2');
  // A stall package is sold once per company, and its passes cover the attendees.
  const gold = tickets.getByRole('radio', { name: /Gold Stall Package/ });
  await expect(gold).toContainText('₹25,000');
  await expect(gold).toContainText(
    'Per company, one per order. Includes up to 4 passes: one for each person you register in the same order.',
  );
  await gold.click();
  await expect(gold).toHaveAttribute('aria-checked', 'true');
  await expect(tickets.getByTestId('ticket-total')).toHaveText('₹25,000');
  await expect(tickets.getByTestId('ticket-buys')).toHaveText(
    'One Gold Stall Package for your company, with 4 passes: a pass for each of your 2 attendees.',
  );
  await expectNoAccessibilityViolations(page);
  await checkout.click();

  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await expect(page.getByText('TEST PAYMENT')).toBeVisible();
  await expect(page.locator('.amount')).toHaveText('₹25,000');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  expect(reference).not.toBe('');
  await expect(page.getByRole('heading', { name: 'PAYMENT SUCCESS' })).toBeVisible();
  await expect(page.getByText('Reference No.')).toBeVisible();
  await expect(page.getByTestId('payment-reference').filter({ visible: true })).toHaveText(reference);
  const orderPasses = page.getByTestId('order-pass');
  await expect(orderPasses).toHaveCount(2);
  await expect(orderPasses.filter({ hasText: pitcher.email })).toHaveCount(1);
  await expect(orderPasses.filter({ hasText: cofounder.email })).toHaveCount(1);
  await expectNoAccessibilityViolations(page);
  const qrCodes = page.getByRole('img', { name: /^QR code of pass/ });
  await expect(qrCodes).toHaveCount(2);
  for (const qr of await qrCodes.all()) {
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
  }

  await expect.poll(async () => (await outboxMessagesMentioning(reference)).length).toBeGreaterThan(0);

  // The reference is printed on every pass: by itself, in another browser, it opens nothing.
  const elsewhere = await browser.newContext();
  const stranger = await elsewhere.newPage();
  await stranger.goto(`/payment-success?reference=${reference}`);
  await expect(stranger.getByRole('heading', { name: 'We could not find this order' })).toBeVisible();
  await expect(stranger.getByTestId('order-pass')).toHaveCount(0);

  // The co-founder's own email link opens their pass only, and its key leaves the address bar.
  const colleagueLink = await orderLinkMailedTo(cofounder.email, reference);
  await stranger.goto(colleagueLink);
  await expect(stranger.getByRole('heading', { name: 'PAYMENT SUCCESS' })).toBeVisible();
  await expect(stranger.getByTestId('order-pass')).toHaveCount(1);
  await expect(stranger.getByTestId('order-pass')).toContainText(cofounder.email);
  await expect(stranger.getByText(pitcher.email)).toHaveCount(0);
  await expect(stranger.getByText('Amount paid')).toHaveCount(0);
  expect(new URL(stranger.url()).hash).toBe('');
  await stranger.screenshot({ path: test.info().outputPath('colleague-pass-1280.png'), fullPage: true });
  await elsewhere.close();
});

/** The order link (`…/payment-success?reference=…#key=…`) of the confirmation mailed to `email`. */
async function orderLinkMailedTo(email: string, reference: string): Promise<string> {
  // The raw message is quoted-printable: join its soft line breaks and decode `=3D` before reading.
  const messages = (await outboxMessagesMentioning(reference)).map((raw) =>
    raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
  );
  const mine = messages.find((message) => new RegExp(`^To: .*${email}`, 'im').test(message));
  const link = mine && /https?:\/\/\S+\/payment-success\?reference=[\w-]+#key=[\w-]+/.exec(mine)?.[0];
  if (!link) throw new Error(`no order link mailed to ${email}`);
  return new URL(link).pathname + new URL(link).search + new URL(link).hash;
}

test('an investor adds a colleague with the short form and pays two investor passes', async ({ page }) => {
  const investor = { name: 'Meera Desai', email: uniqueEmail('investor') };
  const partner = { name: 'Kabir Joshi', email: uniqueEmail('partner') };

  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  const panel = tabPanel(page, 'Investor');
  await fillInvestorForm(panel, investor);
  const registration = page.waitForRequest('**/api/auth/investor');
  await panel.getByRole('button', { name: 'Submit' }).click();
  expect((await registration).headers()['content-type']).toContain('application/json');

  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  await expectRegistered(page);
  await expect(passes).toContainText('Registered as Investor');

  // An investor's colleague, like a startup's, gives only name, email and phone (+91 chosen).
  await passes.getByRole('button', { name: '+ Add Attendees' }).click();
  const colleague = passes.getByRole('form', { name: 'Add a colleague' });
  await expect(colleague).toContainText(`Joins ${investor.name} Capital’s registration as Investor`);
  await expect(passes.getByRole('spinbutton', { name: 'Investment Amount' })).toHaveCount(0);
  await expect(passes.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(select(colleague, 'Country Code')).toHaveValue('+91');
  await field(colleague, 'Contact Person Name').fill(partner.name);
  await field(colleague, 'Email').fill(partner.email);
  await field(colleague, 'Contact Number').fill(PHONE);
  const added = page.waitForRequest('**/api/auth/registrations/*/colleagues');
  await colleague.getByRole('button', { name: 'Submit' }).click();
  expect(Object.keys((await added).postDataJSON() as object).sort()).toEqual([
    'answers',
    'contactNo',
    'countryCode',
    'email',
    'locale',
    'name',
  ]);
  expect((await added).postDataJSON()).toMatchObject({ locale: 'en' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(2);
  await expect(passes.getByTestId('pass-card').nth(1)).toContainText('Investor');
  await expect(passes.getByTestId('pass-card').nth(1)).toContainText(partner.email);
  await expect(passes.getByTestId('pass-card').nth(1)).toContainText(`+91 ${PHONE}`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`investor-colleague-${width}.png`) });
  }
  await passes.getByRole('button', { name: 'Proceed' }).click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  const investorPass = tickets.getByRole('radio', { name: /Investor Pass/ });
  await expect(investorPass).toContainText('₹1,000');
  await expect(investorPass.locator('s')).toContainText('₹4,000');
  // The struck price says why: the ticket type's reason (no sales end is set).
  await expect(investorPass).toContainText('Early bird');
  await expect(investorPass).toContainText('Per attendee · one pass each');
  await investorPass.click();
  await expect(tickets.getByTestId('ticket-quantity')).toHaveText('2');
  await expect(tickets.getByTestId('ticket-total')).toHaveText('₹2,000');
  await expect(tickets.getByTestId('ticket-buys')).toHaveText(
    '2 × Investor Pass at ₹1,000 incl. 18 % GST: one pass for each attendee.',
  );
  await tickets.getByRole('button', { name: 'Checkout' }).click();

  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await expect(page.locator('.amount')).toHaveText('₹2,000');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  await expect(page.getByTestId('payment-reference').filter({ visible: true })).toHaveText(reference);
  await expect(page.getByTestId('order-pass')).toHaveCount(2);
  await expect(page.getByTestId('order-pass').first()).toContainText(investor.email);
  await expect(page.getByTestId('order-pass').first()).toContainText('Investor Pass');
});
