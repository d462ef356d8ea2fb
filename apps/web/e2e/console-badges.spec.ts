/**
 * Printing badges and passes from the console, in the browser: a visitor buys an investor pass;
 * the owner downloads the badges of a check-in list as a label sheet and its passes, prints the
 * guest's badge from the gate desk's search, downloads an order's passes from its page, and sees
 * why a list that admits nobody yet has nothing to print. Each file is a PDF under the server's
 * name for it. Checked on a phone and with axe; screenshots at 375 and 1280 px in test-results/.
 */
import type { Download, Page } from '@playwright/test';
import type { CheckinLists } from '@festival/shared';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import {
  expect,
  expectNoAccessibilityViolations,
  expectNoHorizontalScroll,
  fillInvestorForm,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

/** This run's own list names: a retried spec finds the first attempt's lists on the same server. */
const run = Math.random().toString(36).slice(2, 6);
const INVESTORS = `Badge desk ${run}`;
const NOBODY = `Speakers ${run}`;

/** Buys an investor pass through the site as a visitor would; returns the guest and the order's reference. */
async function buyInvestorPass(page: Page) {
  const guest = { name: `Badge Guest ${run}`, email: uniqueEmail('badge') };
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Investor' }).click();
  await fillInvestorForm(tabPanel(page, 'Investor'), guest);
  await tabPanel(page, 'Investor').getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Attendees in this registration' })
    .getByRole('button', { name: 'Proceed' })
    .click();
  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await tickets.getByRole('radio', { name: /Investor Pass/ }).click();
  await tickets.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference')!;
  return { ...guest, reference };
}

/** Creates a hidden ticket type nobody can buy; returns its name. */
async function createUnsoldTicketType(page: Page) {
  const name = `Speaker Pass ${run}`;
  const response = await page.request.post('/api/admin/ticket-types', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      participantCategoryId: 3,
      name,
      amount: 10_000,
      capacity: 10,
      sortOrder: 99,
      visibility: 'hidden',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return name;
}

/** Creates a check-in list through the API for the ticket types named `typeName`. */
async function createList(page: Page, name: string, typeName: string) {
  const lists = (await (await page.request.get('/api/admin/checkin/lists')).json()).data as CheckinLists;
  const types = (await (await page.request.get('/api/admin/ticket-types')).json()).data.items as {
    id: number;
    name: string;
  }[];
  const response = await page.request.post('/api/admin/checkin/lists', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      name,
      ticketTypeIds: types.filter((type) => type.name === typeName).map((type) => type.id),
      days: lists.editionDays.map((day) => day.day),
      allowExit: false,
      allowReentry: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The downloaded file's name and whether its bytes are a PDF. */
async function pdfOf(download: Download) {
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return download.suggestedFilename();
}

test('the desk prints a list’s badges and passes, a guest’s badge and an order’s passes', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(180_000);
  // Signed out, the sign-in page's `GET /api/admin/me` answers 401; the empty list's 404 is shown.
  expectedConsoleErrors.push(/status of 401/, /status of 404/);
  const guest = await buyInvestorPass(page);
  await signInEnrolled(page, E2E_OWNER.email);
  await page.goto('/admin');
  await createList(page, INVESTORS, 'Investor Pass');
  await createList(page, NOBODY, await createUnsoldTicketType(page));

  await page.goto('/admin/checkin');
  const list = page.getByRole('region', { name: INVESTORS });
  await list.getByLabel('Badge layout').selectOption('labels');
  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: `Badges (PDF) of ${INVESTORS}` }).click(),
  ]);
  expect(await pdfOf(sheet)).toMatch(/^badges-list-\d+-labels\.pdf$/);
  const [listPasses] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: `All passes (PDF) of ${INVESTORS}` }).click(),
  ]);
  expect(await pdfOf(listPasses)).toMatch(/^passes-list-\d+\.pdf$/);

  await list.getByLabel(/Has someone arrived/).fill(guest.name);
  await expect(list.getByText('Not arrived')).toBeVisible();
  const [badge] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('button', { name: `Print badge of ${guest.name}` }).click(),
  ]);
  expect(await pdfOf(badge)).toMatch(/^badges-SFG-[0-9A-Z]{10}-a6\.pdf$/);

  const empty = page.getByRole('region', { name: NOBODY });
  await empty.getByRole('button', { name: `Badges (PDF) of ${NOBODY}` }).click();
  await expect(empty.getByRole('alert')).toHaveText(
    `No valid passes of this edition to print for check-in list ${NOBODY}`,
  );
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('checkin-badges-1280.png'), fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await list.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('checkin-badges-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/admin/orders/${guest.reference}`);
  const printing = page.getByRole('region', { name: 'Printing' });
  await expect(printing).toBeVisible();
  const [orderPasses] = await Promise.all([
    page.waitForEvent('download'),
    printing.getByRole('button', { name: `All passes (PDF) of order ${guest.reference}` }).click(),
  ]);
  expect(await pdfOf(orderPasses)).toBe(`passes-${guest.reference}.pdf`);
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await printing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('order-printing-375.png') });
});
