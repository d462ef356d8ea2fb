/**
 * Report routes of the organizer console, under /api/admin (REPORT_ROLES: owners, managers,
 * finance): every report of an edition as JSON, and each one as a CSV or XLSX attachment.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  ErrorResponseSchema,
  REPORT_ROLES,
  ReportNameSchema,
  ReportsQuerySchema,
  ReportsSchema,
} from '@festival/shared';
import { FILE_CONTENT_TYPE, sendAttachment } from '../../lib/attachment.js';
import { exportReport, getReports } from './service.js';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    {
      config: { roles: REPORT_ROLES },
      schema: {
        tags: ['admin'],
        summary:
          "An edition's reports: sales and GST by ticket type and day, vouchers, refunds, check-ins by hour and gate, waiting lists",
        description: 'Without `edition`, the current edition; 404 for an unknown one. Paise; days in India.',
        querystring: ReportsQuerySchema,
        response: { 200: envelope(ReportsSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Reports',
      data: await getReports(app.db, request.query.edition),
    }),
  );

  app.get(
    '/reports/:report',
    {
      config: { roles: REPORT_ROLES },
      schema: {
        tags: ['admin'],
        summary: 'One report of an edition as CSV or XLSX (format=csv|xlsx), amounts in rupees',
        description:
          'Answers the file as an attachment; 400, 401, 403 and 404 answer the JSON error envelope.',
        params: z.object({ report: ReportNameSchema }),
        querystring: ReportsQuerySchema.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
        produces: ['text/csv', FILE_CONTENT_TYPE.xlsx],
      },
    },
    async (request, reply) => {
      const { format, edition } = request.query;
      const { report } = request.params;
      const file = await exportReport(app.db, report, format, edition);
      return sendAttachment(reply, `${report}-edition-${file.editionId}`, format, file.body);
    },
  );
};

export default reportRoutes;
