/**
 * Printing in the console, under /api/admin: name badges and the printable passes of an
 * attendee, an order or a check-in list, as PDF files. The gate desk (owners, managers, gate) and
 * sales (finance) print. Thin: use cases in service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BADGE_ROLES,
  BadgesPdfQuerySchema,
  ErrorResponseSchema,
  PassesPdfQuerySchema,
  type PrintSelection,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { badgesPdf, passesPdf } from './service.js';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** The one selection a validated query names (the schemas refuse none or several). */
function selectionOf(query: {
  registrationId?: string;
  orderReference?: string;
  listId?: number;
}): PrintSelection {
  if (query.registrationId !== undefined) return { registrationId: query.registrationId };
  if (query.orderReference !== undefined) return { orderReference: query.orderReference };
  return { listId: query.listId! };
}

const badgeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/badges.pdf',
    {
      config: { roles: BADGE_ROLES },
      schema: {
        tags: ['admin'],
        summary: 'Name badges of an attendee, an order or a check-in list, as a PDF',
        description:
          'Exactly one of registrationId, orderReference or listId; layout a6 (one badge per A6 page, the default) or labels (8 per A4 sheet, L7165). Valid passes (paid, not revoked) of the current edition only, sorted by name; 404 when there are none. Each print is audited. Errors answer the JSON envelope.',
        querystring: BadgesPdfQuerySchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await badgesPdf(
        app.db,
        actorOf(request),
        selectionOf(request.query),
        request.query.layout,
        app.now(),
      );
      return sendPdf(reply, pdf, fileName);
    },
  );

  app.get(
    '/passes.pdf',
    {
      config: { roles: BADGE_ROLES },
      schema: {
        tags: ['admin'],
        summary: 'The printable passes of an order or a check-in list, one A4 page each, as one PDF',
        description:
          'Exactly one of orderReference or listId. Valid passes (paid, not revoked) of the current edition only, sorted by name; 404 when there are none. Each print is audited. Errors answer the JSON envelope.',
        querystring: PassesPdfQuerySchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const selection = selectionOf(request.query) as Exclude<PrintSelection, { registrationId: string }>;
      const { pdf, fileName } = await passesPdf(app.db, actorOf(request), selection, app.now());
      return sendPdf(reply, pdf, fileName);
    },
  );
};

/** Answers a PDF as a download the browser does not keep. */
function sendPdf(reply: import('fastify').FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export default badgeAdminRoutes;
