/**
 * The uploaded files of a backup when they live in an S3 bucket (S3_BUCKET): the archive holds
 * them as it holds DATA_DIR's, under `files/<area>/<stored name>`, so an archive restores into
 * either kind of installation (a local one's archive restored with S3_BUCKET set moves its
 * files into the bucket). A bucket cannot be copied as a folder, and listing it would take
 * other installations' or abandoned objects, so the files are the ones the database names:
 * every `uploaded_files` and `content_images` row's.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Executor } from '../../db/client.js';
import { contentImages, uploadedFiles } from '../../db/schema.js';
import { fileKey, isValidKey, type FileArea, type FileStore } from '../../lib/file-store.js';

interface NamedFile {
  area: FileArea;
  storedName: string;
  mimeType: string;
}

/** Every file the database names, with the type it was stored with. */
async function namedFiles(db: Executor): Promise<NamedFile[]> {
  const uploads = await db
    .select({ storedName: uploadedFiles.storedName, mimeType: uploadedFiles.mimeType })
    .from(uploadedFiles);
  const images = await db
    .select({ storedName: contentImages.storedName, mimeType: contentImages.mimeType })
    .from(contentImages);
  return [
    ...uploads.map((row) => ({ area: 'uploads' as const, ...row })),
    ...images.map((row) => ({ area: 'content-images' as const, ...row })),
  ].filter((file) => isValidKey(fileKey(file.area, file.storedName)));
}

/**
 * Copies the files `db` names from `files` into `dir` as `<area>/<stored name>`. Returns the keys
 * of the files the store no longer has (erased between the rows' reading and the copy).
 */
export async function copyNamedFiles(db: Executor, files: FileStore, dir: string): Promise<string[]> {
  const missing: string[] = [];
  for (const file of await namedFiles(db)) {
    const key = fileKey(file.area, file.storedName);
    const stored = await files.get(key);
    if (!stored) {
      missing.push(key);
      continue;
    }
    const target = path.join(dir, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(stored.stream, createWriteStream(target));
  }
  return missing;
}

/**
 * Puts the files the restored database `db` names from `dir` (`<area>/<stored name>`, as
 * `copyNamedFiles` wrote them) into `files`, with their recorded types. Returns how many; a
 * file the archive lacks is skipped (the backup found it erased).
 */
export async function putNamedFiles(db: Executor, files: FileStore, dir: string): Promise<number> {
  let put = 0;
  for (const file of await namedFiles(db)) {
    const key = fileKey(file.area, file.storedName);
    const source = path.join(dir, ...key.split('/'));
    const size = await stat(source).then(
      (info) => info.size,
      () => undefined,
    );
    if (size === undefined) continue;
    await files.put(key, createReadStream(source), file.mimeType, size);
    put += 1;
  }
  return put;
}
