/**
 * FAQ endpoint (the spec's `auth/list/FaqMaster`): `{isOk, message, data: [{_id, que, ans}]}`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FaqListResponseSchema } from '@festival/shared';
import * as service from './service.js';

const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/list/FaqMaster',
    {
      config: { publicCache: {} },
      schema: {
        tags: ['content'],
        summary: 'Frequently asked questions in display order (answers are plain text)',
        response: { 200: FaqListResponseSchema },
      },
    },
    async () => ({ isOk: true, message: 'FAQ loaded', data: await service.listFaq(app.db) }),
  );
};

export default faqRoutes;
