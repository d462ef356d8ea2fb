/**
 * The edition is data, not code: an organizer changes the current edition's name, dates and
 * venue in the console, and every public page (content/site-routes.ts, plus an unknown path's
 * not-found page) names the new edition and none of the old one's facts, with no rebuild. And
 * the build itself carries no edition fact: the seeded edition's dates and venue are nowhere in
 * build/client. The menu's highlights group is named by the highlights page organizers write,
 * and its lists (speakers, the startup showcase) by the current edition's year.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SITE_ROUTES } from '../app/content/site-routes';
import { E2E_OWNER, signInEnrolled } from './admin-helpers';
import { expect, test } from './fixtures';

/** The seeded (spec) edition's facts as the site used to write them. */
const OLD_FACTS = ['20–21 October 2024', 'October 20-21, 2024', 'Science City', 'Startup Fest Gujarat 2024'];
const NEW = {
  name: 'Startup Fest Gujarat 2031',
  days: '14–15 February 2031',
  venue: 'Mahatma Mandir, Gandhinagar',
};
/**
 * Pages whose own words are organizers' content that names the venue (the seeded FAQ answers and
 * about page): edited in the console apart from the edition, so only their header and footer
 * are checked for the old facts.
 */
const ORGANIZER_TEXT = new Set(['/faq', '/about']);

const webBuild = path.resolve(import.meta.dirname, '..', process.env.WEB_BUILD_DIR ?? 'build', 'client');

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test('the web build holds none of the seeded edition’s dates or venue', () => {
  const files = filesUnder(webBuild).filter((file) =>
    /\.(?:html|js|json|svg|txt|xml|webmanifest|css)$/.test(file),
  );
  expect(files.length).toBeGreaterThan(20);
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return ['20–21 October 2024', 'October 20-21, 2024', 'Science City']
      .filter((fact) => text.includes(fact))
      .map((fact) => `${path.relative(webBuild, file)}: ${fact}`);
  });
  expect(found).toEqual([]);
});

async function adminPatch(page: Page, data: object) {
  const response = await page.request.fetch('/api/admin/editions/current', {
    method: 'PATCH',
    data,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an organizer’s new edition shows on every public page without a rebuild', async ({
  page,
  expectedConsoleErrors,
}) => {
  test.setTimeout(180_000);
  // The console asks for the session before signing in (401); the not-found page is a 404.
  expectedConsoleErrors.push(/status of 401/, /status of 404/);
  await signInEnrolled(page, E2E_OWNER.email);
  const original = (
    (await (await page.request.get('/api/admin/editions/current')).json()) as {
      data: { name: string; startsAt: string; endsAt: string; venue: string };
    }
  ).data;

  await page.goto('/admin/editions');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NEW.name);
  await page.getByLabel('Opens (first day, India time)').fill('2031-02-14T10:00');
  await page.getByLabel('Closes (last day, India time)').fill('2031-02-15T18:00');
  await page.getByRole('textbox', { name: 'Venue', exact: true }).fill(NEW.venue);
  await page.getByRole('button', { name: 'Save edition' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  try {
    for (const route of [...SITE_ROUTES.map((entry) => entry.path), '/no-such-page']) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(route === '/no-such-page' ? 404 : 200);
      await expect(page, route).toHaveTitle(new RegExp(NEW.name));
      const footer = page.getByRole('contentinfo');
      await expect(footer, route).toContainText(NEW.venue);
      await expect(footer, route).toContainText(NEW.days);
      await expect(page.getByRole('banner'), route).toContainText(NEW.venue);
      const checked = ORGANIZER_TEXT.has(route)
        ? [await page.getByRole('banner').innerText(), await footer.innerText(), await page.title()]
        : [await page.locator('body').innerText(), await page.title()];
      for (const fact of OLD_FACTS) {
        expect(checked.join('\n'), `${route} still says ${fact}`).not.toContain(fact);
      }
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW.name);
    await expect(page.getByRole('region', { name: 'Event Info' })).toContainText(NEW.days);
    // The highlights group's lists are the current edition's entries, named for its year.
    await page.goto('/speakers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('2031 Speakers And Mentors');
    await page.goto('/start-up-showcase');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('2031 Startup Showcase');
  } finally {
    await adminPatch(page, {
      name: original.name,
      startsAt: original.startsAt,
      endsAt: original.endsAt,
      venue: original.venue,
    });
  }
});

test('the highlights page’s title, changed in the console, names the menu and the page', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 401/);
  await signInEnrolled(page, E2E_OWNER.email);
  const pages = (
    (await (await page.request.get('/api/admin/pages')).json()) as {
      data: { id: number; kind: string; title: string; html: string }[];
    }
  ).data;
  const highlights = pages.find((entry) => entry.kind === 'highlights')!;
  expect(highlights.title).toBe('2023 Highlights');

  await page.goto('/admin/content/pages');
  await page.getByRole('link', { name: 'Edit 2023 Highlights' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('2026 Highlights');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Saved. The site shows the page as stored')).toBeVisible();

  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('button', { name: '2026 Highlights' }).click();
    await menu.getByRole('link', { name: '2026 Highlights' }).click();
    await expect(page).toHaveURL(/\/highlights$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('2026 Highlights');
    await expect(page).toHaveTitle(/^2026 Highlights \|/);
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'What happened in 2023' }),
    ).toBeVisible();
  } finally {
    const response = await page.request.fetch(`/api/admin/pages/${highlights.id}`, {
      method: 'PUT',
      data: { title: highlights.title, html: highlights.html },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
});
