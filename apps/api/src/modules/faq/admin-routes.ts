/**
 * The FAQ in the organizer console, under /api/admin: list (hidden
 * entries too), add, edit, hide/show and reorder. Owners, managers and content organizers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminFaqItemSchema,
  CONTENT_EDITOR_ROLES,
  databaseId,
  envelope,
  ErrorResponseSchema,
  FaqItemInputSchema,
  ReorderSchema,
  VisibilitySchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { createFaqItem, listAdminFaq, reorderFaq, updateFaqItem } from './service.js';

const ROLES = CONTENT_EDITOR_ROLES;
const TAGS = ['admin'];
const IdParams = z.object({ id: databaseId('Unknown FAQ entry') });
const ItemResponse = envelope(AdminFaqItemSchema);
const ListResponse = envelope(z.array(AdminFaqItemSchema));
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const faqAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/faq',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Every FAQ entry (hidden ones too) in display order',
        response: { 200: ListResponse, ...errors },
      },
    },
    async () => ({ isOk: true, message: 'FAQ', data: await listAdminFaq(app.db) }),
  );

  app.post(
    '/faq',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Add a visible FAQ entry after the last one',
        body: FaqItemInputSchema,
        response: { 201: ItemResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createFaqItem(app.db, actorOf(request), request.body, app.now());
      return reply.code(201).send({ isOk: true, message: 'FAQ entry added', data });
    },
  );

  app.put(
    '/faq/order',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Put every FAQ entry in the given order (all ids, first shown first)',
        body: ReorderSchema,
        response: { 200: ListResponse, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'FAQ reordered',
      data: await reorderFaq(app.db, actorOf(request), request.body.ids, app.now()),
    }),
  );

  app.put(
    '/faq/:id',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Edit an FAQ entry’s question and answer',
        params: IdParams,
        body: FaqItemInputSchema,
        response: { 200: ItemResponse, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'FAQ entry saved',
      data: await updateFaqItem(app.db, actorOf(request), request.params.id, request.body, app.now()),
    }),
  );

  app.put(
    '/faq/:id/visibility',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Show an FAQ entry on /faq, or hide it',
        params: IdParams,
        body: VisibilitySchema,
        response: { 200: ItemResponse, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: request.body.visible ? 'Shown on the site' : 'Hidden from the site',
      data: await updateFaqItem(app.db, actorOf(request), request.params.id, request.body, app.now()),
    }),
  );
};

export default faqAdminRoutes;
