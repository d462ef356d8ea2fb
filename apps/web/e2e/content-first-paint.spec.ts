/**
 * Content pages arrive with their database content in the HTML: the served page
 * already shows it (/about, /faq, /cms/:id and the pages of the content collections), the browser hydrates it without errors (the fixtures fail a test on any
 * console error, React's hydration errors included) and asks the API for none of it on load.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

const PAGES = [
  { path: '/about', api: '/api/auth/cms/get-content/about' },
  { path: '/faq', api: '/api/auth/list/FaqMaster' },
  { path: '/cms/1', api: '/api/auth/startup-cms/get-content/1' },
  { path: '/speakers', api: '/api/content/speakers' },
  { path: '/sponser', api: '/api/content/sponsors' },
  { path: '/participants', api: '/api/content/participants' },
  { path: '/activities', api: '/api/content/activities' },
  { path: '/event-flow', api: '/api/content/event-flow' },
  { path: '/start-up-showcase', api: '/api/content/startups' },
] as const;

/** The API calls the page makes from now on. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  return calls;
}

/** `text` as React writes it into HTML. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

/** A text of the page's content as the API answers it (the first FAQ question, entry name, a page's title). */
async function contentText(page: Page, api: string): Promise<string> {
  const body = (await (await page.request.get(api)).json()) as { data: unknown };
  if (Array.isArray(body.data)) {
    const [first] = body.data as [{ que?: string; title?: string; name?: string }];
    return first.que ?? first.title ?? first.name ?? '';
  }
  return (body.data as { title: string }).title;
}

for (const { path, api } of PAGES) {
  test(`${path} is served with its content, hydrates cleanly and fetches none of it`, async ({ page }) => {
    const text = await contentText(page, api);
    expect(text).not.toBe('');
    const served = await page.request.get(path);
    expect(served.status()).toBe(200);
    expect(await served.text()).toContain(escapeHtml(text));

    const calls = recordApiCalls(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(text, { exact: true }).or(page.getByAltText(text)).first()).toBeAttached();
    await expect(page.getByText(/Loading the/)).toHaveCount(0);
    expect(calls.filter((call) => call === api)).toEqual([]);
  });
}

test('the content is interactive after hydration: the FAQ accordion and the vote dialog', async ({
  page,
}) => {
  const faq = (await (await page.request.get('/api/auth/list/FaqMaster')).json()) as {
    data: { que: string }[];
  };
  await page.goto('/faq');
  const second = page.getByRole('button', { name: faq.data[1]?.que });
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');

  await page.goto('/cms/1');
  await page.getByRole('button', { name: 'VOTE NOW' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('an unknown nominee page answers 404 with the not-found content', async ({
  page,
  expectedConsoleErrors,
}) => {
  expectedConsoleErrors.push(/status of 404/);
  const served = await page.request.get('/cms/9999');
  expect(served.status()).toBe(404);
  expect(await served.text()).toContain('Page not found');

  const calls = recordApiCalls(page);
  await page.goto('/cms/9999');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls.filter((call) => call.startsWith('/api/auth/startup-cms/'))).toEqual([]);
});
