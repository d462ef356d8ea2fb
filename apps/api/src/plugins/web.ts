/**
 * Serves the built web client (React Router's prerendered HTML and assets) beside the API,
 * so production is one process on one port. Prerendered routes answer with their own HTML;
 * console pages that were not prerendered (those with a parameter, such as
 * /admin/content/speakers) get the console's shell, /admin/index.html, which hydrates into any
 * console page; other paths get the SPA fallback, whose router handles them (unknown paths
 * redirect to /). The SPA fallback holds the public site's header and footer, which a console
 * page hydrating over it would keep.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface WebOptions {
  root: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a non-API GET that matched no file with the right HTML page. */
    serveWebPage(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}

const FALLBACKS = ['__spa-fallback.html', 'index.html'];
const CONSOLE_SHELL = 'admin/index.html';

export default fp<WebOptions>(
  async function web(app: FastifyInstance, { root }: WebOptions) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      redirect: false,
      index: ['index.html'],
      // The web build writes .br and .gz copies of its text files (apps/web/scripts/finish-client-build.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under /assets; HTML must revalidate so deploys show at once.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });

    const fallback = FALLBACKS.find((name) => existsSync(path.join(root, name))) ?? 'index.html';
    const consoleShell = existsSync(path.join(root, CONSOLE_SHELL)) ? CONSOLE_SHELL : fallback;

    app.decorate('serveWebPage', function serveWebPage(request: FastifyRequest, reply: FastifyReply) {
      const pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
      const page = path.join(pathname, 'index.html');
      const resolved = path.resolve(root, `.${page}`);
      const prerendered = resolved.startsWith(root + path.sep) && existsSync(resolved);
      const shell = pathname.startsWith('/admin/') ? consoleShell : fallback;
      return reply.header('cache-control', 'no-cache').sendFile(prerendered ? `.${page}` : shell);
    });
  },
  { name: 'web' },
);
