/**
 * The last step of `react-router build` (the buildEnd hook in react-router.config.ts), run on the
 * client folder once every page is prerendered:
 *
 * 1. Each page requests its scripts only once it has painted (app/lib/hydrate-after-paint.ts):
 *    the pages are prerendered with their CSS inline, so the HTML alone paints them, and the ~20
 *    scripts only hydrate. React Router's <Scripts> has no option for this.
 * 2. The browser's route manifest loses what it never reads there (app/lib/slim-route-manifest.ts):
 *    every page loads it before it is interactive.
 * 3. Every compressible file gets `.br` (quality 11) and `.gz` (level 9) siblings, which the API's
 *    static server sends instead of compressing the same bytes on every request (@fastify/static
 *    `preCompressed`).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { hydrateAfterPaint } from '../app/lib/hydrate-after-paint';
import { slimRouteManifest } from '../app/lib/slim-route-manifest';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(?:html|js|css|svg|xml|txt|json|webmanifest|ico)$/;
/** React Router's route manifest for the browser (assets/manifest-<version>.js). */
const ROUTE_MANIFEST = /^manifest-[\w-]+\.js$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_COMPRESS_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Rewrites a prerendered page's scripts or the route manifest, then writes the compressed copies of what is on disk. */
async function finishFile(file: string) {
  let data = await readFile(file);
  if (file.endsWith('.html')) {
    const html = data.toString('utf8');
    const rewritten = hydrateAfterPaint(html);
    if (rewritten !== html) {
      data = Buffer.from(rewritten);
      await writeFile(file, data);
    }
  } else if (ROUTE_MANIFEST.test(path.basename(file))) {
    data = Buffer.from(slimRouteManifest(data.toString('utf8')));
    await writeFile(file, data);
  }
  if (!COMPRESSIBLE.test(file) || data.length < MIN_COMPRESS_BYTES) return;
  const [br, gz] = await Promise.all([
    brotliCompress(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/** Finishes every file of the client folder (see the module comment). */
export async function finishClientBuild(clientDir: string): Promise<void> {
  await Promise.all((await filesUnder(clientDir)).map(finishFile));
}
