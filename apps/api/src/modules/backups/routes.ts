/**
 * Backup routes.
 *
 * Under /api/admin (owners): the archives the server keeps in DATA_DIR/backups, a new one
 * taken now (audited), and one archive downloaded.
 *
 * Under /api/internal: `POST /backups` for `npm run backup` beside a running server on PGlite,
 * which allows one process, so the command asks the server to take the backup. The server
 * writes a fresh random token to DATA_DIR/server.json (mode 0600: readable by the account that
 * runs it) when it starts listening and deletes the file when it stops; the route answers only
 * a loopback client holding that token.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackupCreatedSchema,
  BackupNameSchema,
  BackupSchema,
  envelope,
  ErrorResponseSchema,
} from '@festival/shared';
import { NotFoundError } from '../../errors.js';
import { actorOf } from '../audit/service.js';
import { backupsDir, listBackups, recordBackup, takeBackup } from './service.js';

/** The file through which `npm run backup` finds the running server (see above). */
export const SERVER_FILE = 'server.json';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The organizer console's backup routes (registered under /api/admin). */
export const backupAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = backupsDir(app.config.dataDir);

  app.get(
    '/backups',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: 'The backup archives kept on the server, newest first',
        response: {
          200: envelope(z.array(BackupSchema)),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async () => ({
      isOk: true,
      message: 'Backups',
      data: (await listBackups(dir)).map((backup) => ({
        ...backup,
        createdAt: backup.createdAt.toISOString(),
      })),
    }),
  );

  app.post(
    '/backups',
    {
      config: { roles: ['owner'], leavesPublicReads: true },
      schema: {
        tags: ['admin'],
        summary: 'Take a backup of the database and the uploaded files now',
        description: '503 when pg_dump is missing or fails (PostgreSQL).',
        response: {
          201: envelope(BackupCreatedSchema),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const backup = await takeBackup(app.database, app.config.dataDir, now, app.files);
      await recordBackup(app.db, actorOf(request), backup, now);
      return reply.code(201).send({ isOk: true, message: `Backup ${backup.name} written`, data: backup });
    },
  );

  app.get(
    '/backups/:name',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: 'Download one backup archive',
        params: z.object({ name: BackupNameSchema }),
        description:
          'Answers the archive as an attachment; 400, 401, 403 and 404 answer the JSON error envelope.',
      },
    },
    async (request, reply) => {
      const found = (await listBackups(dir)).find((backup) => backup.name === request.params.name);
      if (!found) throw new NotFoundError('No such backup');
      return reply
        .type('application/gzip')
        .header('content-length', found.bytes)
        .header('content-disposition', `attachment; filename="${found.name}"`)
        .send(createReadStream(path.join(dir, found.name)));
    },
  );
};

/** `npm run backup`'s way in while the server holds the PGlite database (registered under /api/internal). */
export const backupInternalRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.database.driver !== 'pglite') return;
  const token = randomBytes(32);
  const serverFile = path.join(app.config.dataDir, SERVER_FILE);

  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    await writeFile(
      serverFile,
      `${JSON.stringify({ pid: process.pid, port: address.port, token: token.toString('hex') })}\n`,
      { mode: 0o600 },
    );
  });
  app.addHook('onClose', async () => {
    await rm(serverFile, { force: true });
  });

  app.post(
    '/backups',
    {
      schema: {
        hide: true,
        headers: z.object({ authorization: z.string().max(200) }),
        response: { 201: envelope(BackupCreatedSchema), 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const given = Buffer.from(request.headers.authorization.replace(/^Bearer /, ''), 'hex');
      if (
        !LOOPBACK.has(request.socket.remoteAddress ?? '') ||
        given.length !== token.length ||
        !timingSafeEqual(given, token)
      ) {
        return reply.code(403).send({ isOk: false, message: 'Not allowed' });
      }
      const backup = await takeBackup(app.database, app.config.dataDir, app.now(), app.files);
      return reply.code(201).send({ isOk: true, message: `Backup ${backup.name} written`, data: backup });
    },
  );
};
