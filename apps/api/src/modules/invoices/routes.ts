/**
 * Invoice routes. Public: `GET /api/auth/payment/orders/{reference}/invoice?key=`, the tax
 * invoice PDF of a paid order, for its buyer only (the buyer's key, orders/access.ts). Console (/api/admin; owner, manager, finance): the list of invoices and credit
 * notes, one document's PDF, and the GSTR-1 export (CSV or XLSX).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  EVENT_TIME_ZONE,
  Gstr1ExportQuerySchema,
  INVOICE_READER_ROLES,
  InvoiceListQuerySchema,
  InvoicePageSchema,
  safeString,
} from '@festival/shared';
import { NotFoundError } from '../../errors.js';
import { openOrder } from '../orders/service.js';
import { exportGstr1 } from './gstr1.js';
import { invoicePdfOfOrder, listInvoices, taxDocumentPdf } from './service.js';

const pdfResponse = {
  200: z.any().describe('The PDF (application/pdf)'),
  404: ErrorResponseSchema,
};

export const publicInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/payment/orders/:reference/invoice',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: "The tax invoice (PDF) of a paid order, by its public reference and the buyer's key",
        description:
          "404 when the order is unknown, the key is not the buyer's, or the order has no invoice (unpaid, or no GSTIN in the settings).",
        params: z.object({ reference: safeString().min(1).max(40) }),
        querystring: z.object({ key: z.string().max(100).optional() }),
        response: { ...pdfResponse, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const opened = await openOrder(
        app.db,
        app.config.OTP_SECRET,
        request.params.reference,
        request.query.key,
      );
      if (opened.viewer.kind !== 'buyer') throw new NotFoundError('Order not found');
      const invoice = await invoicePdfOfOrder(app.db, opened.order.id);
      if (!invoice) throw new NotFoundError('This order has no tax invoice');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(invoice.pdf));
    },
  );
};

const today = new Intl.DateTimeFormat('en-CA', { timeZone: EVENT_TIME_ZONE });
const CONTENT_TYPE = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const invoiceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

  app.get(
    '/invoices',
    {
      config: { roles: INVOICE_READER_ROLES },
      schema: {
        tags: ['admin'],
        summary:
          'Tax invoices and credit notes, newest first, filtered by kind, recipient (B2B/B2C) and days',
        querystring: InvoiceListQuerySchema,
        response: { 200: envelope(InvoicePageSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Invoices',
      data: await listInvoices(app.db, request.query),
    }),
  );

  app.get(
    '/invoices/gstr1',
    {
      config: { roles: INVOICE_READER_ROLES },
      schema: {
        tags: ['admin'],
        summary: 'A GSTR-1 section (b2b, b2cs or cdnr) of the documents issued in the period, as CSV or XLSX',
        querystring: Gstr1ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { section, format } = request.query;
      const body = await exportGstr1(app.db, request.query);
      return reply
        .type(CONTENT_TYPE[format])
        .header(
          'content-disposition',
          `attachment; filename="gstr1-${section}-${today.format(app.now())}.${format}"`,
        )
        .send(body);
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: { roles: INVOICE_READER_ROLES },
      schema: {
        tags: ['admin'],
        summary: 'One invoice or credit note as a PDF',
        params: z.object({ id: z.uuid('Unknown document') }),
        response: { ...pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const document = await taxDocumentPdf(app.db, request.params.id);
      if (!document) throw new NotFoundError('Unknown document');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${document.fileName}"`)
        .send(Buffer.from(document.pdf));
    },
  );
};
