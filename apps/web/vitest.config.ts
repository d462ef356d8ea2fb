import { defineConfig } from 'vitest/config';

/** Unit tests of the web app's plain modules (no browser: the pages are tested in e2e/ with Playwright). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: { include: ['app/**/*.test.ts'], environment: 'node' },
});
