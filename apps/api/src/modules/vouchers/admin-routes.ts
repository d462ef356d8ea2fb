/**
 * Vouchers in the organizer console, under `/api/admin`: owners and managers
 * create and disable them, finance reads the list. `{isOk, message, data}` envelope.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  databaseId,
  envelope,
  ErrorResponseSchema,
  VoucherCreatedSchema,
  VoucherCreateSchema,
  VoucherSchema,
  type OrganizerRole,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { createVouchers, listVouchers, setVoucherEnabled } from './service.js';

const READERS: readonly OrganizerRole[] = ['owner', 'manager', 'finance'];
const EDITORS: readonly OrganizerRole[] = ['owner', 'manager'];

const IdParams = z.object({ id: databaseId('Unknown voucher') });

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const voucherAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vouchers',
    {
      config: { roles: READERS },
      schema: {
        tags: ['admin'],
        summary: 'Vouchers of the current edition with seats used (paid) and reserved (pending)',
        response: { 200: envelope(z.object({ items: z.array(VoucherSchema) })), ...errors },
      },
    },
    async () => ({ isOk: true, message: 'Vouchers', data: { items: await listVouchers(app.db, app.now()) } }),
  );

  app.post(
    '/vouchers',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Create one voucher, or N generated codes with a prefix',
        body: VoucherCreateSchema,
        response: { 201: envelope(VoucherCreatedSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await createVouchers(app.db, actorOf(request), request.body, app.now());
      const message = data.codes.length === 1 ? 'Voucher created' : `${data.codes.length} vouchers created`;
      return reply.code(201).send({ isOk: true, message, data });
    },
  );

  app.post(
    '/vouchers/:id/disable',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Disable a voucher: no new checkout can use it and its reserved seats return to sale',
        params: IdParams,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await setVoucherEnabled(app.db, actorOf(request), request.params.id, false, app.now());
      return { isOk: true, message: 'Voucher disabled', data: null };
    },
  );

  app.post(
    '/vouchers/:id/enable',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Enable a disabled voucher again',
        params: IdParams,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await setVoucherEnabled(app.db, actorOf(request), request.params.id, true, app.now());
      return { isOk: true, message: 'Voucher enabled', data: null };
    },
  );
};

export default voucherAdminRoutes;
