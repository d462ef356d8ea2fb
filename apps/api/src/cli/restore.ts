/**
 * Restores a backup archive (`npm run backup`) into this installation:
 *
 *   npm run restore -- <archive> [--force]
 *
 * Configured like server.ts (DATABASE_URL, or PGlite under DATA_DIR); the server must be
 * stopped. Checks every file of the archive against its manifest, refuses a target that holds
 * data unless --force (which moves PGlite's directory and the file directories aside and
 * empties a PostgreSQL database), applies the migrations the archive predates, and prints the
 * archive's counts beside the restored database's. With S3_BUCKET the files the restored
 * database names are put into the bucket instead of DATA_DIR.
 * Exit codes: 0 restored, 1 refused or failed, 2 usage.
 */
import { parseArgs } from 'node:util';
import { databaseLocation, readProcessConfig } from '../config.js';
import { KEY_TABLES, restoreBackup } from '../modules/backups/service.js';
import { fileStoreOf } from '../plugins/files.js';

const USAGE = 'Usage: npm run restore -- <archive> [--force]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { force: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [archive, ...extra] = parsed.positionals;
  if (!archive || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = readProcessConfig();
  if (!config) return 1;
  const location = databaseLocation(config);
  const files = fileStoreOf(config);
  let result;
  try {
    result = await restoreBackup(
      archive,
      'url' in location
        ? { driver: 'postgres', url: location.url, dataDir: config.dataDir, files }
        : { driver: 'pglite', dataDir: config.dataDir, files },
      { force: parsed.values.force, now: new Date() },
    );
  } finally {
    files.close();
  }
  console.log(
    `Restored ${archive}, taken ${result.manifest.createdAt} at migration ${result.manifest.schemaVersion}; now at ${result.schemaVersion}.`,
  );
  if (result.filesIntoBucket !== null)
    console.log(`  files: ${result.filesIntoBucket} put into the bucket ${config.S3_BUCKET}`);
  for (const table of KEY_TABLES) {
    console.log(
      `  ${table.replace('public.', '')}: ${result.manifest.counts[table] ?? 0} in the archive, ${result.counts[table] ?? 0} restored`,
    );
  }
  const differing = Object.keys(result.manifest.counts).filter(
    (table) => result.manifest.counts[table] !== result.counts[table],
  );
  if (differing.length > 0)
    console.log(`Tables whose counts differ (migrations may have changed them): ${differing.join(', ')}`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
