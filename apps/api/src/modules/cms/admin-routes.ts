/**
 * CMS pages in the organizer console, under /api/admin: the about
 * page and the award nominee pages, edited as rich text that the server sanitises before it
 * stores it; new nominee pages. Owners, managers and content organizers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCmsPageSchema,
  CmsPageInputSchema,
  CONTENT_EDITOR_ROLES,
  databaseId,
  envelope,
  ErrorResponseSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { createNomineePage, getAdminPage, listAdminPages, updatePage } from './service.js';

const ROLES = CONTENT_EDITOR_ROLES;
const TAGS = ['admin'];
const IdParams = z.object({ id: databaseId('Page not found') });
const PageResponse = envelope(AdminCmsPageSchema);
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const cmsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'The about page and the award nominee pages',
        response: { 200: envelope(z.array(AdminCmsPageSchema)), ...errors },
      },
    },
    async () => ({ isOk: true, message: 'Pages', data: await listAdminPages(app.db) }),
  );

  app.get(
    '/pages/:id',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'One page with its sanitised HTML',
        params: IdParams,
        response: { 200: PageResponse, ...errors },
      },
    },
    async (request) => ({ isOk: true, message: 'Page', data: await getAdminPage(app.db, request.params.id) }),
  );

  app.put(
    '/pages/:id',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Replace a page’s title and HTML (sanitised before it is stored)',
        params: IdParams,
        body: CmsPageInputSchema,
        response: { 200: PageResponse, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Page saved',
      data: await updatePage(app.db, actorOf(request), request.params.id, request.body, app.now()),
    }),
  );

  app.post(
    '/pages',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Add an award nominee page (HTML sanitised before it is stored)',
        body: CmsPageInputSchema,
        response: { 201: PageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createNomineePage(app.db, actorOf(request), request.body, app.now());
      return reply.code(201).send({ isOk: true, message: 'Nominee page added', data });
    },
  );
};

export default cmsAdminRoutes;
