/**
 * Award categories of the current edition in the organizer console, under /api/admin: list, add,
 * rename, reorder and delete while empty. Everyone who reads the voting results may list them;
 * owners, managers and content organizers (who write the nominee pages) change them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAwardCategorySchema,
  AwardCategoryInputSchema,
  CONTENT_EDITOR_ROLES,
  databaseId,
  envelope,
  ErrorResponseSchema,
  ReorderSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import {
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
  reorderCategories,
  UNKNOWN_CATEGORY,
} from './service.js';

const READERS = ['owner', 'manager', 'finance', 'content'] as const;
const TAGS = ['admin'];
const IdParams = z.object({ id: databaseId(UNKNOWN_CATEGORY) });
const ItemResponse = envelope(AdminAwardCategorySchema);
const ListResponse = envelope(z.array(AdminAwardCategorySchema));
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const awardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/award-categories',
    {
      config: { roles: READERS },
      schema: {
        tags: TAGS,
        summary: 'The current edition’s award categories in order, with nominee pages and votes counted',
        response: { 200: ListResponse, ...errors },
      },
    },
    async () => ({ isOk: true, message: 'Award categories', data: await listCategories(app.db) }),
  );

  app.post(
    '/award-categories',
    {
      config: { roles: CONTENT_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Add an award category after the current edition’s last one',
        body: AwardCategoryInputSchema,
        response: { 201: ItemResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createCategory(app.db, actorOf(request), request.body, app.now());
      return reply.code(201).send({ isOk: true, message: 'Category added', data });
    },
  );

  app.put(
    '/award-categories/order',
    {
      config: { roles: CONTENT_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Put every category of the current edition in the given order (all ids, first shown first)',
        body: ReorderSchema,
        response: { 200: ListResponse, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Order saved',
      data: await reorderCategories(app.db, actorOf(request), request.body.ids, app.now()),
    }),
  );

  app.put(
    '/award-categories/:id',
    {
      config: { roles: CONTENT_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Rename an award category of the current edition',
        params: IdParams,
        body: AwardCategoryInputSchema,
        response: { 200: ItemResponse, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Category renamed',
      data: await renameCategory(app.db, actorOf(request), request.params.id, request.body, app.now()),
    }),
  );

  app.delete(
    '/award-categories/:id',
    {
      config: { roles: CONTENT_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Delete an award category that holds no nominee page and no vote',
        params: IdParams,
        response: { 200: envelope(z.null()), ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      await deleteCategory(app.db, actorOf(request), request.params.id, app.now());
      return { isOk: true, message: 'Category deleted', data: null };
    },
  );
};

export default awardAdminRoutes;
