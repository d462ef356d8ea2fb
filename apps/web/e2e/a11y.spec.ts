/**
 * axe-core on every static route of the site (app/content/site-routes.ts) at a phone and a
 * desktop width, once each page shows its <h1>: no WCAG 2.1 A/AA violations anywhere. One load
 * per route: the page is checked at 375 px, then widened to 1280 px and checked again, as a
 * visitor turning a tablet would see it.
 */
import { SITE_ROUTES } from '../app/content/site-routes';
import { expect, expectNoAccessibilityViolations, test } from './fixtures';

for (const route of SITE_ROUTES) {
  test(`${route.path} has its heading and no accessibility violations at 375 and 1280 px`, async ({
    page,
    expectedConsoleErrors,
  }) => {
    // The payment result pages look up a reference the test does not have; the browser logs the 404.
    expectedConsoleErrors.push(/status of 404/);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(route.path);
    for (const width of [375, 1280]) {
      await test.step(`at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.getByRole('heading', { level: 1 })).toContainText(route.heading);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expectNoAccessibilityViolations(page);
      });
    }
  });
}
