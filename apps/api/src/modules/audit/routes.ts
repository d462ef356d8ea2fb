/**
 * `GET /api/admin/audit`: the audit log, filtered and paginated, for owners.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema, envelope, ErrorResponseSchema } from '@festival/shared';
import { listAudit } from './service.js';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: ['admin'],
        summary: 'Audit log: every change organizers made, newest first',
        querystring: AuditQuerySchema,
        response: {
          200: envelope(AuditPageSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ isOk: true, message: 'Audit log', data: await listAudit(app.db, request.query) }),
  );
};

export default auditRoutes;
