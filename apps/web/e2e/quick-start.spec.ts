/**
 * The README's quick start on a fresh install and the real clock (the `real-clock` project of
 * playwright.config.ts, its own server and data directory, no TEST_CLOCK_START): the first start
 * seeds the next October's edition and makes it current, so on any date a visitor registers,
 * adds an attendee, chooses a ticket, pays on the sandbox provider's page and receives passes,
 * with references and mail of that edition.
 */
import { EventSchema, envelope } from '@festival/shared';
import {
  expect,
  fillColleagueForm,
  fillInvestorForm,
  outboxMessagesMentioning,
  tabPanel,
  test,
  uniqueEmail,
} from './fixtures';

/** The real-clock server's data directory (playwright.config.ts creates it). */
function realClockDataDir(): string {
  const dir = process.env.E2E_REAL_CLOCK_DATA_DIR;
  if (!dir) throw new Error('E2E_REAL_CLOCK_DATA_DIR is not set; run through playwright.config.ts');
  return dir;
}

test('a fresh install sells the next edition today: register, add an attendee, pay, receive passes', async ({
  page,
}) => {
  const current = await page.request.get('/api/auth/event/current');
  expect(current.ok()).toBe(true);
  const edition = envelope(EventSchema).parse(await current.json()).data;
  // The first 20 October at least 30 days away, 10:00–19:00 IST on 20–21 October.
  const year = Number(edition.startDate.slice(0, 4));
  expect(edition).toMatchObject({
    name: `Startup Fest Gujarat ${year}`,
    startDate: `${year}-10-20T04:30:00.000Z`,
    endDate: `${year}-10-21T13:30:00.000Z`,
    venue: 'Gujarat Science City, Ahmedabad',
    editionNumber: year - 2022,
    ended: false,
  });
  expect(Date.parse(edition.startDate) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

  const investor = { name: 'Meera Desai', email: uniqueEmail('quick-start') };
  const partner = { name: 'Kabir Joshi', email: uniqueEmail('quick-start-partner') };
  // As a visitor arrives: the home page names the new edition, whose figures and logos are not
  // in yet (no participant logos: the carousel waits for the first), and leads to /register.
  await page.goto('/');
  await expect(page).toHaveTitle(edition.name);
  await page.getByRole('main').getByRole('link', { name: 'Register Now' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('tab', { name: 'Investor' }).click();
  const panel = tabPanel(page, 'Investor');
  await fillInvestorForm(panel, investor);
  await panel.getByRole('button', { name: 'Submit' }).click();

  const passes = page.getByRole('dialog', { name: 'Attendees in this registration' });
  await expect(passes.getByTestId('pass-card')).toHaveCount(1);
  await passes.getByRole('button', { name: '+ Add Attendees' }).click();
  await fillColleagueForm(passes, partner);
  await passes.getByRole('button', { name: 'Submit' }).click();
  await expect(passes.getByTestId('pass-card')).toHaveCount(2);
  await passes.getByRole('button', { name: 'Proceed' }).click();

  const tickets = page.getByRole('dialog', { name: 'Select Tickets' });
  await tickets.getByRole('radio', { name: /Investor Pass/ }).click();
  await expect(tickets.getByTestId('ticket-quantity')).toHaveText('2');
  await tickets.getByRole('button', { name: 'Checkout' }).click();

  await page.waitForURL(/\/api\/auth\/payment\/sandbox\//);
  await expect(page.getByText(edition.name)).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(/\/payment-success\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference') ?? '';
  // The edition's reference prefix: SFG and the year's last two digits.
  expect(reference).toMatch(new RegExp(`^SFG${String(year).slice(2)}-[0-9A-Z]{10}$`));
  await expect(page.getByTestId('payment-reference').filter({ visible: true })).toHaveText(reference);
  await expect(page.getByTestId('order-pass')).toHaveCount(2);

  // Each attendee's pass email names the edition.
  await expect
    .poll(async () => (await outboxMessagesMentioning(reference, realClockDataDir())).length)
    .toBeGreaterThan(0);
  const [mail] = await outboxMessagesMentioning(reference, realClockDataDir());
  expect(mail).toContain(edition.name);
});
