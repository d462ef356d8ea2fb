import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own database, a copy of the migrated template made here once per run.
    globalSetup: ['test/global-setup.ts'],
    // A worker's files share its process and loaded modules: loading the app's modules once per
    // worker instead of once per file makes the suite about three times faster (decision 023).
    // The guard fails a file that leaves process-wide state changed for the next one.
    isolate: false,
    setupFiles: ['test/shared-worker-guard.ts'],
    // Two workers match the two cores here.
    maxWorkers: 2,
  },
});
