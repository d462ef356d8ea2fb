/**
 * Shared fixtures of the end-to-end specs: every test fails on a browser console error, an
 * uncaught page error or an alert() pop-up (the site says things on the page); helpers fill the forms
 * the way a visitor does (by label) and read the server's data directory.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

interface Fixtures {
  /** Console errors a test expects (e.g. the browser's own line for a 409 answer). */
  expectedConsoleErrors: RegExp[];
}

/** The methods that wait for a document's load event, whose result the page fixture extends. */
const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward', 'waitForURL'] as const;

/**
 * Waits, after a document's load event, until React has started hydrating it. The site's pages
 * request their scripts only once they have painted (app/lib/hydrate-after-paint.ts), which can
 * be after the load event; a press before React has started is lost (from then on React replays
 * it once the part pressed has hydrated), as for a visitor pressing while the scripts download.
 * Pages without the site's loader (the payment sandbox) do not wait. The page fixture applies it
 * to every navigation the test starts; a page that reloads itself needs it after its load event.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => !document.getElementById('hydrate-after-paint') || '__reactRouterDataRouter' in window,
  );
}

/** Makes the page's navigations wait for hydration (waitForHydration). */
function waitForHydrationOnNavigation(page: Page) {
  for (const name of NAVIGATIONS) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const result = await navigate(...args);
        await waitForHydration(page);
        return result;
      },
    });
  }
}

/** Console errors a helper expected on a page (a limit it waited out), beside the test's own. */
const expectedByHelpers = new WeakMap<Page, RegExp[]>();

/** Lets a helper that handled what caused it expect a console error on `page`. */
export function expectConsoleErrorOn(page: Page, pattern: RegExp) {
  expectedByHelpers.set(page, [...(expectedByHelpers.get(page) ?? []), pattern]);
}

export const test = base.extend<Fixtures>({
  expectedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, expectedConsoleErrors }, use) => {
    const consoleErrors: string[] = [];
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('dialog', (dialog) => {
      if (dialog.type() !== 'alert') return;
      problems.push(`alert() pop-up: ${dialog.message()}`);
      void dialog.dismiss();
    });
    waitForHydrationOnNavigation(page);
    await use(page);
    // Read when the test ends: a helper may expect an error after the browser reported it.
    const expected = [...expectedConsoleErrors, ...(expectedByHelpers.get(page) ?? [])];
    const unexpected = consoleErrors
      .filter((text) => !expected.some((pattern) => pattern.test(text)))
      .map((text) => `console error: ${text}`);
    expect([...unexpected, ...problems], 'the browser reported no errors').toEqual([]);
  },
});

export { expect };

/**
 * Waits for the attendees dialog to say the server's word on the registration just submitted
 * ('Registration successful'), in its status region.
 */
export async function expectRegistered(page: Page) {
  await expect(
    page
      .getByRole('dialog', { name: 'Attendees in this registration' })
      .getByRole('status')
      .filter({ hasText: 'Registration successful' }),
  ).toBeVisible();
}

/** An email no earlier run has registered. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const PHONE = '9876543210';

/** The server's data directory (playwright.config.ts creates it and starts the server on it). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set; run through playwright.config.ts');
  return dir;
}

/** Contents of the .eml files in the outbox of the server on `serverDataDir` that mention `text`. */
export async function outboxMessagesMentioning(text: string, serverDataDir = dataDir()): Promise<string[]> {
  const outbox = path.join(serverDataDir, 'outbox');
  const names = await readdir(outbox).catch(() => [] as string[]);
  const messages = await Promise.all(
    names.filter((name) => name.endsWith('.eml')).map((name) => readFile(path.join(outbox, name), 'utf8')),
  );
  return messages.filter((message) => message.includes(text));
}

export const field = (scope: Locator | Page, name: string) =>
  scope.getByRole('textbox', { name, exact: true });
export const select = (scope: Locator | Page, name: string) =>
  scope.getByRole('combobox', { name, exact: true });

/** Picks India, then waits for its states and picks Gujarat. */
export async function fillLocation(scope: Locator) {
  await select(scope, 'Country').selectOption({ label: 'India' });
  const state = select(scope, 'State');
  await expect(state).toBeEnabled();
  await state.selectOption({ label: 'Gujarat' });
  await field(scope, 'City').fill('Ahmedabad');
  await field(scope, 'Pincode').fill('380060');
  await field(scope, 'Address').fill('Science City Road, Sola');
}

export interface Person {
  name: string;
  email: string;
}

/** Fills every field of the startup form in `scope` (a tab panel or the attendees dialog). */
export async function fillStartupForm(scope: Locator, person: Person) {
  await field(scope, 'Contact Person Name').fill(person.name);
  await field(scope, 'Email').fill(person.email);
  await select(scope, 'Country Code').selectOption({ label: 'India (+91)' });
  await field(scope, 'Contact Number').fill(PHONE);
  await field(scope, 'Startup Name').fill(`${person.name} Agro Labs`);
  await field(scope, 'Founder Name').fill(person.name);
  await field(scope, 'Legal Name of Startup').fill(`${person.name} Agro Labs Private Limited`);
  await select(scope, 'Industry/Sector').selectOption({ label: 'Agri-Tech' });
  await select(scope, 'Stage of Startup').selectOption({ label: 'Early Traction' });
  await field(scope, 'Team Size').fill('8');
  await scope.getByLabel('Establishment Date').fill('2021-06-15');
  await field(scope, 'Brief About Startup').fill('Soil sensors and advice for smallholder farmers.');
  await fillLocation(scope);
  await scope.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
}

/** Fills every field of the investor form in `scope`. */
export async function fillInvestorForm(scope: Locator, person: Person) {
  await field(scope, 'Name').fill(person.name);
  await field(scope, 'Email').fill(person.email);
  await select(scope, 'Country Code').selectOption({ label: 'India (+91)' });
  await field(scope, 'Contact Number').fill(PHONE);
  await field(scope, 'Company Name').fill(`${person.name} Capital`);
  await scope.getByRole('spinbutton', { name: 'Investment Amount' }).fill('2500000');
  await fillLocation(scope);
  await field(scope, 'Description').fill('Seed investor in rural fintech.');
  await scope.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
}

/** Fills the short colleague form of a startup or an investor ("+ Add Attendees"); +91 is chosen already. */
export async function fillColleagueForm(scope: Locator, person: Person) {
  await field(scope, 'Contact Person Name').fill(person.name);
  await field(scope, 'Email').fill(person.email);
  await field(scope, 'Contact Number').fill(PHONE);
}

/** The open tab panel of the register page, e.g. `tabPanel(page, 'Pitcher')`. */
export const tabPanel = (page: Page, tab: string) => page.getByRole('tabpanel', { name: tab });

/** Seats left of a ticket type, read from the API as the register page does. */
export async function seatsLeft(
  page: Page,
  participantCategoryId: number,
  ticketName: string,
): Promise<number> {
  const response = await page.request.get(
    `/api/auth/list-by-participant/ticketMaster/${participantCategoryId}`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { name: string; available: number }[] };
  const ticket = body.data.find((item) => item.name === ticketName);
  if (!ticket) throw new Error(`no ticket type named ${ticketName}`);
  return ticket.available;
}

/**
 * Clicks the page's top-left corner, outside any dialog. Radix starts listening for outside clicks
 * one task after a dialog mounts, so a raw click right after opening can land before it listens; a
 * person's click never comes that fast. Two animation frames and a task are waited for first.
 */
export async function clickOutside(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }),
  );
  await page.mouse.click(3, 3);
}

/** The WCAG 2.1 and 2.2 A/AA rules of axe-core the site must pass. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's browser build, evaluated in a page as it is (a script tag would break the site's CSP). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Fails with the list of WCAG A/AA rules axe-core finds broken on the page as it is now.
 *
 * axe-core runs in the page itself, put there once per document and run again on later calls:
 * @axe-core/playwright injected its 550 KB source into every frame on every call and opened a
 * second page to merge the frames' results, which took several times as long as the checks
 * themselves (docs/decisions/023). Third-party frames (the venue map, the video) are not the site's
 * own to fix; the rules about the frame element itself (its title) still run.
 */
export async function expectNoAccessibilityViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: false,
    });
    return results.violations.flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id}: ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`,
      ),
    );
  }, WCAG_TAGS);
  expect(violations).toEqual([]);
}

/** Fails when the page scrolls sideways: nothing may stick out of a 375 px phone screen. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
}

/**
 * Opens `pagePath` by a client-side navigation from /contact, as following a link in the site does:
 * the page then loads its content in the browser, which is where loading and error states show
 * (served directly, content pages arrive with their content, app/lib/query-prefill.ts). No public
 * link reaches every such page (nominee pages), so this uses React Router's router object.
 */
export async function openInApp(page: Page, pagePath: string) {
  await page.goto('/contact');
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
  await page.evaluate((to) => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter;
    void router.navigate(to);
  }, pagePath);
  await expect(page).toHaveURL(new RegExp(`${pagePath.replace(/[/]/g, '\\/')}$`));
}

/**
 * Scrolls `page` from top to bottom in steps and fails wherever the scroll-to-top button, when
 * shown, overlaps a control (link, button, field, checkbox, label) that can be seen.
 */
export async function expectScrollToTopCoversNothing(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()?.height ?? 800;
  for (let top = 0; top <= height - viewport + 120; top += 120) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    // The button decides once a frame after a scroll event, then React renders: let that settle,
    // then allow it a moment more to step aside.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)));
        }),
    );
    const covered = () =>
      page.evaluate(() => {
        const button = document.querySelector('[data-scroll-to-top]');
        if (!button) return [];
        const box = button.getBoundingClientRect();
        const controls = document.querySelectorAll(
          'a[href], button, input, select, textarea, label, summary, [role="button"], [role="checkbox"]',
        );
        return [...controls]
          .filter((control) => control !== button && control.checkVisibility())
          .filter((control) => {
            const rect = control.getBoundingClientRect();
            return (
              rect.width > 1 &&
              rect.height > 1 &&
              rect.left < box.right &&
              rect.right > box.left &&
              rect.top < box.bottom &&
              rect.bottom > box.top
            );
          })
          .map((control) => control.outerHTML.slice(0, 160));
      });
    await expect
      .poll(covered, { message: `controls under the scroll-to-top button at ${top} px`, timeout: 1000 })
      .toEqual([]);
  }
}
