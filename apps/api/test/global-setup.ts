/**
 * Vitest global setup: makes the run's migrated template database once, before any test file
 * starts, hands it to the test processes (`inject('databaseTemplate')`, read by helper.ts) and
 * removes it after the run. Each test file's database is a copy of it (throwaway-database.ts;
 * why: docs/decisions/023-template-database-per-test-file.md).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate, type DatabaseTemplate } from './throwaway-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'festival-template-'));
  const { template, remove } = await createDatabaseTemplate(dir);
  project.provide('databaseTemplate', template);
  return async () => {
    await remove();
    await rm(dir, { recursive: true, force: true });
  };
}
