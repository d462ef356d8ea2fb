/**
 * Organizer routes of failed jobs, under /api/admin: the list and a retry of one that failed
 * for good. JOB_FAILURE_ROLES (owners, managers and finance).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  ErrorResponseSchema,
  JOB_FAILURE_ROLES,
  JobFailureParamsSchema,
  JobFailureSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { listJobFailures, retryJobFailure } from './service.js';

const jobFailureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/job-failures',
    {
      config: { roles: [...JOB_FAILURE_ROLES] },
      schema: {
        tags: ['admin'],
        summary: 'Jobs whose last attempt failed (emails, refunds…), newest first, with the reason in words',
        response: {
          200: envelope(z.array(JobFailureSchema)),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async () => ({ isOk: true, message: 'Failed jobs', data: await listJobFailures(app.db, app.jobs) }),
  );

  app.post(
    '/job-failures/:id/retry',
    {
      config: { roles: [...JOB_FAILURE_ROLES], leavesPublicReads: true },
      schema: {
        tags: ['admin'],
        summary: 'Try a job that failed for good once more, now',
        description: '409 when the job is not failed any more.',
        params: JobFailureParamsSchema,
        response: {
          200: envelope(z.null()),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await retryJobFailure(app.db, app.jobs, actorOf(request), request.params.id, app.now());
      return { isOk: true, message: 'Queued again', data: null };
    },
  );
};

export default jobFailureRoutes;
