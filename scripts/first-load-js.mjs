/**
 * A prerendered route's first-load JavaScript, as `npm run bench:lighthouse` and
 * `npm run test:js-budget` count it: every script the route's prerendered HTML loads or preloads
 * and their static imports, each gzipped at level 9, in bytes. Dynamic imports (the lazily loaded
 * dialogs, the carousel engine, the parts below the first screen) are not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { deferredScripts } from '../apps/web/app/lib/hydrate-after-paint.ts';

/** Paths of the prerendered pages of the client folder `dir`: every <dir>/index.html, '/' first. */
export function prerenderedPaths(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile() && entry.name === 'index.html') return [prefix || '/'];
    if (entry.isDirectory() && entry.name !== 'assets') {
      return prerenderedPaths(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    }
    return [];
  });
}

/** Static imports of a built module (`import"./a.js"`, `from"./b.js"`), as paths from the site root. */
function staticImports(file, source) {
  return [...source.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)].map(
    ([, specifier]) => new URL(specifier, `http://site${file}`).pathname,
  );
}

/**
 * The scripts `route`'s prerendered HTML in the client folder `client` loads before it is
 * interactive (they start once it has painted, apps/web/app/lib/hydrate-after-paint.ts): its
 * module preloads, the modules its entry imports, and everything those import statically.
 * Returns the gzipped total in bytes and each file (a path from the site root) with its own
 * gzipped size, largest first.
 */
export function firstLoadJs(client, route) {
  const html = readFileSync(path.join(client, route, 'index.html'), 'utf8');
  const scripts = deferredScripts(html);
  const pending = scripts
    ? [
        ...scripts.preloads,
        ...staticImports('/', scripts.entry),
        ...[...scripts.entry.matchAll(/import\("([^"]+)"\)/g)].map(([, href]) => href),
      ]
    : [];
  const files = new Map();
  while (pending.length > 0) {
    const file = pending.pop();
    if (files.has(file)) continue;
    const source = readFileSync(path.join(client, file));
    files.set(file, zlib.gzipSync(source, { level: 9 }).length);
    pending.push(...staticImports(file, source.toString('utf8')));
  }
  const sizes = [...files]
    .map(([file, gzipBytes]) => ({ file, gzipBytes }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { gzipBytes: sizes.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0), files: sizes };
}
