/**
 * Changing a paid order from the console, in the browser: an investor buys passes for
 * themselves and a colleague; the owner cancels the colleague from the order's page, after a
 * confirmation that states the refund and that the pass stops working, and sees the pass
 * revoked, the refund and the credit of one pass; the last attendee cannot be cancelled so.
 * In another order the owner transfers the colleague's pass to someone else, lets attendees
 * transfer their own, and the buyer gives theirs away from the manage page.
 * Checked with axe; screenshots at 375 and 1280 px in test-results/.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  dataDir,
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  field,
  fillInvestorForm,
  outboxMessagesMentioning,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

const run = Math.random().toString(36).slice(2, 6);

/**
 * Buys two Investor Passes in one order: the buyer registers and pays through the site; the
 * second investor registers through the same API with the buyer's details under their own name,
 * and joins the buyer's checkout (the site adds colleagues only to startups, whose stalls are
 * sold per company). Returns the two people and the order's reference.
 */
async function buyTwoInvestorPasses(page: Page) {
  const buyer = { name: `Order Buyer ${run}`, email: uniqueEmail('changes-buyer') };
  const colleague = { name: `Order Colleague ${run}`, email: uniqueEmail('changes-colleague') };
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  await fillInvestorForm(tabPanel(page, 'Investor'), buyer);
  const registered = page.waitForRequest('**/api/auth/investor');
  await tabPanel(page, 'Investor').getByRole('button', { name: 'Submit' }).click();
  const form = (await registered).postDataJSON() as Record<string, unknown>;
  const second = await page.request.post('/api/auth/investor', {
    headers: { origin: new URL(page.url()).origin },
    data: { ...form, ...colleague },
  });
  expect(second.status(), await second.text()).toBe(200);
  const colleagueId = ((await second.json()) as { data: { _id: string } }).data._id;
  await page.route('**/api/auth/payment/checkout', async (route) => {
    const body = route.request().postDataJSON() as { startupIds: string[] };
    await route.continue({
      postData: JSON.stringify({ ...body, startupIds: [...body.startupIds, colleagueId] }),
    });
  });
  await page
    .getByRole('dialog', { name: 'Attendees in this registration' })
    .getByRole('button', { name: 'Proceed' })
    .click();
  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await tickets.getByRole('radio', { name: /Investor Pass/ }).click();
  await tickets.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await page.unroute('**/api/auth/payment/checkout');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference')!;
  return { buyer, colleague, reference };
}

test('the owner cancels one of two attendees: the pass is revoked and their share refunded', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(180_000);
  // Signed out, the sign-in page's `GET /api/admin/me` answers 401.
  expectedConsoleErrors.push(/status of 401/);
  const { buyer, colleague, reference } = await buyTwoInvestorPasses(page);
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto(`/admin/orders/${reference}`);

  const attendees = page.getByRole('region', { name: 'Attendees and passes' });
  const colleagueRow = attendees.getByRole('listitem').filter({ hasText: colleague.email });
  await expect(colleagueRow).toContainText('Valid');
  const passCode = (await colleagueRow.locator('.font-mono').textContent())!.trim();
  await colleagueRow.getByRole('button', { name: `Cancel attendee ${colleague.name}` }).click();

  const dialog = page.getByRole('dialog', { name: `Cancel ${colleague.name}?` });
  await expect(dialog).toContainText(`Pass ${passCode} stops working at once`);
  await expect(dialog).toContainText(/₹[\d,.]+ goes back to the buyer/);
  const confirm = dialog.getByRole('button', { name: /^Cancel and refund ₹/ });
  const refund = (await confirm.textContent())!.replace('Cancel and refund ', '');
  // The reason is required; the form says so before anything is sent.
  await confirm.click();
  await expect(dialog.getByText('Say why this attendee is cancelled')).toBeVisible();
  await field(dialog, 'Reason').fill('Cannot travel to Ahmedabad');
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('cancel-attendee-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('cancel-attendee-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `${colleague.name} cancelled` })).toContainText(
    `pass ${passCode} revoked, ${refund} refund requested`,
  );
  await expect(colleagueRow).toContainText('Revoked');
  const buyerRow = attendees.getByRole('listitem').filter({ hasText: buyer.email });
  await expect(buyerRow).toContainText('Valid');
  // The buyer's is now the order's last valid pass: cancelling it is a full refund instead.
  await expect(buyerRow.getByRole('button', { name: /Cancel attendee/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Refunds' })).toContainText(refund);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    `Attendee cancelled by ${E2E_OWNER.email}: ${colleague.name}: Cannot travel to Ahmedabad`,
  );
  await expect
    .poll(async () => (await outboxMessagesMentioning(reference)).join('\n'))
    .toContain('has been cancelled');
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('order-after-cancel-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('order-after-cancel-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // No invoice is issued yet (this server's settings have no GSTIN): the buyer's GST details may change.
  const gst = page.getByRole('region', { name: 'GST' });
  await gst.getByRole('button', { name: 'Edit GST details' }).click();
  const details = page.getByRole('dialog', { name: 'Buyer’s GST details' });
  await field(details, 'Legal name').fill('Pune Ventures LLP');
  await field(details, 'GSTIN').fill('27AAPFU0939F1ZV');
  // The GSTIN's first two digits choose its state; choosing another by hand is refused on save.
  await expect(details.getByRole('combobox', { name: 'State' })).toHaveValue('27');
  await field(details, 'Billing address').fill('FC Road, Pune 411004');
  await details.getByRole('combobox', { name: 'State' }).selectOption('24');
  await details.getByRole('button', { name: 'Save GST details' }).click();
  await expect(details.getByText('This GSTIN is registered in Maharashtra; choose that state')).toBeVisible();
  await details.getByRole('combobox', { name: 'State' }).selectOption('27');
  await details.getByRole('button', { name: 'Save GST details' }).click();
  await expect(details).toHaveCount(0);
  await expect(gst.getByRole('status')).toHaveText(
    'GST details saved; the place of supply and the tax split follow them.',
  );
  await expect(gst).toContainText('27AAPFU0939F1ZV');
  await expectNoAccessibilityViolations(page);
});

/** The newest manage sign-in link emailed to `email`, once it has arrived. */
async function signInLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = path.join(dataDir(), 'outbox');
      const names = (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
      for (const name of names) {
        const mail = await simpleParser(await readFile(path.join(outbox, name)));
        const to = [mail.to ?? []].flat().map((address) => address.text.toLowerCase());
        const match = /(https?:\/\/\S+\/manage#token=[\w-]+)/.exec(mail.text ?? '');
        if (to.includes(email.toLowerCase()) && match?.[1]) link = match[1];
      }
      return link;
    })
    .toBeTruthy();
  return link as string;
}

test('the owner transfers a pass, and a buyer transfers their own from the manage page', async ({
  page,
  browser,
  expectedConsoleErrors,
}) => {
  test.setTimeout(180_000);
  expectedConsoleErrors.push(/status of 401/);
  const { buyer, colleague, reference } = await buyTwoInvestorPasses(page);
  await signInEnrolled(page, E2E_OWNER.email);

  await page.goto('/admin/orders');
  const setting = page.getByRole('checkbox', {
    name: 'Attendees may transfer their own passes from the manage page',
  });
  await expect(setting).not.toBeChecked();
  await setting.check();
  await expect(
    page.getByRole('status').filter({ hasText: 'Attendees may now transfer their passes.' }),
  ).toBeVisible();

  await page.goto(`/admin/orders/${reference}`);
  const attendees = page.getByRole('region', { name: 'Attendees and passes' });
  const colleagueRow = attendees.getByRole('listitem').filter({ hasText: colleague.email });
  const oldCode = (await colleagueRow.locator('.font-mono').textContent())!.trim();
  await colleagueRow.getByRole('button', { name: `Transfer pass of ${colleague.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Transfer ${colleague.name}’s pass` });
  await expect(dialog).toContainText(`Pass ${oldCode} stops working at once`);
  const taker = { name: `Pass Taker ${run}`, email: uniqueEmail('pass-taker') };
  await field(dialog, 'New holder’s name').fill(taker.name);
  await field(dialog, 'Email').fill(taker.email);
  await field(dialog, 'Phone').fill('9876543210');
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('transfer-pass-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('transfer-pass-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Transfer pass' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Pass ${oldCode} revoked` })).toContainText(
    `${taker.name} has the new pass SFG-`,
  );
  await expect(colleagueRow).toContainText('Revoked');
  const takerRow = attendees.getByRole('listitem').filter({ hasText: taker.email });
  await expect(takerRow).toContainText('Valid');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    `Pass transferred by ${E2E_OWNER.email}: ${colleague.name} → ${taker.name}`,
  );
  await expect.poll(async () => (await outboxMessagesMentioning(taker.email)).length).toBeGreaterThan(0);

  // The buyer, on the manage page, gives their own pass away.
  const context = await browser.newContext();
  const manage = await context.newPage();
  await manage.goto('/manage');
  await manage.getByLabel('Email').fill(buyer.email);
  await manage.getByRole('button', { name: 'Send me a sign-in link' }).click();
  const link = await signInLink(buyer.email);
  // The link differs from this page's address only in its fragment: load it afresh.
  await manage.goto('about:blank');
  await manage.goto(link);
  const own = manage.getByRole('listitem').filter({ hasText: buyer.email });
  await own.getByRole('button', { name: 'Transfer my pass' }).click();
  const form = manage.getByRole('form', { name: 'Transfer my pass' });
  const friend = { name: `Buyer Friend ${run}`, email: uniqueEmail('buyer-friend') };
  await form.getByLabel('Their name').fill(friend.name);
  await form.getByLabel('Their email').fill(friend.email);
  await form.getByLabel('Their phone').fill('9876543210');
  await manage.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(manage);
  await expectNoAccessibilityViolations(manage);
  await form.scrollIntoViewIfNeeded();
  await manage.screenshot({ path: test.info().outputPath('manage-transfer-375.png') });
  await manage.setViewportSize({ width: 1280, height: 800 });
  await manage.screenshot({ path: test.info().outputPath('manage-transfer-1280.png') });
  await form.getByRole('button', { name: 'Transfer pass' }).click();
  await expect(manage.getByRole('status').filter({ hasText: 'no longer works' })).toContainText(
    `${friend.name} gets a new pass at ${friend.email}`,
  );
  await context.close();

  await page.goto('/admin/orders');
  await setting.uncheck();
  await expect(
    page.getByRole('status').filter({ hasText: 'Only organizers transfer passes now.' }),
  ).toBeVisible();
});
