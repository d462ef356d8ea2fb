import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own database, a copy of the migrated template made here once per run.
    globalSetup: ['test/global-setup.ts'],
    // Two workers match the two cores here.
    maxWorkers: 2,
  },
});
