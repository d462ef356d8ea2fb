/**
 * Facts kept once: /startup and /visitor show the prices of the server's ticket
 * types, not numbers of their own. The server's real ticket lists are answered with new
 * prices (as if an organiser had changed them in the database, which other specs share), and
 * the pages must follow.
 */
import type { TicketType } from '@festival/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** New prices in paise, by participant category and ticket type name. */
const REPRICED: Record<string, Pick<TicketType, 'amount' | 'listPrice'>> = {
  '2:Silver Stall Package': { amount: 1_234_500, listPrice: null },
  '2:Gold Stall Package': { amount: 3_000_000, listPrice: null },
  '2:Platinum Stall Package': { amount: 12_000_000, listPrice: null },
  '3:Investor Pass': { amount: 150_000, listPrice: 500_000 },
  '4:Visitor Pass': { amount: 20_000, listPrice: null },
};

async function repriceTickets(page: Page) {
  await page.route('**/api/auth/list-by-participant/ticketMaster/*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: TicketType[] };
    const data = body.data.map((ticket) => ({
      ...ticket,
      ...REPRICED[`${ticket.participantCategoryId}:${ticket.name}`],
    }));
    await route.fulfill({ response, json: { ...body, data } });
  });
}

const main = (page: Page) => page.getByRole('main');

test('/startup shows the ticket types’ prices', async ({ page }) => {
  await repriceTickets(page);
  await page.goto('/startup');

  const stalls = main(page).getByRole('region', { name: 'Exhibit Your Startup' }).getByRole('listitem');
  for (const [name, price] of [
    ['Silver', '₹12,345'],
    ['Gold', '₹30,000'],
    ['Platinum', '₹1,20,000'],
  ] as const) {
    await expect(stalls.filter({ has: page.getByRole('heading', { name, exact: true }) })).toContainText(
      price,
    );
  }

  const passes = main(page).getByRole('region', { name: 'Grab Your Tickets' }).getByRole('listitem');
  const investor = passes.filter({ has: page.getByRole('heading', { name: 'Investor Pass' }) });
  await expect(investor.locator('del')).toHaveText('Was ₹5,000');
  await expect(investor).toContainText('now ₹1,500');
  // No struck price in the data: none is shown.
  const visitor = passes.filter({ has: page.getByRole('heading', { name: 'Visitor Pass' }) });
  await expect(visitor).toContainText('₹200');
  await expect(visitor.locator('del')).toHaveCount(0);
});

test('/visitor shows the Visitor Pass ticket type’s price', async ({ page }) => {
  await repriceTickets(page);
  await page.goto('/visitor');
  await expect(main(page).getByText('₹200', { exact: true })).toBeVisible();
  await expect(main(page).locator('del')).toHaveCount(0);
});

test('a price that cannot be loaded is not made up', async ({ page, expectedConsoleErrors }) => {
  expectedConsoleErrors.push(/503/);
  await page.route('**/api/auth/list-by-participant/ticketMaster/*', (route) =>
    route.fulfill({ status: 503, json: { isOk: false, message: 'Unavailable' } }),
  );
  await page.goto('/visitor');
  await expect(main(page).getByText('Price on the Register page')).toBeVisible();
  await expect(main(page).getByText(/₹/)).toHaveCount(0);
});
