/**
 * The backup archive: one gzip-compressed tar file (the `tar` package, the one npm itself uses)
 * holding `manifest.json`, the database dump and the uploaded files under `files/`. The
 * manifest lists every other member with its size and SHA-256, so a restore can tell a
 * damaged or edited archive from a good one before it touches anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';

/** The manifest's version: a restore refuses an archive of a format it does not know. */
export const ARCHIVE_FORMAT = 1;

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  /** When the backup was taken (ISO 8601, UTC). */
  createdAt: z.iso.datetime(),
  driver: z.enum(['pglite', 'postgres']),
  /** The last migration applied to the database (its tag in drizzle/meta/_journal.json). */
  schemaVersion: z.string(),
  /** The database member: `database.tar.gz` (PGlite's data directory) or `database.dump` (pg_dump). */
  database: z.string(),
  /** Rows per table (`schema.table`), counted in the transaction the dump saw. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /**
   * Where `files/` came from: DATA_DIR's directories, or the S3 bucket (the files the database
   * names). Absent in archives from before object storage: DATA_DIR.
   */
  filesFrom: z.enum(['data-dir', 's3']).optional(),
  /** Keys of files the database names that the bucket did not have (lost or just erased). */
  missingFiles: z.array(z.string()).optional(),
  /** Every member but the manifest: path inside the archive, size in bytes, SHA-256 in hex. */
  members: z.array(z.object({ path: z.string(), bytes: z.number().int(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A backup archive that cannot be read, or whose members do not match its manifest. */
export class DamagedArchiveError extends Error {
  override name = 'DamagedArchiveError';
}

/** SHA-256 of a file, in hex, read as a stream (uploads may be large). */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `dir`, as paths relative to it with `/` separators; [] when `dir` is missing. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Writes `staging` (a directory holding the database member and `files/`) as the archive
 * `file`, with a manifest made from `manifest` and the staged members' sizes and checksums.
 */
export async function writeArchive(
  staging: string,
  file: string,
  manifest: Omit<Manifest, 'members' | 'format'>,
): Promise<Manifest> {
  const names = (await filesUnder(staging)).filter((name) => name !== 'manifest.json');
  const members = await Promise.all(
    names.map(async (name) => {
      const full = path.join(staging, name);
      return { path: name, bytes: (await stat(full)).size, sha256: await sha256Of(full) };
    }),
  );
  const complete: Manifest = { format: ARCHIVE_FORMAT, ...manifest, members };
  await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(complete, null, 2)}\n`);
  await mkdir(path.dirname(file), { recursive: true });
  await tar.create({ gzip: true, file, cwd: staging, portable: true }, ['manifest.json', ...names]);
  return complete;
}

/**
 * Unpacks the archive `file` into the empty directory `into` and checks every member against
 * the manifest (and that nothing else is there). Returns the manifest.
 * Throws DamagedArchiveError when the archive cannot be read or a member is missing, extra or
 * changed. Entries that would land outside `into` (absolute paths, `..`) are refused by tar.
 */
export async function readArchive(file: string, into: string): Promise<Manifest> {
  try {
    await tar.extract({ file, cwd: into, strict: true });
  } catch (error) {
    throw new DamagedArchiveError(`${file} is not a readable backup archive: ${(error as Error).message}`);
  }
  let manifest: Manifest;
  try {
    manifest = ManifestSchema.parse(JSON.parse(await readFile(path.join(into, 'manifest.json'), 'utf8')));
  } catch (error) {
    throw new DamagedArchiveError(`${file} has no valid manifest: ${(error as Error).message}`);
  }
  const present = (await filesUnder(into)).filter((name) => name !== 'manifest.json');
  const listed = manifest.members.map((member) => member.path).sort();
  if (JSON.stringify(present) !== JSON.stringify(listed)) {
    throw new DamagedArchiveError(`${file} does not hold exactly the files its manifest lists`);
  }
  for (const member of manifest.members) {
    if ((await sha256Of(path.join(into, member.path))) !== member.sha256) {
      throw new DamagedArchiveError(`${member.path} in ${file} does not match its checksum`);
    }
  }
  return manifest;
}
