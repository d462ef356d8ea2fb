/**
 * Console orders under /api/admin (issue 28 §2): comp passes (owners and managers), orders
 * paid by bank transfer (owners and finance), and the attendee import (multipart CSV or XLSX;
 * a preview, then a commit of all rows or none), whose kind decides which of those roles may
 * send it. Every route is limited per client address.
 */
import multipart from '@fastify/multipart';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminChangeErrorResponses,
  AttendeeImportResultSchema,
  BANK_TRANSFER_ORDER_ROLES,
  BankTransferImportFieldsSchema,
  BankTransferOrderRequestSchema,
  COMP_ORDER_ROLES,
  CompImportFieldsSchema,
  CompOrderRequestSchema,
  ConsoleOrderSchema,
  envelope,
  ErrorResponseSchema,
  MAX_IMPORT_BYTES,
  type OrganizerRole,
} from '@festival/shared';
import { FileTooLargeError, ForbiddenError } from '../../errors.js';
import { actorOf } from '../audit/service.js';
import { createConsoleOrder, importAttendees, type ConsoleOrderDeps } from './service.js';

const ORDER_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const IMPORT_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

/** The uploaded file, which @fastify/multipart hands over as a Buffer (`attachFieldsToBody: 'keyValues'`). */
const importFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), 'Choose a CSV or XLSX file')
  .meta({ type: 'string', format: 'binary' });

const consoleOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ConsoleOrderDeps => ({
    db: app.db,
    hooks: app.orderHooks,
    now: () => app.now(),
    production: app.config.NODE_ENV === 'production',
  });
  const created = { 201: envelope(ConsoleOrderSchema), ...AdminChangeErrorResponses };

  app.post(
    '/console-orders/comp',
    {
      config: { roles: COMP_ORDER_ROLES, rateLimit: ORDER_RATE_LIMIT },
      schema: {
        tags: ['admin'],
        summary: 'Issue comp passes on a guest list (speaker, sponsor, press, other), without payment',
        description:
          'Each attendee keeps the registration their email has in the ticket’s category, or gets one. Capacity and the ticket’s sales rules apply as at checkout (409 sold out / not on sale). The order is paid at ₹0, its passes issued and emailed; no tax invoice. Audited with the reason.',
        body: CompOrderRequestSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const order = await createConsoleOrder(deps(), actorOf(request), request.body);
      return reply
        .code(201)
        .send({ isOk: true, message: 'Comp passes issued; they are being emailed', data: order });
    },
  );

  app.post(
    '/console-orders/bank-transfer',
    {
      config: { roles: BANK_TRANSFER_ORDER_ROLES, rateLimit: ORDER_RATE_LIMIT },
      schema: {
        tags: ['admin'],
        summary:
          'Enter an order paid by bank transfer: priced by the server, passes issued, tax invoice issued',
        description:
          'The amount is the ticket’s price with GST, as checkout computes it (paise). Capacity and the ticket’s sales rules apply as at checkout. Audited with the reason and the bank reference (UTR).',
        body: BankTransferOrderRequestSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const order = await createConsoleOrder(deps(), actorOf(request), request.body);
      return reply
        .code(201)
        .send({ isOk: true, message: 'Order entered; the passes are being emailed', data: order });
    },
  );

  // In a plugin of its own, so that only this route parses multipart bodies.
  const importRoute: FastifyPluginAsyncZod = async (uploads) => {
    await uploads.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 8, parts: 9 },
    });
    uploads.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new FileTooLargeError(
          `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it.`,
        );
      }
      throw error;
    });

    uploads.post(
      '/imports/attendees',
      {
        config: {
          roles: [...new Set([...COMP_ORDER_ROLES, ...BANK_TRANSFER_ORDER_ROLES])],
          rateLimit: IMPORT_RATE_LIMIT,
        },
        schema: {
          tags: ['admin'],
          summary:
            'Import attendees from CSV or XLSX as comp or bank-transfer orders: a preview, or all rows or none',
          description:
            'Multipart: `file` (CSV or XLSX, at most 1 MB and 200 rows, with the registration export’s columns; see the organizer guide), `kind` (`comp` with `guestList`, or `bank_transfer` with `bankReference`), `reason`, and `commit` = `true` to create. Without `commit`, or when any row has an error, nothing is created and the answer lists each row’s errors (row, column, message). Comps: owners and managers; bank transfers: owners and finance.',
          consumes: ['multipart/form-data'],
          body: z.discriminatedUnion('kind', [
            CompImportFieldsSchema.extend({ file: importFile }),
            BankTransferImportFieldsSchema.extend({ file: importFile }),
          ]),
          response: {
            200: envelope(AttendeeImportResultSchema),
            ...AdminChangeErrorResponses,
            413: ErrorResponseSchema,
          },
        },
      },
      async (request) => {
        const { file, ...fields } = request.body;
        const allowed: readonly OrganizerRole[] =
          fields.kind === 'comp' ? COMP_ORDER_ROLES : BANK_TRANSFER_ORDER_ROLES;
        const role = request.organizer?.role;
        if (!role || !allowed.includes(role)) throw new ForbiddenError('Your role does not allow this.');
        const result = await importAttendees(deps(), actorOf(request), file, fields);
        const message = result.committed
          ? `${result.references.length} orders created; the passes are being emailed`
          : result.errors.length > 0
            ? 'Nothing was imported: correct the rows with errors'
            : 'Preview: nothing is created until you confirm';
        return { isOk: true, message, data: result };
      },
    );
  };
  await app.register(importRoute);
};

export default consoleOrderRoutes;
