/**
 * Export routes of the organizer console, under /api/admin: each list as
 * CSV or XLSX with the list's filters, streamed as an attachment. EXPORT_ROLES (owners, managers
 * and finance) may export; every file names people, so content editors may not, votes included.
 * The "Tell me when registration opens" addresses go only to their list's roles.
 */
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVENT_TIME_ZONE,
  EXPORT_ROLES,
  InquiryListQuerySchema,
  OrderListQuerySchema,
  REGISTRATION_ALERT_ROLES,
  RegistrationAlertListQuerySchema,
  RegistrationListQuerySchema,
} from '@festival/shared';
import type { FastifyRequest } from 'fastify';
import { sendAttachment } from '../../lib/attachment.js';
import { actorOf } from '../audit/service.js';
import {
  exportInquiries,
  exportOrders,
  exportRegistrationAlerts,
  exportRegistrations,
  exportVotes,
  recordExport,
  type ExportFormat,
} from './service.js';

const FormatSchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
const listOnly = { cursor: true, limit: true } as const;
const RegistrationExportQuery = RegistrationListQuerySchema.omit(listOnly).extend(FormatSchema.shape);
const OrderExportQuery = OrderListQuerySchema.omit(listOnly).extend(FormatSchema.shape);
const InquiryExportQuery = InquiryListQuerySchema.omit(listOnly).extend(FormatSchema.shape);
const AlertExportQuery = RegistrationAlertListQuerySchema.omit(listOnly).extend(FormatSchema.shape);

const today = new Intl.DateTimeFormat('en-CA', { timeZone: EVENT_TIME_ZONE });

function attachment(reply: FastifyReply, name: string, format: ExportFormat, body: Readable) {
  return sendAttachment(reply, `${name}-${today.format(new Date())}`, format, body);
}

const describe = (what: string) => ({
  tags: ['admin'],
  summary: `${what} as CSV or XLSX (format=csv|xlsx), with the list's filters`,
  description:
    'Answers the file as an attachment, streamed; 400, 401 and 403 answer the JSON error envelope.',
});

const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Every file handed out names people: the audit log says who took which list, and how filtered. */
  const audited = (request: FastifyRequest, list: string, format: ExportFormat, filters: object) =>
    recordExport(app.db, actorOf(request), { list, format, filters }, app.now());

  app.get(
    '/exports/registrations',
    {
      config: { roles: EXPORT_ROLES },
      schema: { ...describe('Registrations'), querystring: RegistrationExportQuery },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      await audited(request, 'registrations', format, filters);
      return attachment(reply, 'registrations', format, await exportRegistrations(app.db, filters, format));
    },
  );

  app.get(
    '/exports/orders',
    { config: { roles: EXPORT_ROLES }, schema: { ...describe('Orders'), querystring: OrderExportQuery } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      await audited(request, 'orders', format, filters);
      return attachment(reply, 'orders', format, exportOrders(app.db, filters, format, app.now()));
    },
  );

  app.get(
    '/exports/inquiries',
    {
      config: { roles: EXPORT_ROLES },
      schema: { ...describe('Inquiries'), querystring: InquiryExportQuery },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      await audited(request, 'inquiries', format, filters);
      return attachment(reply, 'inquiries', format, exportInquiries(app.db, filters, format));
    },
  );

  app.get(
    '/exports/registration-alerts',
    {
      // The list's own roles: the addresses are for the organisers who write to them.
      config: { roles: REGISTRATION_ALERT_ROLES },
      schema: { ...describe('Addresses waiting for registration to open'), querystring: AlertExportQuery },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      await audited(request, 'registration-alerts', format, filters);
      return attachment(
        reply,
        'registration-alerts',
        format,
        exportRegistrationAlerts(app.db, filters, format),
      );
    },
  );

  app.get(
    '/exports/votes',
    {
      config: { roles: EXPORT_ROLES },
      schema: { ...describe('Verified votes'), querystring: FormatSchema },
    },
    async (request, reply) => {
      const { format } = request.query;
      await audited(request, 'votes', format, {});
      return attachment(reply, 'votes', format, await exportVotes(app.db, format));
    },
  );
};

export default exportRoutes;
