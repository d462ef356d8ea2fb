/**
 * `npm run test:js-budget`: the first-load JavaScript of every public prerendered route of the web
 * build (apps/web/<build>/client; the console under /admin and the gate scanner excluded), counted
 * as `npm run bench:lighthouse` counts it (scripts/first-load-js.mjs: module preloads, entry and
 * their static imports, gzip level 9, KB of 1024 bytes), against the budgets of
 * docs/decisions/014-less-javascript-on-first-load.md. Fails listing each route over its budget
 * with its largest files. `--all` prints every route's figure. Reads files only: run after
 * `npm run build`. WEB_BUILD_DIR picks the web build folder (default build).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJs, prerenderedPaths } from './first-load-js.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.resolve(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build', 'client');
/** The organizer console and the gate scanner: client-only, not public pages. */
const CONSOLE_PATH = /^\/(admin|checkin)(\/|$)/;
const KB = 1024;

/**
 * Budgets in KB by route, the first matching rule applies; the route's twins in Gujarati and Hindi
 * (`/gu/…`, `/hi/…`) are held to their English page's budget.
 */
const BUDGETS = [
  { route: /^\/$/, kb: 120 },
  { route: /^\/register$/, kb: 140 },
  { route: /.*/, kb: 140 },
];

/** The English path of a route (`/gu/register` → `/register`, `/hi` → `/`). */
const englishPath = (route) => route.replace(/^\/(gu|hi)(?=\/|$)/, '') || '/';

if (!existsSync(client)) {
  console.error(`No web build at ${path.relative(root, client)}; run \`npm run build\` first.`);
  process.exit(1);
}

const routes = prerenderedPaths(client)
  .filter((route) => !CONSOLE_PATH.test(route))
  .sort();
const over = [];
for (const route of routes) {
  const { gzipBytes, files } = firstLoadJs(client, route);
  const budget = BUDGETS.find((rule) => rule.route.test(englishPath(route))).kb;
  const kb = gzipBytes / KB;
  if (process.argv.includes('--all')) {
    console.log(`${route.padEnd(28)} ${kb.toFixed(1).padStart(6)} KB  (budget ${budget})`);
  }
  if (kb > budget) over.push({ route, kb, budget, files });
}

if (over.length === 0) {
  console.log(`First-load JavaScript within budget on all ${routes.length} public routes.`);
} else {
  for (const { route, kb, budget, files } of over) {
    console.error(`${route}: ${kb.toFixed(1)} KB gzip, budget ${budget} KB. Largest files:`);
    for (const { file, gzipBytes } of files.slice(0, 6)) {
      console.error(`  ${(gzipBytes / KB).toFixed(1).padStart(6)} KB  ${file}`);
    }
  }
  console.error(`\n${over.length} of ${routes.length} public routes over their first-load JavaScript budget.`);
  process.exit(1);
}
