/**
 * End-to-end tests in real Chromium (Debian's /usr/bin/chromium; never `playwright install`)
 * against the built production server: the API process serving build/client, with its own
 * fresh data directory (PGlite database, uploads and the email outbox). Build first:
 * `npm run build` at the repository root.
 *
 * Three servers, one per project: `test-clock` runs every spec but two on a server whose clock
 * starts on 15 September 2024 (E2E_PORT); `real-clock` runs quick-start.spec.ts once on a server
 * on the real clock (E2E_PORT + 1), as a fresh install is started; `mail-down` runs
 * failed-jobs.spec.ts on a server whose mail server (SMTP_URL, E2E_PORT + 3) is down until the
 * spec starts one there (E2E_PORT + 2), and before it console-questions-editions.spec.ts, which
 * creates an edition (it becomes current for good, which the test-clock specs must not see), and
 * console-sample-removal.spec.ts, which removes the sample content for good; neither sends mail.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_METRICS_TOKEN, E2E_OWNER, MAIL_DOWN_OWNER, PASSWORD } from './e2e/admin-accounts';

const port = Number(process.env.E2E_PORT ?? 3100);
const realClockPort = port + 1;
// localhost, not 127.0.0.1: WebAuthn takes no IP address as its relying party ID, so passkeys
// (PUBLIC_URL's host is the RP ID) work only on a name; Chromium treats localhost as secure.
const baseURL = `http://localhost:${port}`;
const realClockURL = `http://localhost:${realClockPort}`;
const mailDownPort = port + 2;
const mailDownURL = `http://localhost:${mailDownPort}`;
/** The mail-down server's SMTP port: nothing listens there until failed-jobs.spec.ts starts a server. */
process.env.E2E_MAIL_DOWN_SMTP_PORT ??= String(port + 3);

// Workers load this file again; they inherit the directories chosen by the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'festival-e2e-'));
process.env.E2E_REAL_CLOCK_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'festival-e2e-real-clock-'));
process.env.E2E_MAIL_DOWN_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'festival-e2e-mail-down-'));
const dataDir = process.env.E2E_DATA_DIR;
const realClockDataDir = process.env.E2E_REAL_CLOCK_DATA_DIR;

/** What both servers run with: the production build, mail to the outbox, the sandbox provider. */
function serverEnv(serverPort: number, url: string, serverDataDir: string): Record<string, string> {
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: serverDataDir,
    // Not 'production': that demands an https PUBLIC_URL and payment settings a test server
    // on localhost does not have (apps/api/src/config.ts). The build served is the production one.
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // The web build to serve; WEB_BUILD_DIR lets parallel work build and test its own copy.
    WEB_DIST_DIR: path.resolve(process.env.WEB_BUILD_DIR ?? 'build', 'client'),
    // Mail goes to DATA_DIR/outbox and payments to the sandbox, whatever the shell has set.
    SMTP_URL: '',
    PAYMENT_PROVIDER: 'sandbox',
    RAZORPAY_KEY_ID: '',
    RAZORPAY_KEY_SECRET: '',
  };
}

const QUICK_START = /quick-start\.spec\.ts$/;
const FAILED_JOBS = /failed-jobs\.spec\.ts$/;
const NEW_EDITION = /console-questions-editions\.spec\.ts$/;
const SAMPLE_REMOVAL = /console-sample-removal\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  // One server, one PGlite connection and shared seat counts: run the specs one after another.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Once in CI, headless Chromium stopped running a page's animation frames, and an action waiting
  // for its element to be stable timed out after 60 s (checkin-scanner.spec.ts, 26 Nov 2026).
  // CI runs a failed test once more and the list reporter names it flaky; a failure that
  // repeats still fails the run. Locally a test runs once, so a flaky test shows as failed.
  retries: process.env.CI ? 1 : 0,
  // CI runs the API suites on PostgreSQL beside the browser tests on a two-core machine: the long
  // flows (registration to payment, the scanner's offline cases) then take past a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'test-clock', testIgnore: [QUICK_START, FAILED_JOBS, NEW_EDITION, SAMPLE_REMOVAL] },
    { name: 'real-clock', testMatch: QUICK_START, use: { baseURL: realClockURL } },
    {
      name: 'mail-down',
      testMatch: [NEW_EDITION, SAMPLE_REMOVAL, FAILED_JOBS],
      use: { baseURL: mailDownURL },
    },
  ],
  webServer: [
    {
      // The console has no default account: the first owner comes from the organizer CLI (as in
      // production); the specs add the other organizers through the owner's console.
      command: `node ../api/dist/cli/organizer-add.js --email ${E2E_OWNER.email} --name "${E2E_OWNER.name}" --role owner && node --liftoff-only ../api/dist/server.js`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv(port, baseURL, dataDir),
        ORGANIZER_PASSWORD: PASSWORD,
        // The specs buy passes of the spec's 2024 edition: on a clock up to 20 September 2024
        // a fresh install's current edition is 2024's own (seed nextEdition), on sale until it
        // ends.
        TEST_CLOCK_START: '2024-09-15T06:00:00Z',
        // Returned seats reach the waiting list within seconds (waiting-list.spec.ts).
        WAITING_LIST_SWEEP_SECONDS: '2',
        METRICS_TOKEN: E2E_METRICS_TOKEN,
      },
    },
    {
      // The README's quick start on whatever today is: the first start seeds the next edition.
      command: 'node --liftoff-only ../api/dist/server.js',
      url: `${realClockURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      // The real clock, whatever the shell has set.
      env: { ...serverEnv(realClockPort, realClockURL, realClockDataDir), TEST_CLOCK_START: '' },
    },
    {
      command: `node ../api/dist/cli/organizer-add.js --email ${MAIL_DOWN_OWNER.email} --name "${MAIL_DOWN_OWNER.name}" --role owner && node --liftoff-only ../api/dist/server.js`,
      url: `${mailDownURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv(mailDownPort, mailDownURL, process.env.E2E_MAIL_DOWN_DATA_DIR),
        ORGANIZER_PASSWORD: PASSWORD,
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_MAIL_DOWN_SMTP_PORT}`,
        TEST_CLOCK_START: '',
      },
    },
  ],
});
