import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { linguiPlugins } from './lingui-plugins.ts';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, runnerImport, type Plugin } from 'vite';

/** In development the API runs on its own port (API_PORT, default 3001); the browser calls /api on Vite's origin. */
const apiPort = process.env.API_PORT ?? '3001';

/**
 * Checks app/content against its rules (app/content/validate.ts) when a build or the dev server
 * starts: a bad entry stops the build with the file and field. In development a content edit is
 * checked again and a problem is logged without stopping the server. The check runs in Node, so
 * the rules and zod never reach the browser bundle.
 */
function contentCheck(): Plugin {
  const contentDir = path.resolve(import.meta.dirname, 'app/content');
  const problems = async () => {
    const { module } = await runnerImport<typeof import('./app/content/validate')>(
      path.join(contentDir, 'validate.ts'),
      { configFile: false, logLevel: 'error', resolve: { tsconfigPaths: true } },
    );
    return module.contentProblems();
  };
  let checked = false;
  return {
    name: 'festival:content',
    async buildStart() {
      // The client and the prerender (server) builds share one check.
      if (checked) return;
      checked = true;
      const found = await problems();
      if (found.length > 0) this.error(`Invalid content:\n\n${found.join('\n\n')}`);
    },
    async hotUpdate({ file }) {
      if (this.environment.name !== 'client' || !file.startsWith(contentDir)) return;
      const found = await problems();
      if (found.length > 0) this.environment.logger.error(`Invalid content:\n\n${found.join('\n\n')}`);
    },
  };
}

/**
 * Modules of the organizer console: its routes and features (`features/admin/` and the
 * console's own features, `features/admin-<area>/`), the parts they share
 * (`components/console/`, `lib/console/`), the gate scanner (`routes/checkin.tsx`,
 * `features/checkin/`), and the libraries only they use (better-auth's client with its passkey
 * plugin and what they bring: WebAuthn, fetch, stores; the scanner's IndexedDB wrapper). The
 * scanner's QR decoder (zxing-wasm) is in no client chunk: it is bundled into the scanner's
 * decoder worker, a file only `features/checkin/camera.ts` starts.
 */
const CONSOLE_MODULE =
  /app[\\/](routes[\\/](admin[\\/]|checkin\.tsx)|features[\\/](admin(-[a-z]+)?|checkin)[\\/]|(components|lib)[\\/]console[\\/])|node_modules[\\/](@tanstack[\\/](react-table|table-core)|recharts|qrcode|better-auth|@better-auth|@better-fetch|better-call|@simplewebauthn|nanostores|idb)[\\/]/;

/**
 * Lists the client chunks that hold any console module in `<build>/console-chunks.json` (beside,
 * not inside, the served client folder). e2e/admin-code-split.spec.ts checks that public pages
 * load none of them.
 */
function consoleChunkList(): Plugin {
  return {
    name: 'festival:console-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      const chunks = Object.values(bundle)
        .filter((output) => output.type === 'chunk' && output.moduleIds.some((id) => CONSOLE_MODULE.test(id)))
        .map((chunk) => `/${chunk.fileName}`)
        .sort();
      await writeFile(
        path.join(options.dir, '..', 'console-chunks.json'),
        `${JSON.stringify(chunks, null, 2)}\n`,
      );
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    contentCheck(),
    tailwindcss(),
    // Lingui's macros, and the PO catalogs compiled when a locale layout imports one; a build
    // stops on a message without a translation (docs/decisions/032-lingui.md).
    ...linguiPlugins({ failOnMissing: command === 'build', failOnCompileError: true }),
    reactRouter(),
    consoleChunkList(),
  ],
  resolve: {
    tsconfigPaths: true,
    alias: [
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'app/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  // The server build (prerendering, and the API's renderer of content pages) carries its
  // dependencies, so the API's start imports a few files, not ~700 modules (decision 019). Not in
  // the dev server, whose module runner does not turn CommonJS dependencies (React's) into ESM.
  ssr: command === 'build' ? { noExternal: true } : undefined,
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
  // React Router 8 builds through Vite's environment API, so this applies to the client and the
  // prerender (ssr) build alike; in the latter the groups only name the chunks.
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // Not TanStack Query: the home page does not load it up front (routes/query-layout.tsx).
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: 'root',
              test: /app[\\/]root\.tsx$/,
            },
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
