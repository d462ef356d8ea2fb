/**
 * The file store as a named plugin (`app.files`): the S3 bucket when S3_BUCKET is set,
 * otherwise DATA_DIR (lib/file-store.ts). Registrants' uploads and the console's images are
 * read and written only through it. Closed with the app.
 */
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createLocalFileStore, createS3FileStore, type FileStore } from '../lib/file-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

/** The store the configuration selects; config.ts has checked that a bucket comes with its keys. */
export function fileStoreOf(config: Config): FileStore {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (!bucket || !accessKeyId || !secretAccessKey) return createLocalFileStore(config.dataDir);
  return createS3FileStore({
    bucket,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

export default fp(
  async (app) => {
    app.decorate('files', fileStoreOf(app.config));
    app.addHook('onClose', async () => app.files.close());
  },
  { name: 'files', decorators: { fastify: ['config'] } },
);
