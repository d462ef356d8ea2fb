/**
 * CMS content endpoints (the spec's `get-content` calls). `:id` is a page's numeric id or its slug:
 * the about page is `about`, the seeded nominee pages are 1–4. The about call answers a one-item
 * list (the original front end reads it as a list); the nominee call answers the page itself.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AboutContentResponseSchema,
  CmsPageResponseSchema,
  ErrorResponseSchema,
  safeString,
} from '@festival/shared';
import * as service from './service.js';

const TAGS = ['content'];
const Params = z.object({ id: safeString().trim().min(1).max(100) });

const cmsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/cms/get-content/:id',
    {
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary: 'About page content (id or slug, e.g. "about"), as a one-item list',
        params: Params,
        response: { 200: AboutContentResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const page = await service.getPageContent(app.db, request.params.id);
      return { isOk: true, message: 'Content loaded', data: [page] };
    },
  );

  app.get(
    '/auth/startup-cms/get-content/:id',
    {
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary: 'A content page such as an award nominee (id or slug); Content is sanitised HTML',
        params: Params,
        response: { 200: CmsPageResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const page = await service.getPageContent(app.db, request.params.id);
      return { isOk: true, message: 'Content loaded', data: page };
    },
  );
};

export default cmsRoutes;
