/**
 * The inline scripts an HTML page runs, as CSP hash sources (`'sha256-…'`, CSP Level 3 "hash
 * source expressions"): a browser runs an inline script only when the SHA-256 of its text, in
 * base64, is listed in `script-src`. The pages come from the web build (apps/web), read as
 * text: React Router's inline scripts, the build's hydrate-after-paint loader and the pages'
 * one-line prepaint scripts.
 */
import { createHash } from 'node:crypto';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const SRC = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*"([^"]*)"/i;
const NONCE = /\snonce="([^"]*)"/;
/** `type` values a browser runs as script (the WHATWG list's JavaScript MIME types, and module). */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);
/**
 * apps/web/app/lib/hydrate-after-paint.ts: the loader takes the preloads and the text of the
 * module script it adds to the document once the page has painted, which needs its own hash.
 */
const LOADER = /^<script id="hydrate-after-paint"/;
const LOADER_ENTRY = /\}\)\(\[[^\]]*\], ("(?:[^"\\]|\\.)*")\)$/;

/** `'sha256-…'` of a script's text (the UTF-8 bytes between its tags). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The hash sources of the inline scripts `html` runs, in page order without repeats: each
 * `<script>` without `src` whose type runs (data blocks such as `application/json` are left
 * out), and the module script the hydrate-after-paint loader adds. With `nonce`, only the
 * scripts carrying it count: a render marks its own scripts so, and a script that arrived with
 * the page's data, which cannot know the nonce, is not trusted.
 */
export function inlineScriptHashes(html: string, options: { nonce?: string } = {}): string[] {
  const hashes = new Set<string>();
  for (const [tag, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue;
    if (!EXECUTABLE_TYPES.has((TYPE.exec(attributes)?.[1] ?? '').trim().toLowerCase())) continue;
    if (options.nonce !== undefined && NONCE.exec(attributes)?.[1] !== options.nonce) continue;
    hashes.add(scriptHash(text));
    const entry = LOADER.test(tag) ? LOADER_ENTRY.exec(text)?.[1] : undefined;
    if (entry !== undefined) hashes.add(scriptHash(JSON.parse(entry) as string));
  }
  return [...hashes];
}

/**
 * The nonce on the last script of a page rendered at request time: React Router's own (its
 * stream's closing script follows the whole page, whatever data the page holds), or undefined.
 */
export function renderNonce(html: string): string | undefined {
  const last = html.lastIndexOf('<script');
  if (last < 0) return undefined;
  const tag = html.slice(last, html.indexOf('>', last) + 1);
  return NONCE.exec(tag)?.[1];
}
