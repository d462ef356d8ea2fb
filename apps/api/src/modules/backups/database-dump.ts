/**
 * The database half of a backup, for each driver:
 * - PGlite: its data directory as a gzipped tarball (`dumpDataDir`, PGlite's own snapshot,
 *   taken by the process that has the database open), restored by starting PGlite from it;
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot while the site keeps running,
 *   PostgreSQL docs "pg_dump"), restored with `pg_restore`. The client tools must be of the
 *   server's major version or newer. The password goes to them in PGPASSWORD, never on the
 *   command line, where other users of the machine could read it.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { DatabaseHandle } from '../../db/client.js';
import { DomainError } from '../../errors.js';

const run = promisify(execFile);

/** File name of the database member in the archive, by driver. */
export const DATABASE_MEMBER = { pglite: 'database.tar.gz', postgres: 'database.dump' } as const;

/** pg_dump or pg_restore failed, or is not installed; the message says which and why (503). */
export class DumpToolError extends DomainError {
  readonly statusCode = 503;
}

/** A PostgreSQL URL as the client tools take it: the URL without its password, and the password. */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  try {
    await run(tool, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new DumpToolError(
        `${tool} is not installed. Install the PostgreSQL client tools of your server's version (Debian: apt-get install postgresql-client).`,
      );
    }
    throw new DumpToolError(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/** Writes the database of `handle` to `file` (the member named by DATABASE_MEMBER). */
export async function dumpDatabase(handle: DatabaseHandle, file: string): Promise<void> {
  const connection = handle.connection;
  if (connection.driver === 'pglite') {
    const tarball = await connection.client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    return;
  }
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`],
    connection.url,
  );
}

/** The PGlite member as the Blob `openDatabase({ dir, restoreFrom })` starts from. */
export async function pgliteSnapshot(file: string): Promise<Blob> {
  return new Blob([await readFile(file)]);
}

/** Loads a pg_dump archive into the empty PostgreSQL database at `url`, in one transaction. */
export async function restorePostgres(file: string, url: string): Promise<void> {
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    url,
  );
}
