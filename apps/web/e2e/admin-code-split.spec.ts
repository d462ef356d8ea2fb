/**
 * The organizer console is code-split: a public page loads none of its modules.
 * The web build lists every client chunk holding a console module (its routes and features,
 * TanStack Table, recharts, qrcode) in `<build>/console-chunks.json` (vite.config.ts); a public
 * page, once idle, must have loaded none of them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

const consoleChunks: string[] = JSON.parse(
  readFileSync(path.resolve(process.env.WEB_BUILD_DIR ?? 'build', 'console-chunks.json'), 'utf8'),
) as string[];

test('the build lists the console chunks', () => {
  expect(consoleChunks.some((chunk) => /\/assets\/layout-/.test(chunk))).toBe(true);
  expect(consoleChunks.length).toBeGreaterThan(3);
});

for (const pagePath of ['/', '/register', '/faq', '/contact']) {
  test(`${pagePath} loads none of the console's code`, async ({ page }) => {
    await page.goto(pagePath);
    await page.waitForLoadState('networkidle');
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(loaded.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
    expect(loaded.filter((file) => consoleChunks.includes(file))).toEqual([]);
  });
}
