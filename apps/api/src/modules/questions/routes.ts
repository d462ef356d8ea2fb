/**
 * Registration question routes. `questionAdminRoutes`, under `/api/admin`: the organizer's list,
 * additions, edits, order, archive, restore and deletion, for the current edition or the one
 * `?editionId=` names; the roles are the ticket types' (owners and managers change, finance reads).
 * `questionRoutes`, under `/api`: the questions a registration form asks. Thin: the use cases
 * and their audit rows are in service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminChangeErrorResponses,
  AdminQuestionListSchema,
  AdminQuestionQuerySchema,
  AdminQuestionSchema,
  databaseId,
  envelope,
  ErrorResponseSchema,
  PublicQuestionQuerySchema,
  PublicQuestionSchema,
  QUESTION_EDITOR_ROLES,
  QUESTION_READER_ROLES,
  QuestionInputSchema,
  ReorderQuestionsSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import * as service from './service.js';

const IdParams = z.object({ id: databaseId('Unknown question') });
const TAGS = ['admin'];

export const questionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/questions',
    {
      config: { roles: QUESTION_READER_ROLES },
      schema: {
        tags: TAGS,
        summary:
          "An edition's registration questions (the current edition without editionId), archived ones too",
        querystring: AdminQuestionQuerySchema,
        response: {
          200: envelope(AdminQuestionListSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Questions',
      data: await service.listQuestions(app.db, request.query.editionId),
    }),
  );

  app.post(
    '/questions',
    {
      config: { roles: QUESTION_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Add a registration question to an edition (the current one without editionId), after its others',
        querystring: AdminQuestionQuerySchema,
        body: QuestionInputSchema,
        response: { 201: envelope(AdminQuestionSchema), ...AdminChangeErrorResponses },
      },
    },
    async (request, reply) => {
      const data = await service.createQuestion(
        app.db,
        actorOf(request),
        request.body,
        app.now(),
        request.query.editionId,
      );
      return reply.code(201).send({ isOk: true, message: 'Question added', data });
    },
  );

  app.put(
    '/questions/:id',
    {
      config: { roles: QUESTION_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary: "Replace a question's fields; a question with answers keeps its kind (409)",
        params: IdParams,
        body: QuestionInputSchema,
        response: { 200: envelope(AdminQuestionSchema), ...AdminChangeErrorResponses },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Question saved',
      data: await service.updateQuestion(
        app.db,
        actorOf(request),
        request.params.id,
        request.body,
        app.now(),
      ),
    }),
  );

  app.post(
    '/questions/order',
    {
      config: { roles: QUESTION_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary:
          "Put an edition's active questions (the current one's without editionId) in a new order (each id once)",
        querystring: AdminQuestionQuerySchema,
        body: ReorderQuestionsSchema,
        response: { 200: envelope(AdminQuestionListSchema), ...AdminChangeErrorResponses },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Order saved',
      data: await service.reorderQuestions(
        app.db,
        actorOf(request),
        request.body.ids,
        app.now(),
        request.query.editionId,
      ),
    }),
  );

  for (const [verb, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/questions/:id/${verb}`,
      {
        config: { roles: QUESTION_EDITOR_ROLES },
        schema: {
          tags: TAGS,
          summary: archived
            ? 'Archive a question: no longer asked; its answers stay under its label'
            : 'Restore an archived question',
          params: IdParams,
          response: { 200: envelope(AdminQuestionSchema), ...AdminChangeErrorResponses },
        },
      },
      async (request) => ({
        isOk: true,
        message: archived ? 'Question archived' : 'Question restored',
        data: await service.setQuestionArchived(
          app.db,
          actorOf(request),
          request.params.id,
          archived,
          app.now(),
        ),
      }),
    );
  }

  app.delete(
    '/questions/:id',
    {
      config: { roles: QUESTION_EDITOR_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Delete a question nobody answered (one with answers is archived instead: 409)',
        params: IdParams,
        response: { 200: envelope(z.null()), ...AdminChangeErrorResponses },
      },
    },
    async (request) => {
      await service.deleteQuestion(app.db, actorOf(request), request.params.id, app.now());
      return { isOk: true, message: 'Question deleted', data: null };
    },
  );
};

export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registration-questions',
    {
      schema: {
        tags: ['registrations'],
        summary:
          "The current edition's questions for a participant category's form and its chosen ticket type",
        querystring: PublicQuestionQuerySchema,
        response: {
          200: envelope(z.array(PublicQuestionSchema)),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Questions',
      data: await service.currentQuestionsFor(
        app.db,
        request.query.participantCategoryId,
        request.query.ticketId,
      ),
    }),
  );
};
