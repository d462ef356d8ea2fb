/**
 * Takes a backup of the database and the uploaded files into one archive:
 *
 *   npm run backup [-- --out /var/backups/festival]
 *
 * Configured like server.ts (DATABASE_URL, or PGlite under DATA_DIR). On PostgreSQL it runs
 * pg_dump beside the running site. PGlite allows one process: when a server has the database
 * open, the command asks that server to take the backup (modules/backups/routes.ts), then
 * moves the archive to --out. The archive's name carries the time; the default directory is
 * DATA_DIR/backups. With S3_BUCKET the files come from the bucket (the ones the database names).
 * Prints the archive's path and its counts of orders, passes, and tax invoices and credit notes.
 * Exit codes: 0 written, 1 failed, 2 usage.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseLocation, readProcessConfig } from '../config.js';
import { DatabaseInUseError, openDatabase } from '../db/client.js';
import { fileStoreOf } from '../plugins/files.js';
import { SERVER_FILE } from '../modules/backups/routes.js';
import { backupsDir, takeBackup, type TakenBackup } from '../modules/backups/service.js';

const USAGE = 'Usage: npm run backup [-- --out DIRECTORY]';

/** Asks the server that holds the PGlite database to take the backup (into DATA_DIR/backups). */
async function throughServer(dataDir: string): Promise<TakenBackup> {
  let server: { port: number; token: string };
  try {
    server = JSON.parse(await readFile(path.join(dataDir, SERVER_FILE), 'utf8')) as typeof server;
  } catch {
    throw new Error(
      `The database in ${dataDir} is open in another process, and no running server answers for it (${SERVER_FILE} is missing). Stop that process, or take the backup from the console.`,
    );
  }
  const response = await fetch(`http://127.0.0.1:${server.port}/api/internal/backups`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
  });
  const body = (await response.json()) as { message: string; data?: TakenBackup };
  if (!response.ok || !body.data) throw new Error(`The server refused the backup: ${body.message}`);
  return body.data;
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { out: { type: 'string' } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = readProcessConfig();
  if (!config) return 1;
  const location = databaseLocation(config);
  if ('dir' in location && location.dir && !existsSync(path.join(location.dir, 'PG_VERSION'))) {
    console.error(`There is no database in ${location.dir} to back up (is DATA_DIR right?).`);
    return 1;
  }
  let backup: TakenBackup;
  try {
    const handle = await openDatabase(location);
    const files = fileStoreOf(config);
    try {
      backup = await takeBackup(handle, config.dataDir, new Date(), files);
    } finally {
      files.close();
      await handle.close();
    }
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    backup = await throughServer(config.dataDir);
  }
  let file = path.join(backupsDir(config.dataDir), backup.name);
  if (values.out && path.resolve(values.out) !== path.dirname(file)) {
    const target = path.join(path.resolve(values.out), backup.name);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file, target);
    await rm(file);
    file = target;
  }
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  console.log(
    `Backup written: ${file} (${backup.bytes} bytes; ${count(backup.orders, 'order', 'orders')}, ${count(backup.passes, 'pass', 'passes')}, ${count(backup.taxDocuments, 'tax invoice or credit note', 'tax invoices and credit notes')})`,
  );
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
