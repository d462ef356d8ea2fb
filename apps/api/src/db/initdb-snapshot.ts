/**
 * A PGlite data directory just after initdb, made once at build time (`npm run build`, by
 * src/cli/pglite-initdb.ts) and kept beside the bundle as dist/pglite-initdb.tar.gz. A first
 * start on an empty DATA_DIR loads it instead of running initdb: initdb in WebAssembly takes
 * PGlite's memory to a peak of about 1.1 GB, loading the snapshot to about 0.5 GB
 * (docs/benchmarks.md), which is what lets a first start fit a 1 GB machine. The snapshot is
 * made by the PGlite installed with the build, so it always matches the PGlite that loads it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const INITDB_SNAPSHOT_FILE = 'pglite-initdb.tar.gz';

/**
 * The snapshot beside this module when it runs from the build (dist/), or undefined (sources
 * run by tsx, tests): PGlite then runs initdb itself.
 */
export function initdbSnapshotPath(): string | undefined {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), INITDB_SNAPSHOT_FILE);
  return existsSync(file) ? file : undefined;
}

/** Whether `dir` holds no PGlite database yet (initdb never ran there). */
export const isEmptyDataDirectory = (dir: string) => !existsSync(path.join(dir, 'PG_VERSION'));
