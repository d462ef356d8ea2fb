/**
 * `npm run bench:lighthouse [-- /path ...]`: Lighthouse 13 (mobile profile: simulated slow 4G
 * and 4x CPU slowdown) in Debian's Chromium on every public prerendered route of the web build
 * (the console under /admin and the gate scanner at /checkin excluded), each measured
 * LIGHTHOUSE_RUNS times (default 3). Prints per route the median of the runs for the
 * performance, accessibility, best-practices and SEO scores, total blocking time, largest
 * contentful paint and layout shift, and the route's first-load JavaScript: every script its
 * prerendered HTML loads or preloads and their static imports, gzipped (level 9), in KB of 1024
 * bytes (scripts/first-load-js.mjs, which `npm run test:js-budget` checks against budgets). A route whose first load includes a console chunk (<build>/console-chunks.json) is
 * flagged. It starts the production server (apps/api/dist/server.js) on a free port with a
 * throwaway data directory, so build first (`npm run build`). WEB_BUILD_DIR picks the web build
 * folder (default build); CHROME_PATH the browser (default /usr/bin/chromium); LIGHTHOUSE_JSON_DIR
 * a folder to keep every run's full report in (`<route>-<run>.json`). Exits 1 when a
 * route misses the target (every score 100, TBT ≤ 100 ms, LCP ≤ 1.8 s) and LIGHTHOUSE_STRICT=1
 * is set. Scores move with the machine's load: run it on an otherwise idle machine.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstLoadJs as firstLoadJsOf, prerenderedPaths } from './first-load-js.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.resolve(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build', 'client');
const serverEntry = path.join(root, 'apps/api/dist/server.js');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
/** The goals for the two timings, in ms. */
const TARGET_TBT_MS = 100;
const TARGET_LCP_MS = 1800;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The organizer console and the gate scanner: client-only, noindex, not public pages. */
const CONSOLE_PATH = /^\/(admin|checkin)(\/|$)/;

for (const required of [client, serverEntry]) {
  if (!existsSync(required)) {
    console.error(`Missing ${path.relative(root, required)}; run \`npm run build\` first.`);
    process.exit(1);
  }
}

const consoleChunks = new Set(
  JSON.parse(readFileSync(path.join(client, '..', 'console-chunks.json'), 'utf8')),
);

/** `route`'s first-load JavaScript (scripts/first-load-js.mjs) and which of its files are console chunks. */
function firstLoadJs(route) {
  const { gzipBytes, files } = firstLoadJsOf(client, route);
  const consoleFiles = files.map(({ file }) => file).filter((file) => consoleChunks.has(file));
  return { gzipBytes, consoleFiles };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

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

const paths =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : prerenderedPaths(client)
        .filter((route) => !CONSOLE_PATH.test(route))
        .sort();
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
  console.log(
    `Lighthouse (mobile) on ${paths.length} routes of ${path.relative(root, client)}, median of ${RUNS} runs; ` +
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} on ${os.cpus().length} CPUs\n`,
  );
  console.log(
    ['route'.padEnd(24), 'perf', 'a11y', 'best', 'seo', '  TBT ms', ' LCP s', '  CLS', ' JS KB'].join('  '),
  );
  for (const route of paths) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const audit = () =>
        lighthouse(`${baseUrl}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
      // A runtime error (e.g. NO_NAVSTART, the navigation missing from Chromium's trace) is
      // Lighthouse failing to measure, not the page failing: such a run is measured once more.
      let runner = await audit();
      if (runner?.lhr.runtimeError) runner = await audit();
      runs.push(runner?.lhr);
      if (process.env.LIGHTHOUSE_JSON_DIR && runner) {
        const name = `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '_')}-${run + 1}.json`;
        writeFileSync(path.join(process.env.LIGHTHOUSE_JSON_DIR, name), JSON.stringify(runner.lhr));
      }
    }
    // Medians over the runs Lighthouse could measure; a route none of whose runs could be
    // measured scores 0.
    const measured = runs.filter((lhr) => lhr && !lhr.runtimeError);
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        measured.length === 0
          ? 0
          : median(measured.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100))),
      ]),
    );
    const metric = (id) =>
      measured.length === 0
        ? Infinity
        : median(measured.map((lhr) => lhr.audits[id]?.numericValue ?? Infinity));
    const tbt = metric('total-blocking-time');
    const lcp = metric('largest-contentful-paint');
    const cls = metric('cumulative-layout-shift');
    // Binary audits failing in any run, and why a run could not be measured (it then scores 0).
    const failing = new Set(
      runs.flatMap((lhr) => [
        ...(lhr?.runtimeError ? [`runtime error ${lhr.runtimeError.code}`] : []),
        ...Object.entries(lhr?.audits ?? {})
          .filter(
            ([, audit]) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
          )
          .map(([id]) => id),
      ]),
    );
    const js = existsSync(path.join(client, route, 'index.html')) ? firstLoadJs(route) : undefined;
    if (js && js.consoleFiles.length > 0) failing.add(`console code loaded: ${js.consoleFiles.join(', ')}`);
    if (measured.length < runs.length) {
      failing.add(`${runs.length - measured.length} of ${runs.length} runs not measured`);
    }
    results.push({ route, scores, tbt, lcp, failing: [...failing] });
    console.log(
      [
        route.padEnd(24),
        ...CATEGORIES.map((category) => String(scores[category]).padStart(4)),
        (Number.isFinite(tbt) ? String(Math.round(tbt)) : '-').padStart(8),
        (Number.isFinite(lcp) ? (lcp / 1000).toFixed(2) : '-').padStart(6),
        (Number.isFinite(cls) ? cls.toFixed(3) : '-').padStart(5),
        (js ? (js.gzipBytes / 1024).toFixed(1) : '?').padStart(6),
      ].join('  ') + (failing.size > 0 ? `   failing: ${[...failing].join(', ')}` : ''),
    );
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const below = results.filter(
  ({ scores, tbt, lcp, failing }) =>
    CATEGORIES.some((category) => scores[category] < TARGET[category]) ||
    tbt > TARGET_TBT_MS ||
    lcp > TARGET_LCP_MS ||
    failing.some((reason) => reason.startsWith('console code')),
);
console.log(
  below.length === 0
    ? `\nEvery route meets the target (every score 100, TBT ≤ ${TARGET_TBT_MS} ms, LCP ≤ ${TARGET_LCP_MS / 1000} s, no console code).`
    : `\n${below.length} of ${results.length} routes miss the target: ${below.map(({ route }) => route).join(', ')}`,
);
if (below.length > 0 && process.env.LIGHTHOUSE_STRICT === '1') process.exit(1);
