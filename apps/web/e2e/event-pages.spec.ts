/**
 * The event pages (/pitcher, /investor, /startup, /popup-visitor, /visitor, /highlights): key
 * content at 375 and 1280 px, the Review Purchase and Select Tickets popups, the calendar file and
 * the on-demand map.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  clickOutside,
  expect,
  expectNoAccessibilityViolations,
  test,
  expectNoHorizontalScroll,
} from './fixtures';

const WIDTHS = [375, 1280] as const;

/** The page's own content, apart from the shared header and footer. */
const main = (page: Page) => page.getByRole('main');

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const { path, audience, registerHeading, promise, tab } of [
      {
        path: '/pitcher',
        audience: 'For pitchers',
        registerHeading: 'Register Yourself As Pitcher',
        promise: /5-minute slot.*stall from 3 by 3 m/,
        tab: 'pitcher',
      },
      {
        path: '/investor',
        audience: 'For investors',
        registerHeading: 'Register Yourself As Investor',
        promise: /multiply your money 2-3 times/,
        tab: 'investor',
      },
    ]) {
      test(`${path} shows the Friday AfterHours event with its sections and the register block`, async ({
        page,
      }) => {
        await page.goto(path);
        await expect(page).toHaveTitle(/Friday AfterHours: Sufi Unplugged/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Friday AfterHours: Sufi Unplugged');
        await expect(main(page).getByText(audience)).toBeVisible();
        for (const section of ['About Event', 'Date and Time', 'Location', 'Hosted By']) {
          await expect(main(page).getByRole('heading', { level: 2, name: section })).toBeVisible();
        }
        await expect(main(page).getByText('Friday, 13 September 2024').first()).toBeVisible();
        await expect(main(page).getByText('07:30 pm to 09:30 pm (GMT+05:30)').first()).toBeVisible();
        await expect(main(page).getByRole('button', { name: 'Add to calendar' })).toBeVisible();
        await expect(main(page).getByRole('button', { name: 'Show Map' })).toBeVisible();
        await expect(main(page).getByRole('button', { name: 'Get Ticket' })).toHaveCount(2);

        const follow = main(page).getByRole('link', { name: /^Follow/ });
        await expect(follow).toHaveAttribute('target', '_blank');
        await expect(follow).toHaveAttribute('rel', /noopener/);
        await expect(follow).toHaveAttribute('href', /^https:\/\//);
        await expect(main(page).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');

        const register = main(page).getByRole('region', { name: registerHeading });
        await expect(register).toContainText(promise);
        await expect(register.getByRole('link', { name: 'Register Now' })).toHaveAttribute(
          'href',
          `/register?tab=${tab}`,
        );
        await expectNoHorizontalScroll(page);
      });
    }

    test('/startup shows the refund policy, the passes and the stall packages, each with Register Now', async ({
      page,
    }) => {
      await page.goto('/startup');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Startup Fest Gujarat 2024 for Startups',
      );
      await expect(main(page).getByRole('region', { name: 'Refund Policy' })).toContainText(
        /non-refundable.*cancelled.*carried over to the new date.*no refund if you cannot attend/s,
      );
      await expect(main(page).getByRole('region', { name: 'Tickets', exact: true })).toBeVisible();
      await expect(main(page).getByText('20–21 October 2024').first()).toBeVisible();

      const passes = main(page).getByRole('region', { name: 'Grab Your Tickets' }).getByRole('listitem');
      await expect(passes).toHaveCount(2);
      for (const [name, was, now] of [
        ['Investor Pass', '₹4,000', '₹1,000'],
        ['Visitor Pass', '₹1,000', '₹100'],
      ] as const) {
        const card = passes.filter({ has: page.getByRole('heading', { name }) });
        await expect(card.locator('del')).toHaveText(`Was ${was}`);
        await expect(card).toContainText(`now ${now}`);
        await expect(card.getByRole('link', { name: /Register Now/ })).toHaveAttribute('href', '/register');
      }

      const stalls = main(page).getByRole('region', { name: 'Exhibit Your Startup' });
      await expect(stalls.getByRole('heading', { level: 3 })).toHaveText(['Silver', 'Gold', 'Platinum']);
      for (const [name, price, feature] of [
        ['Silver', '₹10,000', '2x2 m stall'],
        ['Gold', '₹25,000', '4 food passes'],
        ['Platinum', '₹1,00,000', 'Sponsorship stall'],
      ] as const) {
        const card = stalls
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name, exact: true }) });
        await expect(card).toContainText(price);
        await expect(card).toContainText(feature);
        await expect(card.getByRole('link', { name: /Register Now/ })).toHaveAttribute('href', '/register');
      }
      await expectNoHorizontalScroll(page);
    });

    test('/popup-visitor offers the Open popup button', async ({ page }) => {
      await page.goto('/popup-visitor');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visitor Passes');
      await expect(main(page).getByRole('button', { name: 'Open popup' })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    test('/visitor presents the visitor pass, its price and how to register', async ({ page }) => {
      await page.goto('/visitor');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visitor Pass');
      await expect(main(page).locator('del').first()).toHaveText('Was ₹1,000');
      await expect(main(page).getByText('now ₹100')).toBeVisible();
      await expect(
        main(page).getByRole('region', { name: 'What the pass includes' }).getByRole('listitem'),
      ).not.toHaveCount(0);
      const how = main(page).getByRole('region', { name: 'How to register' });
      await expect(how).toContainText('Book your Visitor Pass there.');
      // Register Now opens the external listing directly.
      const register = how.getByRole('link', { name: /^Register Now/ });
      await expect(register).toHaveAttribute('href', /^https:\/\//);
      await expect(register).toHaveAttribute('target', '_blank');
      await expect(main(page).getByRole('button', { name: 'Add to calendar' })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    test('/highlights recaps 2023 and links to the season-one pages', async ({ page }) => {
      await page.goto('/highlights');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('2023 Highlights');
      const numbers = main(page).getByRole('region', { name: 'The festival in numbers' });
      await expect(numbers).toContainText('Season one drew over ₹532 crore in investments.');
      await expect(numbers.getByText('15000+')).toBeVisible();
      for (const [name, href] of [
        ['See the Award Night', '/awards'],
        ['Browse the startup showcase', '/start-up-showcase'],
        ['Meet the Shark Tank featured startups', '/sharkTank'],
        ['See the speakers and mentors', '/speakers'],
      ] as const) {
        await expect(main(page).getByRole('link', { name })).toHaveAttribute('href', href);
      }
      await expectNoHorizontalScroll(page);
    });
  });
}

test.describe('Review Purchase popup', () => {
  test('shows a real ticket’s price with its GST split from the server for the quantity, a stepper from 1 and the sales end; Proceed to checkout leads to /register', async ({
    page,
  }) => {
    await page.goto('/investor');
    await main(page).getByRole('button', { name: 'Get Ticket' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Review Purchase' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('unit-price')).toHaveText(
      'Investor Pass: ₹1,000 incl. 18 % GST per ticket',
    );
    await expect(dialog.getByText('Sales end on October 20')).toBeVisible();

    const quantity = dialog.getByRole('status', { name: 'Quantity' });
    const plus = dialog.getByRole('button', { name: 'Increase quantity' });
    const minus = dialog.getByRole('button', { name: 'Decrease quantity' });
    await expect(quantity).toHaveText('1');
    await expect(minus).toBeDisabled();
    await plus.click();
    await plus.click();
    await expect(quantity).toHaveText('3');
    await minus.click();
    await expect(quantity).toHaveText('2');
    await expect(minus).toBeEnabled();

    // Two passes at ₹1,000 incl. 18 %: taxable ₹1,694.92, CGST and SGST ₹152.54 each.
    const totals = dialog.getByTestId('price-breakdown');
    await expect(totals.locator('dt')).toHaveText([
      'Base price (taxable value)',
      'CGST 9 %',
      'SGST 9 %',
      'Total incl. GST',
    ]);
    await expect(totals).toContainText('₹1,694.92');
    await expect(totals).toContainText('₹152.54');
    await expect(totals).toContainText('₹2,000');

    await dialog.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('on /investor and /startup it closes on Cancel, Escape and an outside click, and reopens at quantity 1', async ({
    page,
  }) => {
    for (const path of ['/investor', '/startup']) {
      await page.goto(path);
      const getTicket = main(page).getByRole('button', { name: 'Get Ticket' }).first();
      const dialog = page.getByRole('dialog', { name: 'Review Purchase' });

      await getTicket.click();
      await dialog.getByRole('button', { name: 'Increase quantity' }).click();
      if (path === '/startup') {
        // The Silver Stall Package includes one pass: two attendees need a larger package.
        await expect(dialog.getByRole('status').filter({ hasText: 'includes 1 pass' })).toBeVisible();
      }
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      await getTicket.click();
      await expect(dialog.getByRole('status', { name: 'Quantity' })).toHaveText('1');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await getTicket.click();
      await expect(dialog).toBeVisible();
      await clickOutside(page);
      await expect(dialog).toBeHidden();
    }
  });

  test('on /pitcher it stays open on Escape and an outside click; Cancel closes it', async ({ page }) => {
    await page.goto('/pitcher');
    await main(page).getByRole('button', { name: 'Get Ticket' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Review Purchase' });
    await expect(dialog).toBeVisible();

    await page.keyboard.press('Escape');
    await clickOutside(page);
    // A later, observable step: had either dismissed it, the stepper would be gone.
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('status', { name: 'Quantity' })).toHaveText('2');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Select Tickets popup of /popup-visitor', () => {
  test('lists the three passes with sales end, amount placeholder, their own stepper and a sample multi-select', async ({
    page,
  }) => {
    await page.goto('/popup-visitor');
    await main(page).getByRole('button', { name: 'Open popup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Tickets' });
    await expect(dialog).toBeVisible();

    const cards = dialog.getByRole('listitem');
    await expect(cards).toHaveCount(3);
    for (const [index, name, salesEnd, placeholder] of [
      [0, '28 Sept Visitor Pass', 'Sales end September 28', '100'],
      [1, '29 Sept Visitor Pass', 'Sales end September 29', '100'],
      [2, 'Investor Pass', 'Sales end September 29', '1000'],
    ] as const) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name })).toBeVisible();
      await expect(card).toContainText(salesEnd);
      await expect(card.getByRole('spinbutton', { name: `Amount (₹) for ${name}` })).toHaveAttribute(
        'placeholder',
        placeholder,
      );
      await expect(card.getByRole('status', { name: `Quantity of ${name}` })).toHaveText('1');
    }

    await dialog.getByRole('button', { name: 'Increase quantity of Investor Pass' }).click();
    await expect(dialog.getByRole('status', { name: 'Quantity of Investor Pass' })).toHaveText('2');
    await expect(dialog.getByRole('status', { name: 'Quantity of 28 Sept Visitor Pass' })).toHaveText('1');

    // The multi-select, by keyboard: open, tick two sample options, close with Escape.
    const select = dialog.getByRole('button', { name: /^Select your ticket for 28 Sept Visitor Pass/ });
    await expect(select).toHaveAccessibleName('Select your ticket for 28 Sept Visitor Pass: none selected');
    await select.focus();
    await page.keyboard.press('Enter');
    const options = page.getByRole('group', { name: /Select your ticket.*Sample options/ });
    await expect(options).toBeVisible();
    await options.getByRole('checkbox', { name: 'Sample option 1' }).focus();
    await page.keyboard.press('Space');
    await options.getByRole('checkbox', { name: 'Sample option 3' }).check();
    await expect(options.getByRole('checkbox', { name: 'Sample option 2' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(options).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(select).toHaveAccessibleName(
      'Select your ticket for 28 Sept Visitor Pass: Sample option 1, Sample option 3',
    );
    await expect(
      dialog.getByRole('button', { name: /^Select your ticket for Investor Pass/ }),
    ).toHaveAccessibleName('Select your ticket for Investor Pass: none selected');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await main(page).getByRole('button', { name: 'Open popup' }).click();
    await clickOutside(page);
    await expect(dialog).toBeHidden();
    await main(page).getByRole('button', { name: 'Open popup' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Add to calendar', () => {
  for (const { path, fileName, summary, start, end } of [
    {
      path: '/pitcher',
      fileName: 'friday-afterhours-sufi-unplugged.ics',
      summary: 'Friday AfterHours: Sufi Unplugged',
      // 19:30 and 21:30 in Asia/Kolkata (UTC+05:30).
      start: '20240913T140000Z',
      end: '20240913T160000Z',
    },
    {
      path: '/investor',
      fileName: 'friday-afterhours-sufi-unplugged.ics',
      summary: 'Friday AfterHours: Sufi Unplugged',
      start: '20240913T140000Z',
      end: '20240913T160000Z',
    },
    {
      path: '/startup',
      fileName: 'startup-fest-gujarat-2024.ics',
      summary: 'Startup Fest Gujarat 2024',
      // 20 Oct 10:00 to 21 Oct 19:00 IST.
      start: '20241020T043000Z',
      end: '20241021T133000Z',
    },
    {
      path: '/visitor',
      fileName: 'startup-fest-gujarat-2024.ics',
      summary: 'Startup Fest Gujarat 2024',
      start: '20241020T043000Z',
      end: '20241021T133000Z',
    },
  ]) {
    test(`${path} downloads an iCalendar file of its event`, async ({ page }) => {
      await page.goto(path);
      const downloading = page.waitForEvent('download');
      await main(page).getByRole('button', { name: 'Add to calendar' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(fileName);
      const file = await download.path();
      // RFC 5545 folds long lines with CRLF and a space; unfold before reading fields.
      const text = (await readFile(file, 'utf8')).replace(/\r\n[ \t]/g, '');
      const lines = text.split(/\r\n/);
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines).toContain('BEGIN:VEVENT');
      expect(lines).toContain(`SUMMARY:${summary}`);
      expect(lines).toContain(`DTSTART:${start}`);
      expect(lines).toContain(`DTEND:${end}`);
      expect(lines.some((line) => line.startsWith('URL:') && line.endsWith(path))).toBe(true);
      expect(lines.filter(Boolean).at(-1)).toBe('END:VCALENDAR');
    });
  }
});

test.describe('Show Map', () => {
  test('nothing is requested from another origin until Show Map, which adds the map and Hide Map removes it', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !/^(data|blob):/.test(url)) foreign.push(url);
    });
    // The machine is offline; answer the maps provider locally so the iframe loads cleanly.
    await page.route('https://www.google.com/maps**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title><p>map</p>' }),
    );

    for (const path of ['/pitcher', '/investor', '/startup', '/visitor']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(main(page).locator('iframe')).toHaveCount(0);
    }
    expect(foreign, 'no third-party request before Show Map').toEqual([]);

    const show = main(page).getByRole('button', { name: 'Show Map' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await show.click();
    const map = main(page).locator('iframe');
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=Gujarat\+Science\+City/);
    await expect(map).toHaveAttribute('title', 'Map of Gujarat Science City, Ahmedabad');
    await expect.poll(() => foreign.some((url) => url.startsWith('https://www.google.com/maps'))).toBe(true);

    const hide = main(page).getByRole('button', { name: 'Hide Map' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await hide.click();
    await expect(main(page).locator('iframe')).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Show Map' })).toBeVisible();
  });
});

test.describe('accessibility of the popups', () => {
  test('axe finds no violations with the Review Purchase popup, the Select Tickets popup and its multi-select open', async ({
    page,
  }) => {
    await page.goto('/pitcher');
    await main(page).getByRole('button', { name: 'Get Ticket' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Review Purchase' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await page.goto('/popup-visitor');
    await main(page).getByRole('button', { name: 'Open popup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Tickets' });
    await expect(dialog).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: /^Select your ticket for Investor Pass/ }).click();
    await expect(page.getByRole('group', { name: /Sample options/ })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
