/**
 * Where stored files live: the registrants' uploads and the console's images. One small
 * interface with two implementations, chosen by the configuration (plugins/files.ts):
 *
 * - the local directory (the default): key `<area>/<name>` is the file DATA_DIR/<area>/<name>,
 *   exactly where earlier versions put them, so an existing installation keeps its files;
 * - an S3-compatible bucket (S3_BUCKET, @aws-sdk/client-s3): key `<area>/<name>` is the object
 *   of that name, so several machines share the files without a shared file system.
 *
 * Keys are relative paths of plain segments (`uploads/2024/10/<uuid>.png`); a key with an empty,
 * `.` or `..` segment or a backslash names nothing, so a stored name read from a row can never
 * reach outside the two areas.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open as openFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** The two kinds of stored files: registrants' uploads and the console's content images. */
export const FILE_AREAS = ['uploads', 'content-images'] as const;
export type FileArea = (typeof FILE_AREAS)[number];

/** A stored file being read. */
export interface StoredFile {
  stream: Readable;
  /** Bytes. */
  size: number;
  /** The type given to `put`; undefined from the local directory, which keeps none. */
  contentType: string | undefined;
}

export interface FileStore {
  /** `local` (DATA_DIR) or `s3` (a bucket): what backups and the logs say files live in. */
  readonly kind: 'local' | 's3';
  /**
   * Stores `body` under `key`, replacing what was there; readers never see a partial file.
   * `size` (bytes) is needed for a stream that is not a file's read stream on S3.
   * @throws InvalidFileKeyError for a key that is not a plain relative path in an area.
   */
  put(key: string, body: Readable | Buffer, contentType: string, size?: number): Promise<void>;
  /** The file under `key`, or null when there is none (or the key names nothing). */
  get(key: string): Promise<StoredFile | null>;
  /** Deletes the file under `key`; a missing file or a key that names nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections (the S3 client's sockets). */
  close(): void;
}

export class InvalidFileKeyError extends Error {
  override name = 'InvalidFileKeyError';
}

/** `<area>/<name>`, the key of a stored name (a row's `stored_name`) in an area. */
export const fileKey = (area: FileArea, storedName: string) => `${area}/${storedName}`;

/** Whether `key` is `<area>/<segment>/…` with plain segments only. */
export function isValidKey(key: string): boolean {
  const segments = key.split('/');
  return (
    segments.length >= 2 &&
    (FILE_AREAS as readonly string[]).includes(segments[0]!) &&
    !key.includes('\\') &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}

function checkedKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidFileKeyError(`Not a stored file's key: ${JSON.stringify(key)}`);
  return key;
}

/** The local directory: key `<area>/<name>` is the file `<root>/<area>/<name>`. */
export function createLocalFileStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'local',

    async put(key, body) {
      const target = fileOf(checkedKey(key));
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed over it: a reader sees the old file or the whole new one.
      const partial = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      if (!isValidKey(key)) return null;
      let handle;
      try {
        handle = await openFile(fileOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      // A key naming a month's folder opens too (read-only), but is no file.
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), size: info.size, contentType: undefined };
    },

    async delete(key) {
      if (isValidKey(key)) await rm(fileOf(key), { force: true });
    },

    close() {},
  };
}

/** Where the bucket is and who may use it (config.ts, S3_*). */
export interface S3Location {
  bucket: string;
  /** An S3-compatible server's origin (MinIO, R2, s3rver); undefined for AWS itself. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

/**
 * The bucket: key `<area>/<name>` is the object of that name. Objects carry their content type;
 * the bucket stays private, as every read goes through the app and its access rules.
 */
export function createS3FileStore(location: S3Location): FileStore {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    // The SDK's default since 2025 sends bodies aws-chunked with a trailing CRC; many S3-compatible
    // servers refuse that or store the chunk framing as the content (R2, B2, COS, s3rver). The
    // stored bytes' SHA-256 is recorded at upload and TLS protects the transfer.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  return {
    kind: 's3',

    async put(key, body, contentType, size) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: Buffer.isBuffer(body) ? body.length : size,
        }),
      );
    },

    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          // The SDK's Node body is an http.IncomingMessage, a Readable.
          stream: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType,
        };
      } catch (error) {
        // A missing bucket (NoSuchBucket) is misconfiguration, not a missing file: it stays an error.
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 for a missing object too.
      if (isValidKey(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    close() {
      client.destroy();
    },
  };
}
