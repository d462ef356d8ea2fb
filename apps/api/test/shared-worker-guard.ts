/**
 * Vitest setup file, run around every API test file. The files of a worker share its process
 * (`isolate: false` in vitest.config.ts, docs/decisions/023-template-database-per-test-file.md):
 * a file that leaves process-wide state changed would change what the worker's next file sees,
 * and the failure would show there, depending on the order. This fails the file that leaves
 * `process.env` changed or fake timers on, where the change was made.
 */
import { afterAll, beforeAll, expect, vi } from 'vitest';

let environmentBefore: NodeJS.ProcessEnv = {};

beforeAll(() => {
  environmentBefore = { ...process.env };
});

afterAll(() => {
  expect({ ...process.env }, 'the test file left process.env changed').toEqual(environmentBefore);
  expect(vi.isFakeTimers(), 'the test file left fake timers on').toBe(false);
});
