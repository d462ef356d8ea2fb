/**
 * Festival editions in the organizer console, under /api/admin: read
 * and change the current edition, create the next one (it becomes current). Owners and
 * managers change them; every organizer role but gate may read the current edition.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateEditionSchema,
  EDITION_EDITOR_ROLES,
  EditionListSchema,
  EditionSchema,
  envelope,
  ErrorResponseSchema,
  REPORT_ROLES,
  UpdateEditionSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { editionsCurrentFirst } from '../current-edition/service.js';
import { createEdition, getCurrentEdition, updateCurrentEdition } from './service.js';

const TAGS = ['admin'];
const EditionResponse = envelope(EditionSchema);
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const editionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/editions',
    {
      // Those who read orders and reports switch between editions.
      config: { roles: REPORT_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Every edition (id and name), the current one first',
        response: { 200: envelope(EditionListSchema), ...errors },
      },
    },
    async () => ({
      isOk: true,
      message: 'Editions',
      data: (await editionsCurrentFirst(app.db)).map(({ id, name }) => ({ id, name })),
    }),
  );

  app.get(
    '/editions/current',
    {
      config: { roles: ['owner', 'manager', 'finance', 'content'] },
      schema: { tags: TAGS, summary: 'The current edition', response: { 200: EditionResponse, ...errors } },
    },
    async () => ({
      isOk: true,
      message: 'Current edition',
      data: await getCurrentEdition(app.db, app.now()),
    }),
  );

  app.patch(
    '/editions/current',
    {
      config: { roles: EDITION_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Change the current edition’s name, dates and times, venue, map link or video',
        body: UpdateEditionSchema,
        response: { 200: EditionResponse, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Edition saved',
      data: await updateCurrentEdition(app.db, actorOf(request), request.body, app.now()),
    }),
  );

  app.post(
    '/editions',
    {
      config: { roles: EDITION_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Create the next edition and make it current (optionally copying the ticket types)',
        body: CreateEditionSchema,
        response: { 201: EditionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createEdition(app.db, actorOf(request), request.body, app.now());
      return reply
        .code(201)
        .send({ isOk: true, message: 'Edition created; it is now the current one', data });
    },
  );
};

export default editionRoutes;
