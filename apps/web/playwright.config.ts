/**
 * End-to-end tests in real Chromium (Debian's /usr/bin/chromium; never `playwright install`)
 * against the built production server: the API process serving build/client, with its own
 * fresh data directory (PGlite database, uploads and the email outbox). Build first:
 * `npm run build` at the repository root.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_OWNER, PASSWORD } from './e2e/admin-accounts';

const port = Number(process.env.E2E_PORT ?? 3100);
// localhost, not 127.0.0.1: WebAuthn takes no IP address as its relying party ID, so passkeys
// (PUBLIC_URL's host is the RP ID) work only on a name; Chromium treats localhost as secure.
const baseURL = `http://localhost:${port}`;

// Workers load this file again; they inherit the directory chosen by the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'festival-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

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
  timeout: 60_000,
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
  webServer: {
    // The console has no default account: the first owner comes from the organizer CLI (as in
    // production); the specs add the other organizers through the owner's console.
    command: `node ../api/dist/cli/organizer-add.js --email ${E2E_OWNER.email} --name "${E2E_OWNER.name}" --role owner && node ../api/dist/server.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
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
      ORGANIZER_PASSWORD: PASSWORD,
      // The specs buy passes of the spec's 2024 edition: on a clock up to 20 September 2024 a
      // fresh install's current edition is 2024's own (seed nextEdition), on sale until it
      // ends. quick-start.spec.ts runs on the real clock instead (playwright.real-clock.config.ts).
      TEST_CLOCK_START: '2024-09-15T06:00:00Z',
      // Returned seats reach the waiting list within seconds (waiting-list.spec.ts).
      WAITING_LIST_SWEEP_SECONDS: '2',
    },
  },
});
