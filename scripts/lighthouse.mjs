/**
 * `npm run bench:lighthouse [-- /path ...]`: Lighthouse 13 (mobile profile, simulated throttling)
 * in Debian's Chromium on every prerendered route of the web build, printing the performance,
 * accessibility, best-practices and SEO scores per route. It starts the production server
 * (apps/api/dist/server.js) on a free port with a throwaway data directory, so build first
 * (`npm run build`). WEB_BUILD_DIR picks the web build folder (default build); CHROME_PATH
 * the browser (default /usr/bin/chromium). Exits 1 when a route misses the target
 * (performance 95, the others 100) and LIGHTHOUSE_STRICT=1 is set.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.resolve(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build', 'client');
const serverEntry = path.join(root, 'apps/api/dist/server.js');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

for (const required of [client, serverEntry]) {
  if (!existsSync(required)) {
    console.error(`Missing ${path.relative(root, required)}; run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Paths of the prerendered pages: every <dir>/index.html of the build, '/' first. */
function prerenderedPaths(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile() && entry.name === 'index.html') return [prefix || '/'];
    if (entry.isDirectory() && entry.name !== 'assets') {
      return prerenderedPaths(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    }
    return [];
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become healthy within 60 s');
}

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : prerenderedPaths(client).sort();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'festival-lighthouse-'));
const server = spawn(process.execPath, [serverEntry], {
  cwd: path.dirname(serverEntry),
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    // 'production' would demand an https PUBLIC_URL and real payment settings (apps/api/src/config.ts).
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: client,
    SMTP_URL: '',
    PAYMENT_PROVIDER: 'sandbox',
    RAZORPAY_KEY_ID: '',
    RAZORPAY_KEY_SECRET: '',
  },
});

let chrome;
const results = [];
try {
  await waitForHealth(baseUrl, server);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log(`Lighthouse (mobile) on ${paths.length} routes of ${path.relative(root, client)}\n`);
  console.log(['route'.padEnd(24), 'perf', 'a11y', 'best', 'seo'].join('  '));
  for (const route of paths) {
    const audit = () =>
      lighthouse(`${baseUrl}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
    // A runtime error (e.g. NO_NAVSTART, the navigation missing from Chromium's trace) is
    // Lighthouse failing to measure, not the page failing: such a route is measured once more.
    let runner = await audit();
    if (runner?.lhr.runtimeError) runner = await audit();
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        Math.round((runner?.lhr.categories[category]?.score ?? 0) * 100),
      ]),
    );
    const failing = Object.entries(runner?.lhr.audits ?? {})
      .filter(([, audit]) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map(([id]) => id);
    // A page Lighthouse could not measure (e.g. no paint in time) scores 0; say why.
    const runtimeError = runner?.lhr.runtimeError;
    if (runtimeError) failing.unshift(`runtime error ${runtimeError.code}`);
    results.push({ route, scores, failing });
    console.log(
      [route.padEnd(24), ...CATEGORIES.map((category) => String(scores[category]).padStart(4))].join('  ') +
        (failing.length > 0 ? `   failing: ${failing.join(', ')}` : ''),
    );
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const below = results.filter(({ scores }) =>
  CATEGORIES.some((category) => scores[category] < TARGET[category]),
);
console.log(
  below.length === 0
    ? '\nEvery route meets the target (performance ≥ 95, the others 100).'
    : `\n${below.length} of ${results.length} routes miss the target: ${below.map(({ route }) => route).join(', ')}`,
);
if (below.length > 0 && process.env.LIGHTHOUSE_STRICT === '1') process.exit(1);
