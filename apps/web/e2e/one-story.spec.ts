/**
 * One story, told once: each fact a visitor reads on more than one page lives in one place (the
 * edition's data, a ticket type, a shared constant or one content entry), and every page that
 * shows it says the same. FACTS lists each fact, where it lives and the pages that show it; the
 * test visits every page and compares what it says with the fact's source, and checks that the
 * contradictions once found on the site (300+ startups beside 200+, stall sizes and prices restated
 * in the FAQ, "up to 8 years" beside 72 months, asking the organisers for a name /manage
 * corrects, a "Pitcher" link opening an evening event) are gone.
 */
import {
  editionFieldValues,
  ParticipantCategory,
  TAX_RECORD_RETENTION,
  type FestivalEvent,
  type TicketType,
} from '@festival/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { eventPages } from '../app/content/event-pages';
import { seasonOne } from '../app/content/season-one';
import { stallPackages } from '../app/content/stall-packages';
import { expect, test } from './fixtures';

/**
 * The English sentences of CATEGORY_PROMISES: messages (Lingui macros, which only the build
 * transforms), so read from the English catalog, where each names the file it comes from.
 */
const CATEGORY_PROMISE_TEXTS = readFileSync(new URL('../app/locales/en/messages.po', import.meta.url), 'utf8')
  .split('\n\n')
  .filter((entry) => entry.includes('#: app/content/categories.ts'))
  .map((entry) => /^msgid "(.*)"$/m.exec(entry)?.[1] ?? '');

const main = (page: Page) => page.getByRole('main');

async function data<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

interface Fact {
  /** The fact, and where it lives. */
  name: string;
  /** The pages that show it. */
  pages: readonly string[];
  /** What each page must say, from the fact's source. */
  check: (page: Page, sources: Sources) => Promise<void>;
}

interface Sources {
  edition: FestivalEvent;
  stalls: TicketType[];
}

/** Every figure the page claims for one of the edition's labels is the edition's figure. */
async function figuresAgree(page: Page, { edition }: Sources) {
  const [first] = edition.stats;
  if (first) await expect(main(page)).toContainText(first.value);
  const text = await main(page).innerText();
  for (const stat of edition.stats) {
    // A sentence writes "200+ startups"; a figures list reads label then value.
    const claims = [
      ...text.matchAll(new RegExp(`(\\d[\\d,]*\\+) +${stat.label}`, 'gi')),
      ...text.matchAll(new RegExp(`^${stat.label}\\s*\\n\\s*(\\d[\\d,]*\\+)`, 'gim')),
    ];
    expect(claims.length, `${page.url()} names the ${stat.label} figure`).toBeGreaterThan(0);
    for (const [, value] of claims) expect(value, `${page.url()}: ${stat.label}`).toBe(stat.value);
  }
}

/** The page's main text with every FAQ answer open (the accordion shows one at a time). */
async function allText(page: Page): Promise<string> {
  const texts = [await main(page).innerText()];
  for (const question of await main(page).locator('button[aria-expanded]').all()) {
    if ((await question.getAttribute('aria-expanded')) === 'false') await question.click();
    texts.push(await main(page).innerText());
  }
  return texts.join('\n');
}

const FACTS: readonly Fact[] = [
  {
    name: "The edition's days, hours and venue: the edition's data (edition fields in the FAQ and /about)",
    pages: ['/', '/faq', '/about'],
    check: async (page, { edition }) => {
      const text = await allText(page);
      const fields = editionFieldValues({
        ...edition,
        startsAt: new Date(edition.startDate),
        endsAt: new Date(edition.endDate),
      });
      for (const field of ['edition.dates', 'edition.hours', 'edition.venue'] as const) {
        expect(text, `${page.url()}: ${field}`).toContain(fields[field]);
      }
    },
  },
  {
    name: "The headline figures: the edition's data (the console's edition form)",
    pages: ['/', '/about', '/highlights', '/start-up', '/sponser', '/investor-accelator'],
    check: figuresAgree,
  },
  {
    name: "Season one's investments: seasonOne.investmentsCrore",
    pages: ['/about', '/highlights', '/start-up', '/investor-accelator'],
    check: async (page) => {
      const text = await main(page).innerText();
      expect(text).toMatch(new RegExp(`₹${seasonOne.investmentsCrore} [Cc]rore`));
      expect(
        text.match(/₹\s?\d+\s?[Cc]rore/g)?.every((claim) => claim.includes(`${seasonOne.investmentsCrore}`)),
      ).toBe(true);
    },
  },
  {
    name: "What each stall package includes, and its price: the ticket type's remarks and amount",
    pages: ['/startup'],
    check: async (page, { stalls }) => {
      const region = main(page).getByRole('region', { name: 'Exhibit Your Startup' });
      // Each card of the page, against the ticket type it sells (other specs may add types without a card).
      for (const card of stallPackages) {
        const stall = stalls.find((ticket) => ticket.name === card.ticket.name);
        expect(stall, card.ticket.name).toBeDefined();
        const shown = region
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: card.name, exact: true }) });
        for (const item of stall!.remarks.split(',')) await expect(shown).toContainText(item.trim());
      }
    },
  },
  {
    name: 'Prices and stall sizes are not restated in organizer text: the FAQ and /about point to /startup',
    pages: ['/faq', '/about'],
    check: async (page) => {
      // Season one's investments are the only rupees these pages may name.
      const text = (await allText(page)).replace(/₹\d+ crore/gi, '');
      expect(text).not.toMatch(/₹\s?\d/);
      expect(text).not.toMatch(/\d\s?(x|×|by)\s?\d(\s?m)? stall/);
    },
  },
  {
    name: 'What each category comes for: CATEGORY_PROMISES (content/categories.ts)',
    pages: ['/', '/register', '/pitcher', '/investor'],
    check: async (page) => {
      const text = await main(page).innerText();
      const promises = CATEGORY_PROMISE_TEXTS.filter((promise) => text.includes(promise));
      expect(promises.length, `${page.url()} shows a category's promise`).toBeGreaterThan(0);
    },
  },
  {
    name: 'How long tax records are kept: TAX_RECORD_RETENTION (Manage my registration, signed in, in manage.spec.ts)',
    pages: ['/privacypolicy'],
    check: async (page) => {
      await expect(main(page)).toContainText(TAX_RECORD_RETENTION.text);
      await expect(main(page)).not.toContainText('8 years');
    },
  },
  {
    name: 'The refund policy: eventPages.startup.refundPolicy',
    pages: ['/startup', '/terms'],
    check: async (page) => {
      for (const line of eventPages.startup.refundPolicy) await expect(main(page)).toContainText(line);
    },
  },
  {
    name: 'A misspelt name is corrected on Manage my registration',
    pages: ['/terms'],
    check: async (page) => {
      const passes = main(page).getByRole('region', { name: /Event passes/ });
      await expect(passes.getByRole('link', { name: 'Manage my registration' })).toHaveAttribute(
        'href',
        '/manage',
      );
      await expect(main(page)).not.toContainText('Ask the organisers to correct');
    },
  },
];

test.describe('one story, told once', () => {
  for (const fact of FACTS) {
    test(fact.name, async ({ page }) => {
      const sources: Sources = {
        edition: await data<FestivalEvent>(page.request, '/auth/event/current'),
        stalls: await data<TicketType[]>(
          page.request,
          `/auth/list-by-participant/ticketMaster/${ParticipantCategory.StartUp}`,
        ),
      };
      for (const path of fact.pages) {
        await test.step(path, async () => {
          await page.goto(path);
          await fact.check(page, sources);
        });
      }
    });
  }

  test("the footer's Fest links open the festival's pages, never an evening event", async ({ page }) => {
    await page.goto('/');
    const links = page.getByRole('contentinfo').getByRole('navigation', { name: 'Fest' }).getByRole('link');
    await expect(links).toHaveText(['Pitcher', 'Start-Up', 'Investor', 'Visitor']);
    const targets = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('href')),
    );
    for (const target of new Set(targets)) {
      await page.goto(target!);
      await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Sufi');
    }
  });
});
