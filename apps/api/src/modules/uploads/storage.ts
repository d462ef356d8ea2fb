/**
 * Uploaded files: registrants' documents (area `uploads`, never served publicly) and the
 * console's images (`content-images`). A file is first streamed to a local staging name
 * (DATA_DIR/<area>/.staging) while its size is metered and
 * its SHA-256 computed, then its type is sniffed from the content (magic bytes, file-type);
 * the client's file name and declared type are never trusted. The content is then checked
 * (content.ts): images are replaced by their decoded and re-encoded pixels, PDFs parsed.
 * `place` puts staged files into the file store (`app.files`: DATA_DIR or the S3 bucket) as
 * `<area>/<yyyy>/<mm>/<uuid>.<ext>`, the extension coming from the sniffed type, and deletes
 * the staged copy. Size and SHA-256 describe the stored bytes.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { FileTooLargeError, UnsupportedFileTypeError } from '../../errors.js';
import { fileKey, type FileArea, type FileStore } from '../../lib/file-store.js';
import { checkPdf, ContentCheckError, MAX_IMAGE_PIXELS, reencodeImage } from './content.js';

/** Stored in `uploaded_files.purpose`; `content_image` is the console's site images (content_images). */
export type UploadPurpose = 'logo' | 'brochure' | 'product_image' | 'content_image';

/** What one form field accepts. */
export interface UploadRule {
  purpose: UploadPurpose;
  /** One file of the field in messages, e.g. "Logo", "A product image". */
  label: string;
  /** Accepted MIME types as file-type reports them. */
  accepts: readonly string[];
  /** The accepted types in words, e.g. "a PDF document". */
  acceptsLabel: string;
  maxBytes: number;
  /** Files one form may send in this field. */
  maxCount: number;
  /** Message when the form sends more, e.g. "Upload at most 5 product images." */
  tooMany: string;
}

/** A file on disk, not yet (or no longer) referenced by a committed row. */
export interface StagedUpload {
  purpose: UploadPurpose;
  originalName: string;
  /** Sniffed from the content. */
  mimeType: string;
  ext: string;
  sizeBytes: number;
  sha256: string;
  /** Absolute path of the staged file (deleted once placed). */
  path: string;
  /** Name in the store's area once placed (`2024/10/<uuid>.png`), else null. */
  storedName: string | null;
}

/** An upload at its permanent name. */
export type PlacedUpload = StagedUpload & { storedName: string };

export interface UploadStore {
  /**
   * Streams one file to staging and checks it against its rule. Returns undefined for an
   * empty file (a form's file input left empty sends one).
   * @throws FileTooLargeError over `rule.maxBytes`, when the parser cut the stream short, or
   *   for an image over MAX_IMAGE_PIXELS.
   * @throws UnsupportedFileTypeError when the content is not one of `rule.accepts`, an image
   *   does not decode, a PDF does not parse or carries scripts or attached files.
   */
  stage(
    source: Readable & { truncated?: boolean },
    originalName: string,
    rule: UploadRule,
  ): Promise<StagedUpload | undefined>;
  /**
   * Puts staged files into the store at their permanent names under the month of `now` (UTC),
   * setting `storedName` in place. If one fails, all of `files` are deleted, placed or not.
   */
  place(files: readonly StagedUpload[], now: Date): Promise<PlacedUpload[]>;
  /** Deletes the files, staged or placed; missing files are ignored. */
  discard(files: readonly StagedUpload[]): Promise<void>;
  /**
   * Opens a placed file by its stored name for reading; undefined when it is not there (or
   * the name is not a plain relative path).
   */
  open(storedName: string): Promise<Readable | undefined>;
  /** Deletes placed files by stored name; missing files and names that are not plain paths are skipped. */
  remove(storedNames: readonly string[]): Promise<void>;
}

const STAGING_DIR = '.staging';

/**
 * Uploads this process staged. A body can carry an object shaped like a StagedUpload (JSON
 * accepts anything); only membership here proves the server made it, so a client can never
 * name a path for `place` or `discard`.
 */
const genuine = new WeakSet<StagedUpload>();

/** Whether `value` is an upload staged by an UploadStore of this process. */
export function isStagedUpload(value: unknown): value is StagedUpload {
  return typeof value === 'object' && value !== null && genuine.has(value as StagedUpload);
}

/** Longest client file name kept (for the organisers' reference only). */
const MAX_ORIGINAL_NAME = 255;

/** "5 MB" for 5 * 1024 * 1024. */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function tooLarge(rule: UploadRule) {
  return new FileTooLargeError(`${rule.label} is larger than ${formatMegabytes(rule.maxBytes)}.`);
}

/** The domain error for a failed content check, worded with the field's label. */
function contentError(error: ContentCheckError, rule: UploadRule) {
  switch (error.problem) {
    case 'too-many-pixels':
      return new FileTooLargeError(
        `${rule.label} is larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
      );
    case 'active-content':
      return new UnsupportedFileTypeError(`${rule.label} must not contain scripts or attached files.`);
    case 'undecodable':
      return new UnsupportedFileTypeError(`${rule.label} must be ${rule.acceptsLabel}.`);
  }
}

/**
 * Checks the staged file at `stagingPath` by its sniffed type: an image is rewritten in place
 * with its re-encoded pixels, a PDF parsed. Returns the stored bytes' size and SHA-256 when
 * they changed.
 */
async function checkContent(
  stagingPath: string,
  mime: string,
): Promise<{ sizeBytes: number; sha256: string } | undefined> {
  if (mime.startsWith('image/')) {
    const reencoded = await reencodeImage(await readFile(stagingPath), mime);
    await writeFile(stagingPath, reencoded);
    return { sizeBytes: reencoded.length, sha256: createHash('sha256').update(reencoded).digest('hex') };
  }
  if (mime === 'application/pdf') await checkPdf(await readFile(stagingPath));
  return undefined;
}

/**
 * The upload store of `area` in `files`, staging under `dataDir`/<area>/.staging (on this
 * machine whatever the store: a staged file lives for one request).
 */
export function createUploadStore(files: FileStore, area: FileArea, dataDir: string): UploadStore {
  const stagingDir = path.join(dataDir, area, STAGING_DIR);
  const discard = async (uploads: readonly StagedUpload[]) => {
    await Promise.all(
      uploads.map(async (file) => {
        await rm(file.path, { force: true });
        if (file.storedName) await files.delete(fileKey(area, file.storedName));
      }),
    );
  };
  return {
    async stage(source, originalName, rule) {
      await mkdir(stagingDir, { recursive: true });
      const stagingPath = path.join(stagingDir, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length;
          if (sizeBytes > rule.maxBytes) return done(tooLarge(rule));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(stagingPath, { flags: 'wx' }));
        if (source.truncated) throw tooLarge(rule);
        if (sizeBytes === 0) {
          await rm(stagingPath, { force: true });
          return undefined;
        }
        const type = await fileTypeFromFile(stagingPath);
        if (!type || !rule.accepts.includes(type.mime)) {
          throw new UnsupportedFileTypeError(`${rule.label} must be ${rule.acceptsLabel}.`);
        }
        const rewritten = await checkContent(stagingPath, type.mime).catch((error: unknown) => {
          throw error instanceof ContentCheckError ? contentError(error, rule) : error;
        });
        const file: StagedUpload = {
          purpose: rule.purpose,
          originalName: originalName.slice(0, MAX_ORIGINAL_NAME),
          mimeType: type.mime,
          ext: type.ext,
          sizeBytes: rewritten?.sizeBytes ?? sizeBytes,
          sha256: rewritten?.sha256 ?? hash.digest('hex'),
          path: stagingPath,
          storedName: null,
        };
        genuine.add(file);
        return file;
      } catch (error) {
        await rm(stagingPath, { force: true });
        throw error;
      }
    },

    async place(uploads, now) {
      const year = String(now.getUTCFullYear());
      const month = String(now.getUTCMonth() + 1).padStart(2, '0');
      const placed: PlacedUpload[] = [];
      try {
        for (const file of uploads) {
          const storedName = path.posix.join(year, month, `${randomUUID()}.${file.ext}`);
          await files.put(
            fileKey(area, storedName),
            createReadStream(file.path),
            file.mimeType,
            file.sizeBytes,
          );
          placed.push(Object.assign(file, { storedName }));
          await rm(file.path, { force: true });
        }
      } catch (error) {
        await discard(uploads);
        throw error;
      }
      return placed;
    },

    discard,

    async open(storedName) {
      return (await files.get(fileKey(area, storedName)))?.stream;
    },

    async remove(storedNames) {
      await Promise.all(storedNames.map((storedName) => files.delete(fileKey(area, storedName))));
    },
  };
}
