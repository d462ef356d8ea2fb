/**
 * Server rendering, at build time (prerendering every static page, as React Router's default
 * entry does, with no data: no edition fact is built in) and at request time for every public
 * page, with the current edition and the page's own content from the database: the API
 * loads this build and calls `createPageRenderer` (apps/api/src/plugins/web-content-pages.ts,
 * docs/decisions/012-content-pages-rendered-with-data.md).
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createContext,
  createRequestHandler,
  matchRoutes,
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type RouteObject,
  type ServerBuild,
} from 'react-router';
import { hydrateAfterPaint } from './lib/hydrate-after-paint';
import { ScriptNonceContext } from './lib/script-nonce';
import {
  isPrefillHandle,
  QueryPrefillContext,
  serializePrefill,
  type QueryPrefill,
  type QuerySeed,
} from './lib/query-prefill';

export const streamTimeout = 5_000;

/** The filled queries of a request-time render (null while prerendering). */
const prefillContext = createContext<QueryPrefill | null>(null);

/**
 * A request-time render's nonce, new for each render (null while prerendering): React
 * Router and React write it on the inline scripts they make, so the API's page policy trusts
 * those scripts and no script that came in with the page's data.
 */
const scriptNonceContext = createContext<string | null>(null);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const prefill = loadContext.get(prefillContext);
  const nonce = loadContext.get(scriptNonceContext) ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <QueryPrefillContext value={prefill}>
        <ScriptNonceContext value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ScriptNonceContext>
      </QueryPrefillContext>,
      {
        nonce,
        // Every render here is a whole page kept as it is (a prerendered file, or an API render
        // kept in its cache), so it waits for everything and writes each Suspense boundary in
        // place, however large (the home page's part below the hero, loaded lazily in the
        // browser): visible without JavaScript, not streamed after the shell and moved into
        // place by a script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * Reads a public API answer: `path` is under /api (e.g. `/auth/list/FaqMaster`); resolves to the
 * answer's `data`, or undefined when the API answers 404 (the content does not exist).
 * @throws Error for any other failure, which fails the render.
 */
export type ApiReader = (path: string) => Promise<unknown>;

/**
 * A content page rendered with its data; `status` is 404 for a page whose content does not exist.
 * The inline scripts the render made carry a nonce of its own, the last script of `html` too.
 */
export interface RenderedPage {
  status: number;
  html: string;
}

/** What the API uses to render public pages with their data (see `createPageRenderer`). */
export interface PageRenderer {
  /**
   * Whether the page at `pathname` is rendered with queries the server fills (a `PrefillHandle`
   * on any of its routes: with the root's, every public page, the not-found page included).
   */
  prefills(pathname: string): boolean;
  /**
   * Renders the page at `pathname` with its declared queries filled from `read`.
   * @throws Error when rendering fails (the API then serves the prerendered page).
   */
  render(pathname: string, read: ApiReader): Promise<RenderedPage>;
}

/** The build's flat route list as the nested tree `matchRoutes` takes (with each route's handle). */
function routeTree(routes: ServerBuild['routes'], parentId: string | undefined): RouteObject[] {
  return Object.values(routes).flatMap((route) =>
    route && route.parentId === parentId
      ? [
          {
            id: route.id,
            path: route.path,
            index: route.index,
            caseSensitive: route.caseSensitive,
            handle: route.module.handle,
            children: routeTree(routes, route.id),
          } as RouteObject,
        ]
      : [],
  );
}

/**
 * Renders public pages at request time with this build (`build` is the module the API imported,
 * build/server/index.js). The build is `ssr: false`: a path it prerendered renders as it did at
 * build time, only with data; other paths (/cms/:id, unknown paths' not-found page) would get
 * the SPA fallback, so they render through a handler that treats the build as server-rendered.
 */
export function createPageRenderer(build: ServerBuild): PageRenderer {
  const tree = routeTree(build.routes, undefined);
  const prerendered = new Set(build.prerender.map((path) => path.replace(/\/+$/, '') || '/'));
  const asBuilt = createRequestHandler(build, 'production');
  const rendered = createRequestHandler({ ...build, ssr: true }, 'production');

  /**
   * The queries the page at `pathname` is rendered with: those of every matched route that
   * declares some (the root's current edition, then the leaf's content), and whether it is the
   * not-found page (the catch-all route, which answers 404). Null for a path no route matches.
   */
  const pageOf = (pathname: string) => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) return null;
    const queries = matches.flatMap((match) =>
      isPrefillHandle(match.route.handle) ? match.route.handle.prefill(match.params) : [],
    );
    return { queries, notFound: matches.at(-1)?.route.path === '*' };
  };

  return {
    prefills: (pathname) => (pageOf(pathname)?.queries.length ?? 0) > 0,
    async render(pathname, read) {
      const page = pageOf(pathname);
      if (!page) throw new Error(`No page at ${pathname}`);
      let found = !page.notFound;
      const seeds: QuerySeed[] = [];
      for (const query of page.queries) {
        const data = await read(query.path);
        if (data !== undefined)
          seeds.push({ queryKey: query.queryKey, data: query.select ? query.select(data) : data });
        else if (query.required) {
          found = false;
          seeds.push({ queryKey: query.queryKey, data: null });
        }
      }
      const context = new RouterContextProvider();
      context.set(prefillContext, serializePrefill(seeds));
      context.set(scriptNonceContext, crypto.randomUUID());
      const handler = prerendered.has(pathname.replace(/\/+$/, '') || '/') ? asBuilt : rendered;
      const response = await handler(new Request(new URL(pathname, 'http://localhost')), context);
      const html = hydrateAfterPaint(await response.text());
      if (response.status !== 200) throw new Error(`Rendering ${pathname} answered ${response.status}`);
      return { status: found ? 200 : 404, html };
    },
  };
}
