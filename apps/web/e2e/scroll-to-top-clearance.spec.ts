/**
 * The floating scroll-to-top button never covers a control: it steps aside while a form field has
 * focus and wherever a field, checkbox, link or button passes under its corner. Walked down the
 * register form, its end (terms box, Submit, Start again) and the manage page, at 375 and 1280 px.
 * That it still shows where its corner is clear, and takes the page up, is layout.spec.ts's test.
 */
import { expect, expectScrollToTopCoversNothing, field, tabPanel, test } from './fixtures';

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 812 } });

    test('the register form and the manage page keep every control clear of the button', async ({ page }) => {
      await page.goto('/register');
      const panel = tabPanel(page, 'Pitcher');
      await expect(field(panel, 'Contact Person Name')).toBeVisible();
      await expectScrollToTopCoversNothing(page);

      // Shown in a stretch of the page without controls, gone while a field has focus.
      const button = page.getByRole('button', { name: 'Scroll to top' });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.screenshot({ path: test.info().outputPath(`register-end-${width}.png`) });
      await field(panel, 'City').focus();
      await expect(button).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`register-typing-${width}.png`) });
      await field(panel, 'City').blur();

      await page.goto('/manage');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage my registration');
      await expectScrollToTopCoversNothing(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.screenshot({ path: test.info().outputPath(`manage-end-${width}.png`) });
    });
  });
}
