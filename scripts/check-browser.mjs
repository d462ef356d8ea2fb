/**
 * Fails fast, before any test runs, when the Chromium the browser tests drive is missing.
 * The tests never download a browser (`playwright install`); they launch the system one at
 * CHROME_PATH (default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

function isExecutableFile(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

if (!isExecutableFile(chromePath)) {
  console.error(
    [
      `No Chromium found at ${chromePath}.`,
      'The browser tests (npm test, npm run test:e2e) drive a real Chromium. Either:',
      '  - install it on Debian/Ubuntu:  sudo apt-get install -y chromium',
      '  - or point CHROME_PATH at a Chrome or Chromium binary, e.g.',
      '      CHROME_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test',
    ].join('\n'),
  );
  process.exit(1);
}

const version = spawnSync(chromePath, ['--version'], { encoding: 'utf8', timeout: 30_000 });
const reported = version.stdout
  ?.split('\n')
  .find((line) => /\d+\.\d+/.test(line))
  ?.trim();
if (version.status !== 0 || !reported) {
  console.error(
    `${chromePath} exists but \`--version\` failed:\n${version.stderr || version.error?.message || ''}`,
  );
  console.error('Reinstall it (Debian: sudo apt-get install --reinstall -y chromium) or set CHROME_PATH.');
  process.exit(1);
}
console.log(`Browser tests use ${reported} at ${chromePath}`);
