/**
 * Waiting-list routes. Public: `POST /api/waiting-list` joins a sold-out ticket
 * type's line (201; 409 when seats are free or the address is in line already; 429 past 10 a
 * minute from one address, as the contact form, or 5 an hour under one email address, which
 * the offer is mailed to). Console, under `/api/admin`, owners and
 * managers: the lists, offering seats by hand, removing entries, each type's hold time.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  databaseId,
  envelope,
  ErrorResponseSchema,
  WaitingListHoldSchema,
  WaitingListJoinedSchema,
  WaitingListJoinSchema,
  WaitingListOfTypeSchema,
  type OrganizerRole,
} from '@festival/shared';
import { TooManyRequestsError } from '../../errors.js';
import { actorOf } from '../audit/service.js';
import { joinWaitingList, listWaitingLists, offerByHand, removeEntry, setHoldHours } from './service.js';

/** Joins allowed per client address per minute, as for the contact form. */
export const WAITING_LIST_RATE_LIMIT = 10;

export const publicWaitingListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/waiting-list',
    {
      config: {
        rateLimit: {
          max: WAITING_LIST_RATE_LIMIT,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new TooManyRequestsError('Too many requests. Please try again in a minute.'),
        },
        emailRateLimit: { max: 5, timeWindow: '1 hour' },
      },
      schema: {
        tags: ['tickets'],
        summary: 'Join the waiting list of a sold-out ticket type',
        body: WaitingListJoinSchema,
        response: {
          201: WaitingListJoinedSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await joinWaitingList(app, request.body, request.ip, app.now());
      return reply.code(201).send({
        isOk: true as const,
        message: 'You are on the waiting list. We will email you when seats come back.',
        data,
      });
    },
  );
};

const EDITORS: readonly OrganizerRole[] = ['owner', 'manager'];
const EntryParams = z.object({ id: databaseId('Unknown waiting-list entry') });
const TicketTypeParams = z.object({ id: databaseId('Unknown ticket type') });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

export const waitingListAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, jobs: app.jobs };

  app.get(
    '/waiting-list',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Every ticket type of the current edition with its waiting list, hold time and free seats',
        response: { 200: envelope(z.object({ items: z.array(WaitingListOfTypeSchema) })), ...errors },
      },
    },
    async () => ({
      isOk: true,
      message: 'Waiting lists',
      data: { items: await listWaitingLists(app.db, app.now()) },
    }),
  );

  app.post(
    '/waiting-list/entries/:id/offer',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Offer free seats to one entry now, out of line order; emails its voucher',
        params: EntryParams,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await offerByHand(deps, actorOf(request), request.params.id, app.now());
      return { isOk: true, message: 'Seats offered; the voucher is on its way by email', data: null };
    },
  );

  app.post(
    '/waiting-list/entries/:id/remove',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Take an entry off the list; an open offer is withdrawn and its seats return',
        params: EntryParams,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await removeEntry(app.db, actorOf(request), request.params.id, app.now());
      return { isOk: true, message: 'Removed from the waiting list', data: null };
    },
  );

  app.put(
    '/waiting-list/ticket-types/:id/hold',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: "Set how many hours a ticket type's offers hold their seats",
        params: TicketTypeParams,
        body: WaitingListHoldSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await setHoldHours(app.db, actorOf(request), request.params.id, request.body.holdHours, app.now());
      return { isOk: true, message: 'Hold time saved', data: null };
    },
  );
};
