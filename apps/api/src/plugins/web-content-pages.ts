/**
 * Every public page is answered rendered with its data, by the web build's server bundle
 * (build/server/index.js, its `createPageRenderer`) from the public API's answers: the current
 * edition (name, dates, venue… which the root route asks for, so the header, footer, titles and
 * every text naming them show the organizers' latest edit without a rebuild) and, for content
 * pages (/about, /faq, /cms/:id, the collections: routes whose `handle` declares a prefill,
 * apps/web/app/lib/query-prefill.ts), their content, so their largest paint waits for no API
 * call (docs/decisions/012-content-pages-rendered-with-data.md). A path the site does
 * not have is answered with the not-found page and status 404.
 *
 * The API answers come through the public-read cache and the rendered page is kept there too
 * (`remember`), so a repeated request does no database work and no rendering, and an organizer's
 * change (an edition's too) drops both at once (and in other processes through LISTEN/NOTIFY).
 * A kept page lasts at most `PAGE_MAX_AGE_MS`, since the edition's `ended` turns with the clock.
 * An unknown page (/cms/999, /no-such-page) answers 404 and is not kept. When the bundle is
 * missing or rendering fails, the prerendered page (its data loaded in the browser) is served.
 *
 * A rendered page's Content-Security-Policy lists the hashes of the inline scripts the render
 * made itself, which carry its nonce; a script that came in with the page's data does not run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizedPath, spellsApiPath } from '../lib/request-path.js';
import { inlineScriptHashes, renderNonce } from '../lib/inline-scripts.js';
import type { CachedAnswer } from './public-cache.js';
import { pagePolicy } from './security-headers.js';

/** The web build's `createPageRenderer` result (apps/web/app/entry.server.tsx). */
interface PageRenderer {
  prefills(pathname: string): boolean;
  render(
    pathname: string,
    read: (path: string) => Promise<unknown>,
  ): Promise<{ status: number; html: string }>;
}

interface ServerBundle {
  entry?: { module?: { createPageRenderer?: (build: unknown) => PageRenderer } };
}

export interface ContentPagesOptions {
  /** The web build's client folder (build/client); the server bundle is beside it. */
  root: string;
  /** Replaces the build's origin by PUBLIC_URL in a rendered page (as web.ts does for files). */
  rewriteOrigin: (html: string) => string;
}

/**
 * Longest time (ms) a rendered page is kept: the edition it names says whether it has ended
 * (the API's own answer is kept 1 s for that reason); a minute late is close enough for a page.
 */
const PAGE_MAX_AGE_MS = 60_000;

/** A rendered page that answers with another status than 200, which is not kept. */
class UncachedPage extends Error {
  constructor(
    readonly status: number,
    readonly html: string,
  ) {
    super(`page answered ${status}`);
  }
}

/** The API answered a page's query with neither 200 nor 404: the page cannot say what it shows. */
class QueryRefused extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`${url} answered ${status}`);
  }
}

/**
 * The Content-Security-Policy of a page the server bundle rendered: the hashes of the scripts
 * with the render's nonce. Without one (a bundle that sets none) no inline script may run.
 */
function renderedPagePolicy(html: string): string {
  const nonce = renderNonce(html);
  return pagePolicy(nonce === undefined ? [] : inlineScriptHashes(html, { nonce }));
}

/**
 * The path of a page request in one spelling (segments decoded, then encoded again), so that
 * `/cms/%61bout` and `/cms/about` are one page; undefined for files, the API and malformed paths.
 */
function pagePath(url: string): string | undefined {
  const pathname = normalizedPath(url);
  if (pathname === undefined || spellsApiPath(url)) return undefined;
  // The console and the gate scanner are client-only: they show no edition and no content.
  if (pathname.startsWith('/assets/') || pathname.startsWith('/admin') || pathname === '/checkin')
    return undefined;
  if (path.extname(pathname) !== '') return undefined;
  return pathname.split('/').map(encodeURIComponent).join('/');
}

/**
 * Adds the onRequest hook answering content pages. Call it from the web plugin before any hook
 * that answers pages from files.
 */
export function registerContentPages(app: FastifyInstance, { root, rewriteOrigin }: ContentPagesOptions) {
  const bundlePath = path.resolve(root, '..', 'server', 'index.js');
  if (!existsSync(bundlePath)) {
    app.log.info(
      { bundlePath },
      'no server bundle beside the web build: content pages load their data in the browser',
    );
    return;
  }

  let loading: Promise<PageRenderer | undefined> | undefined;
  /** Imported on the first page request (or when the server starts listening), not at build time of the app. */
  const renderer = () => {
    loading ??= (async () => {
      const bundle = (await import(pathToFileURL(bundlePath).href)) as ServerBundle;
      const create = bundle.entry?.module?.createPageRenderer;
      if (typeof create !== 'function') {
        app.log.warn(
          { bundlePath },
          'the server bundle has no createPageRenderer: content pages are served prerendered',
        );
        return undefined;
      }
      return create(bundle);
    })().catch((error: unknown) => {
      app.log.error(
        { err: error, bundlePath },
        'could not load the server bundle: content pages are served prerendered',
      );
      return undefined;
    });
    return loading;
  };
  app.addHook('onListen', async () => {
    void renderer();
  });

  /**
   * The `data` of a public API answer (from the public-read cache), or undefined when the API
   * answers 404. @throws QueryRefused on any other status: the page must not say "not found"
   * because the database failed, so it falls back to its prerendered copy.
   */
  const read = async (apiPath: string): Promise<unknown> => {
    const url = `/api${apiPath}`;
    const { status, answer } = await app.publicCache.read(url);
    if (answer) return (JSON.parse(answer.identity.toString('utf8')) as { data?: unknown }).data;
    if (status === 404) return undefined;
    throw new QueryRefused(url, status);
  };

  /** Each kept page's policy, made on its first answer and dropped with it. */
  const policies = new WeakMap<CachedAnswer, string>();
  const policyOf = (page: CachedAnswer) => {
    let policy = policies.get(page);
    if (policy === undefined) {
      policy = renderedPagePolicy(page.identity.toString('utf8'));
      policies.set(page, policy);
    }
    return policy;
  };

  async function answer(request: FastifyRequest, reply: FastifyReply, pages: PageRenderer, pathname: string) {
    try {
      const page = await app.publicCache.remember(
        `page:${pathname}`,
        async () => {
          const rendered = await pages.render(pathname, read);
          const html = rewriteOrigin(rendered.html);
          if (rendered.status !== 200) throw new UncachedPage(rendered.status, html);
          return { body: html, contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' };
        },
        { maxAgeMs: PAGE_MAX_AGE_MS },
      );
      reply.header('content-security-policy', policyOf(page));
      return app.publicCache.send(request, reply, page);
    } catch (error) {
      if (error instanceof UncachedPage) {
        return reply
          .code(error.status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('content-security-policy', renderedPagePolicy(error.html))
          .send(error.html);
      }
      if (error instanceof QueryRefused && error.status < 500) {
        // The address holds what the API refuses (a blank or malformed id): the visitor's doing.
        request.log.info(
          { url: error.url, status: error.status, pathname },
          'content page: the API refused its query; serving the prerendered page',
        );
        return undefined;
      }
      request.log.error(
        { err: error, pathname },
        'content page: rendering failed; serving the prerendered page',
      );
      return undefined;
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = pagePath(request.url);
    if (pathname === undefined) return;
    const pages = await renderer();
    if (!pages?.prefills(pathname)) return;
    return answer(request, reply, pages, pathname);
  });
}
