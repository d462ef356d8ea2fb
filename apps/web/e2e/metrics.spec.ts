/**
 * The built server answers Prometheus at /api/metrics beside the site (its pages take every
 * other path), only with METRICS_TOKEN, and counts the pages it served by route.
 */
import { E2E_METRICS_TOKEN } from './admin-accounts';
import { expect, test } from './fixtures';

test('a scraper with the token reads the metrics; without it, nothing', async ({ page, request }) => {
  await page.goto('/faq');
  const refused = await request.get('/api/metrics');
  expect(refused.status()).toBe(401);
  const response = await request.get('/api/metrics', {
    headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  expect(text).toMatch(
    /^festival_http_requests_total\{route="\/api\/auth\/event\/current",method="GET",status="200"\} \d+$/m,
  );
  expect(text).toMatch(/^festival_orders\{status="paid"\} \d+$/m);
});
