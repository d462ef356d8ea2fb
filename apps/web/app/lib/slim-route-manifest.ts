/**
 * Shrinks the browser's copy of React Router's route manifest (`assets/manifest-<version>.js`,
 * `window.__reactRouterManifest = {…}`), which every page loads before it is interactive.
 *
 * With `ssr: false` React Router sends the whole manifest, every route's entry (the console's
 * and the Gujarati and Hindi twins' included): its lazy route discovery, which sends only the
 * page's routes, needs a server answering `/__manifest` and the build refuses it without server
 * rendering. Each entry lists `imports`, the chunks its module imports statically. In the browser
 * React Router reads them only to render `<link rel="modulepreload">` for a `<Link prefetch>`
 * (this site uses none) and for `<Scripts>` before hydration (the prerendered HTML already has
 * those, taken from the server build's own manifest, and starts them itself,
 * lib/hydrate-after-paint.ts). A navigation imports the route's `module`, whose static imports the
 * browser follows itself. So the browser copy drops them: 3.9 of its 7.6 KB gzipped
 * (docs/decisions/014-less-javascript-on-first-load.md).
 *
 * Used by the build on the client folder (scripts/finish-client-build.ts), before the compressed
 * copies are written.
 */

const MANIFEST = /^window\.__reactRouterManifest\s*=\s*(\{[\s\S]*\})\s*;?\s*$/;

interface ManifestRoute {
  imports?: string[];
  [field: string]: unknown;
}

/**
 * `source` (a manifest file's text) without the routes' `imports`; the entry's stay, as
 * `<Scripts>` lists them. Throws when `source` is not a React Router manifest, so a change of
 * its format stops the build instead of shipping an unread file.
 */
export function slimRouteManifest(source: string): string {
  const json = MANIFEST.exec(source.trim())?.[1];
  if (json === undefined) throw new Error('Not a React Router manifest (window.__reactRouterManifest = {…})');
  const manifest = JSON.parse(json) as { routes?: Record<string, ManifestRoute> };
  if (typeof manifest.routes !== 'object' || manifest.routes === null) {
    throw new Error('The React Router manifest has no routes');
  }
  const routes = Object.fromEntries(
    Object.entries(manifest.routes).map(([id, { imports: _imports, ...route }]) => [id, route]),
  );
  return `window.__reactRouterManifest=${JSON.stringify({ ...manifest, routes })};`;
}
