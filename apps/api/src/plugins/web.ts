/**
 * Serves the built web client (React Router's prerendered HTML and assets) beside the API,
 * so production is one process on one port. Prerendered routes answer with their own HTML;
 * console pages that were not prerendered (those with a parameter, such as
 * /admin/content/speakers) get the console's shell, /admin/index.html, which hydrates into any
 * console page; other paths get the SPA fallback, whose router handles them (an unknown path
 * shows the not-found page; rendered by web-content-pages.ts it also answers 404). The SPA fallback holds the public site's header and footer, which a console
 * page hydrating over it would keep.
 *
 * The pages are prerendered with the build's public origin (VITE_SITE_URL) in their canonical
 * and Open Graph URLs, the sitemap and robots.txt. When the server's PUBLIC_URL differs (shared
 * links previewed `http://localhost:3000`), those files are answered with the origin replaced (see
 * `createOriginRewriter`), compressed once per file in memory: the build's .br and .gz copies hold
 * the old origin, so they are not sent for these files.
 *
 * Pages whose content comes from the database are rendered with it instead (web-content-pages.ts).
 *
 * Each page answers with its own Content-Security-Policy (`pagePolicy`), which allows the inline
 * scripts of that file, and no other: the files are read and their scripts hashed at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickEncoding } from '../lib/accept-encoding.js';
import { normalizedPath, spellsApiPath } from '../lib/request-path.js';
import { inlineScriptHashes } from '../lib/inline-scripts.js';
import { pagePolicy } from './security-headers.js';
import { registerContentPages } from './web-content-pages.js';

export interface WebOptions {
  root: string;
  /** The site's public origin (config PUBLIC_URL), written into the pages' absolute URLs. */
  publicUrl: string;
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files that carry the site's absolute URLs: the pages, sitemap.xml and robots.txt. */
const WITH_ORIGIN: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The origin the home page was prerendered with: that of its canonical link. */
export function prerenderedOrigin(root: string): string | undefined {
  const home = path.join(root, 'index.html');
  if (!existsSync(home)) return undefined;
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(home, 'utf8'))?.[1];
  if (!canonical) return undefined;
  try {
    return new URL(canonical).origin;
  } catch {
    return undefined;
  }
}

/** The Content-Security-Policy of each HTML file under `root`, by absolute path. */
async function pagePolicies(root: string): Promise<Map<string, string>> {
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
  const policies = await Promise.all(
    files.map(async (file) => {
      const html = await readFile(path.join(root, file), 'utf8');
      return [path.join(root, file), pagePolicy(inlineScriptHashes(html))] as const;
    }),
  );
  return new Map(policies);
}

interface RewrittenFile {
  type: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** A page's Content-Security-Policy, for its rewritten scripts. */
  policy: string | undefined;
}

/**
 * Reads a file of the client folder with every `from` origin replaced by `to`, with its
 * brotli and gzip forms; each file is rewritten and compressed once, on first request.
 */
function createOriginRewriter(root: string, from: string, to: string) {
  const cache = new Map<string, Promise<RewrittenFile>>();
  const load = async (file: string): Promise<RewrittenFile> => {
    const text = (await readFile(path.join(root, file), 'utf8')).replaceAll(from, to);
    const identity = Buffer.from(text);
    const [br, gz] = await Promise.all([
      brotliCompress(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(identity, { level: 9 }),
    ]);
    const type = WITH_ORIGIN[path.extname(file)] ?? 'text/plain';
    const policy = type.startsWith('text/html') ? pagePolicy(inlineScriptHashes(text)) : undefined;
    return { type, identity, br, gzip: gz, policy };
  };
  return (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      entry = load(file);
      entry.catch(() => cache.delete(file));
      cache.set(file, entry);
    }
    return entry;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a non-API GET that matched no file with the right HTML page. */
    serveWebPage(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}

const FALLBACKS = ['__spa-fallback.html', 'index.html'];

/**
 * The public pages with parameters (apps/web/app/routes.ts: /cms/:id and
 * /archive/:collection/:edition), which no prerendered file holds: the fallback answers them
 * with 200 and its router renders them. Any other path the fallback answers is one the site
 * does not have, answered 404 (its router shows the not-found page), also when the server
 * bundle that renders pages with their data is missing or fails.
 */
const PARAMETER_PAGES = [/^\/cms\/[^/]+\/?$/, /^\/archive\/[^/]+\/[^/]+\/?$/];
const CONSOLE_SHELL = 'admin/index.html';

export default fp<WebOptions>(
  async function web(app: FastifyInstance, { root, publicUrl }: WebOptions) {
    const policies = await pagePolicies(root);
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      redirect: false,
      index: ['index.html'],
      // The web build writes .br and .gz copies of its text files (apps/web/scripts/finish-client-build.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // A precompressed copy (page.html.br) has the policy of its page.
        const policy = policies.get(filePath.replace(/\.(?:br|gz)$/, ''));
        if (policy) reply.header('content-security-policy', policy);
        // Vite fingerprints everything under /assets; HTML must revalidate so deploys show at once.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });

    // The files' wildcard route takes any path the API's routes do not: one that spells the API
    // (`//api/…`, `/API/…`) gets the API's JSON 404, not a file, a page or the file server's 403.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url === '/*' && spellsApiPath(request.url)) {
        reply.callNotFound();
        return reply;
      }
    });

    const fallback = FALLBACKS.find((name) => existsSync(path.join(root, name))) ?? 'index.html';
    const consoleShell = existsSync(path.join(root, CONSOLE_SHELL)) ? CONSOLE_SHELL : fallback;
    const inRoot = (file: string) => {
      const resolved = path.resolve(root, `.${file}`);
      return resolved.startsWith(root + path.sep) && existsSync(resolved);
    };

    /** The HTML file that answers a page path (its prerendered page, or a shell), and its status. */
    const pageFile = (pathname: string): { file: string; status: 200 | 404 } => {
      const page = path.join(pathname, 'index.html');
      if (inRoot(page)) return { file: `.${page}`, status: 200 };
      if (pathname.startsWith('/admin/')) return { file: consoleShell, status: 200 };
      return {
        file: fallback,
        status: PARAMETER_PAGES.some((pattern) => pattern.test(pathname)) ? 200 : 404,
      };
    };

    const built = prerenderedOrigin(root);
    const wanted = new URL(publicUrl).origin;
    const rewritten =
      built !== undefined && built !== wanted ? createOriginRewriter(root, built, wanted) : undefined;
    if (rewritten) {
      app.log.info(
        { built, publicUrl: wanted },
        'pages were built for another origin; serving them rewritten',
      );
    }

    /** Answers with a file of WITH_ORIGIN rewritten onto PUBLIC_URL, compressed as the request accepts. */
    async function sendRewritten(
      rewrite: NonNullable<typeof rewritten>,
      request: FastifyRequest,
      reply: FastifyReply,
      file: string,
      status: 200 | 404 = 200,
    ) {
      const content = await rewrite(file);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply
        .code(status)
        .header('content-type', content.type)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      if (content.policy) reply.header('content-security-policy', content.policy);
      const body = encoding === 'br' ? content.br : encoding === 'gzip' ? content.gzip : content.identity;
      return reply.send(request.method === 'HEAD' ? undefined : body);
    }

    app.decorate('serveWebPage', function serveWebPage(request: FastifyRequest, reply: FastifyReply) {
      const { file, status } = pageFile(normalizedPath(request.url) ?? '/');
      if (rewritten) {
        void sendRewritten(rewritten, request, reply, file, status).catch((error: unknown) =>
          reply.send(error),
        );
        return reply;
      }
      return reply.code(status).header('cache-control', 'no-cache').sendFile(file);
    });

    // Before the hook below: content pages are rendered with their data rather than read from files.
    registerContentPages(app, {
      root,
      rewriteOrigin: (html) =>
        built !== undefined && built !== wanted ? html.replaceAll(built, wanted) : html,
    });

    if (!rewritten) return;
    // Pages, the sitemap and robots.txt are answered here, before the static server would send
    // them (or their precompressed copies) with the build's origin.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      // A route of the API answers for itself, whatever its path looked like.
      if (request.routeOptions.url?.startsWith('/api/') || spellsApiPath(request.url)) return;
      const pathname = normalizedPath(request.url);
      if (pathname === undefined || pathname.startsWith('/assets/')) return;
      const extension = path.extname(pathname);
      if (extension === '') {
        const { file, status } = pageFile(pathname);
        return sendRewritten(rewritten, request, reply, file, status);
      }
      if (WITH_ORIGIN[extension] && inRoot(pathname))
        return sendRewritten(rewritten, request, reply, `.${pathname}`);
    });
  },
  { name: 'web' },
);
