/**
 * Public check-in route: the Ed25519 public keys that sign pass tokens, with
 * their key ids, so scanners and other verifiers check QR codes without asking the server.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CheckinKeysSchema } from '@festival/shared';
import { publishedSigningKeys } from '../passes/signing.js';

const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkin/keys',
    {
      // A process started with a new CHECKIN_SIGNING_KEY adds a key without an organizer's change.
      config: { publicCache: { maxAgeMs: 60_000 } },
      schema: {
        tags: ['checkin'],
        summary: 'Public keys (Ed25519, raw, base64url) that sign pass tokens, newest first',
        response: { 200: CheckinKeysSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: await publishedSigningKeys(app.db) };
    },
  );
};

export default checkinRoutes;
