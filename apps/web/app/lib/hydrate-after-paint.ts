/**
 * Rewrites a rendered page so that its JavaScript is requested only once the page has painted:
 * the page's module preloads and React Router's inline module script (the one that imports the
 * route modules and starts `entry.client`) become one classic inline script that adds them to
 * the document after the first frame, and after the page's high-priority images (its largest
 * paint, the home page's hero) have loaded or failed. A hidden page (a background tab, whose
 * frames do not run) starts at once or when it is shown.
 *
 * Why: every page is prerendered with its CSS inline, so its HTML alone paints it; the ~20
 * scripts only hydrate. On a fast connection they finish downloading before the first paint,
 * and Lighthouse's simulation then counts every one of them as needed for the largest paint
 * (its LCP graph keeps each request that ended before the observed paint), predicting 2–2.4 s
 * on slow 4G for a paint the HTML alone makes in 0.7 s. On a slow connection the page's images
 * no longer share the bandwidth with the scripts. The cost is one frame before the scripts start
 * (docs/decisions/017-scripts-after-the-first-paint.md).
 *
 * Used by the build on every prerendered file (scripts/finish-client-build.ts) and by the pages
 * the API renders with their data (entry.server.tsx, `createPageRenderer`). React hydrates the
 * loader in place of the module script (same tag, production hydration compares no attributes)
 * and skips the scripts added at the end of <body>.
 */

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;
// The nonce a request-time render gives React Router's scripts comes before their type.
const MODULE_SCRIPT = /<script\b([^>]*?)\stype="module"[^>]*>([\s\S]*?)<\/script>/g;
const NONCE = /\snonce="([^"]*)"/;
const LOADER_ID = 'hydrate-after-paint';

/**
 * The loader, run where the module script was: `preloads` are the module URLs, `entry` the
 * module script's text. rAF runs before the next frame is painted, a timeout queued from it
 * after that paint.
 */
const LOADER = `(preloads, entry) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.textContent = entry;
    document.body.append(script);
  };
  if (document.visibilityState !== 'visible') return start();
  document.addEventListener('visibilitychange', start, { once: true });
  const images = [...document.querySelectorAll('img[fetchpriority="high"]')].filter((image) => !image.complete);
  Promise.all(
    images.map(
      (image) =>
        new Promise((settle) => {
          image.addEventListener('load', settle, { once: true });
          image.addEventListener('error', settle, { once: true });
        }),
    ),
  ).then(() => requestAnimationFrame(() => setTimeout(start)));
}`;

/** JSON that cannot end its script element (`</script>`) nor open a comment in it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * The page with its scripts started after its first paint (see the module comment). A page
 * without exactly one module script (no React Router entry) is returned as it is.
 */
export function hydrateAfterPaint(html: string): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  const [, attributes, entry] = scripts.length === 1 ? (scripts[0] ?? []) : [];
  if (entry === undefined) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  // The module script's nonce marks the loader as the render's own (the API's page policy).
  const nonce = NONCE.exec(attributes ?? '')?.[1];
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
  const loader = `<script id="${LOADER_ID}"${nonceAttribute}>(${LOADER})(${scriptJson(preloads)}, ${scriptJson(entry)})</script>`;
  return html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, () => loader);
}

/**
 * The module URLs a page rewritten by `hydrateAfterPaint` preloads and its entry's text, or
 * undefined for a page without the loader (for tools that list a page's first-load scripts).
 */
export function deferredScripts(html: string): { preloads: string[]; entry: string } | undefined {
  const match = new RegExp(
    `<script id="${LOADER_ID}"[^>]*>[\\s\\S]*?\\}\\)\\((\\[[^\\]]*\\]), ("(?:[^"\\\\]|\\\\.)*")\\)</script>`,
  ).exec(html);
  const [, preloads, entry] = match ?? [];
  if (preloads === undefined || entry === undefined) return undefined;
  return { preloads: JSON.parse(preloads) as string[], entry: JSON.parse(entry) as string };
}
