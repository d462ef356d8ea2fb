/**
 * Organizer routes of the self-service module, under /api/admin: registrants' deletion
 * requests (DPDP Act 2023 §12) and carrying one out. Owners and managers may read; only an
 * owner erases, since it cannot be undone.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  databaseId,
  DeletionRequestListQuerySchema,
  DeletionRequestPageSchema,
  DeletionRequestSchema,
  envelope,
  ErrorResponseSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { eraseForDeletionRequest, listDeletionRequests } from './data-rights.js';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

const selfServiceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/deletion-requests',
    {
      config: { roles: ['owner', 'manager'] },
      schema: {
        tags: ['admin'],
        summary: 'Registrants’ requests to erase their personal data, newest first',
        querystring: DeletionRequestListQuerySchema,
        response: { 200: envelope(DeletionRequestPageSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Deletion requests',
      data: await listDeletionRequests(app.db, request.query),
    }),
  );

  app.post(
    '/deletion-requests/:id/erase',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: 'Erase the personal data a deletion request names (tax documents are kept)',
        params: z.object({ id: databaseId() }),
        response: { 200: envelope(DeletionRequestSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Personal data erased',
      data: await eraseForDeletionRequest(
        { db: app.db, jobs: app.jobs, otpSecret: app.config.OTP_SECRET },
        request.params.id,
        actorOf(request),
        app.now(),
      ),
    }),
  );
};

export default selfServiceAdminRoutes;
