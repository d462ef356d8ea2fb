import { linguiPlugins } from './lingui-plugins.ts';
import { defineConfig } from 'vitest/config';

/** Unit tests of the web app's plain modules (no browser: the pages are tested in e2e/ with Playwright). */
export default defineConfig({
  // Lingui's macros and PO catalogs, as in the app's build (vite.config.ts).
  plugins: linguiPlugins(),
  resolve: { tsconfigPaths: true },
  test: { include: ['app/**/*.test.ts'], environment: 'node' },
});
