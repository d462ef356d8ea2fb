/**
 * `npm run test:html`: checks the built HTML of every prerendered route (apps/web/<build>/client,
 * every index.html plus the SPA fallback) with the Nu HTML Checker (npm package vnu-jar; needs
 * Java 8+). Fails on any HTML error; warnings are printed but do not fail. WEB_BUILD_DIR picks the
 * web build folder (default build), as for the e2e tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.resolve(root, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build', 'client');

if (!existsSync(client)) {
  console.error(`No web build at ${client}; run the build first.`);
  process.exit(1);
}

/** Every .html file below `dir`, except under assets/. */
function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

const files = htmlFiles(client).sort();
const java = spawnSync('java', ['-version'], { stdio: 'ignore' });
if (java.error || java.status !== 0) {
  console.error('Java is required for the Nu HTML Checker (Debian: apt-get install default-jre-headless).');
  process.exit(1);
}

console.log(`Nu HTML Checker on ${files.length} pages in ${path.relative(root, client)}`);
const result = spawnSync(
  'java',
  [
    '-Xss4m',
    '-jar',
    vnuJar,
    '--format',
    'gnu',
    '--filterpattern',
    // The pages inline Tailwind 4's stylesheet; the checker's CSS validator predates @layer,
    // @property and margin-trim and reports them. The check is for the HTML; the CSS is the
    // compiler's output, which browsers parse.
    '.*Trailing slash on void elements.*|CSS: .*',
    ...files,
  ],
  { encoding: 'utf8' },
);
const lines = `${result.stdout}${result.stderr}`
  .split('\n')
  .filter(Boolean)
  .map((line) => line.replace(`${client}${path.sep}`, ''));
const errors = lines.filter((line) => /: (error|fatal)/.test(line) || !/: (info|warning)/.test(line));
for (const line of lines) console.log(line);

if (result.status !== 0 || errors.length > 0) {
  console.error(`\n${errors.length} HTML error(s).`);
  process.exit(1);
}
console.log('Every page is valid HTML.');
