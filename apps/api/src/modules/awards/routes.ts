/**
 * The public award listing (the spec's /awards page): the current edition's categories with links to
 * their nominees' pages (/cms/{id}), and earlier editions' as the archive. From the public-read
 * cache, revalidated by ETag on every visit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, PublicAwardsSchema } from '@festival/shared';
import { z } from 'zod';
import { publicAwards } from './service.js';

const awardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/awards',
    {
      config: { publicCache: {} },
      schema: {
        tags: ['content'],
        summary: 'Award categories and their nominees: the current edition’s, and earlier ones’ (archive)',
        response: { 200: envelope(PublicAwardsSchema), 304: z.null().describe('Not modified') },
      },
    },
    async () => ({ isOk: true, message: 'Awards', data: await publicAwards(app.db) }),
  );
};

export default awardRoutes;
