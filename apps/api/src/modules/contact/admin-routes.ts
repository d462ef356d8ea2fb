/**
 * Organizer routes of the contact module, under /api/admin: the inbox,
 * marking an inquiry handled, and replying by email through the job queue. Owners and
 * managers may act; finance may read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  databaseId,
  envelope,
  ErrorResponseSchema,
  InquiryHandledSchema,
  InquiryListQuerySchema,
  InquiryPageSchema,
  InquiryReplyRequestSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { listInquiries, replyToInquiry, setInquiryHandled } from './service.js';

const IdParamsSchema = z.object({ id: databaseId() });
const DoneSchema = envelope(z.null());
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const contactAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inquiries',
    {
      config: { roles: ['owner', 'manager', 'finance'] },
      schema: {
        tags: ['admin'],
        summary: 'Contact inquiries, newest first, with their replies',
        querystring: InquiryListQuerySchema,
        response: { 200: envelope(InquiryPageSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Inquiries',
      data: await listInquiries(app.db, request.query),
    }),
  );

  app.put(
    '/inquiries/:id/handled',
    {
      config: { roles: ['owner', 'manager'] },
      schema: {
        tags: ['admin'],
        summary: 'Mark an inquiry handled, or open again',
        params: IdParamsSchema,
        body: InquiryHandledSchema,
        response: { 200: DoneSchema, ...errors },
      },
    },
    async (request) => {
      await setInquiryHandled(app.db, request.params.id, request.body.handled, actorOf(request), app.now());
      return { isOk: true, message: request.body.handled ? 'Marked handled' : 'Open again', data: null };
    },
  );

  app.post(
    '/inquiries/:id/replies',
    {
      config: { roles: ['owner', 'manager'] },
      schema: {
        tags: ['admin'],
        summary: 'Reply to an inquiry by email (queued; the inquiry counts as handled)',
        params: IdParamsSchema,
        body: InquiryReplyRequestSchema,
        response: { 201: DoneSchema, ...errors },
      },
    },
    async (request, reply) => {
      await replyToInquiry(
        { db: app.db, now: () => app.now(), jobs: app.jobs },
        request.params.id,
        request.body.message,
        actorOf(request),
      );
      return reply.code(201).send({ isOk: true, message: 'Reply queued', data: null });
    },
  );
};

export default contactAdminRoutes;
