/**
 * Check-in in the organizer console and the scanner, under `/api/admin`:
 * owners and managers edit check-in lists; the gate role and above scan, sync and read counts.
 * Answers the `{isOk, message, data}` envelope. Thin: use cases in service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHECKIN_ROLES,
  CheckinAttendeesSchema,
  CheckinCountsSchema,
  CheckinListSchema,
  CheckinListsSchema,
  CheckinSyncAnswerSchema,
  CreateCheckinListSchema,
  databaseId,
  envelope,
  ErrorResponseSchema,
  RedeemRequestSchema,
  RedeemResultSchema,
  safeString,
  UpdateCheckinListSchema,
  type OrganizerRole,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import {
  checkinCounts,
  checkinSync,
  createCheckinList,
  deleteCheckinList,
  listCheckinLists,
  redeem,
  searchCheckinAttendees,
  updateCheckinList,
} from './service.js';

const GATE = CHECKIN_ROLES;
const EDITORS: readonly OrganizerRole[] = ['owner', 'manager'];

const IdParams = z.object({ id: databaseId('Unknown check-in list') });
const SearchQuery = z.object({
  q: safeString().trim().min(2, 'Type at least 2 characters').max(100, 'At most 100 characters'),
});

/** `since`: the `cursor` of the scanner's last sync answer; one it cannot use gets the full answer. */
const SyncQuery = z.object({ since: z.string().max(200, 'Unknown sync cursor').optional() });

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

const checkinAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkin/lists',
    {
      config: { roles: GATE },
      schema: {
        tags: ['admin'],
        summary: 'Check-in lists of the current edition with admitted and inside counts',
        response: { 200: envelope(CheckinListsSchema), ...errors },
      },
    },
    async () => ({ isOk: true, message: 'Check-in lists', data: await listCheckinLists(app.db) }),
  );

  app.post(
    '/checkin/lists',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Create a check-in list: ticket types and days it admits, exits, re-entry',
        body: CreateCheckinListSchema,
        response: { 201: envelope(CheckinListSchema), ...errors },
      },
    },
    async (request, reply) => {
      const list = await createCheckinList(app.db, actorOf(request), request.body, app.now());
      return reply.code(201).send({ isOk: true, message: 'Check-in list created', data: list });
    },
  );

  app.patch(
    '/checkin/lists/:id',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Change a check-in list',
        params: IdParams,
        body: UpdateCheckinListSchema,
        response: { 200: envelope(CheckinListSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Check-in list saved',
      data: await updateCheckinList(app.db, actorOf(request), request.params.id, request.body, app.now()),
    }),
  );

  app.delete(
    '/checkin/lists/:id',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Delete a check-in list nobody scanned on',
        params: IdParams,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await deleteCheckinList(app.db, actorOf(request), request.params.id, app.now());
      return { isOk: true, message: 'Check-in list deleted', data: null };
    },
  );

  app.post(
    '/checkin/redeem',
    {
      // Scans change no public answer; at the gate's pace they would empty the public cache.
      // A scanner's session is resolved once per few seconds, not per scan (organizer-auth.ts).
      config: { roles: GATE, leavesPublicReads: true, cachedSession: true },
      schema: {
        tags: ['admin'],
        summary: 'Redeem a scanned token or typed pass code: ok, or why not; same nonce, same answer',
        body: RedeemRequestSchema,
        response: { 200: envelope(RedeemResultSchema), ...errors },
      },
    },
    async (request) => {
      const result = await redeem(app.db, actorOf(request).organizerId, request.body, app.now());
      return { isOk: true, message: result.status === 'ok' ? 'Admitted' : 'Not admitted', data: result };
    },
  );

  app.get(
    '/checkin/lists/:id/sync',
    {
      config: { roles: GATE },
      schema: {
        tags: ['admin'],
        summary:
          "A list's valid passes, the revocation list and the signing keys, for offline scanning; with `since`, only what changed",
        params: IdParams,
        querystring: SyncQuery,
        response: { 200: envelope(CheckinSyncAnswerSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Check-in data',
      data: await checkinSync(app.db, request.params.id, app.now(), request.query.since),
    }),
  );

  app.get(
    '/checkin/lists/:id/counts',
    {
      config: { roles: GATE },
      schema: {
        tags: ['admin'],
        summary: 'Live counts of a list: admitted, inside, per gate, per hour, offline conflicts',
        params: IdParams,
        response: { 200: envelope(CheckinCountsSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Counts',
      data: await checkinCounts(app.db, request.params.id),
    }),
  );

  app.get(
    '/checkin/lists/:id/attendees',
    {
      config: { roles: GATE },
      schema: {
        tags: ['admin'],
        summary: 'Whether attendees matching part of a name or pass code, or a whole email, have arrived',
        params: IdParams,
        querystring: SearchQuery,
        response: { 200: envelope(CheckinAttendeesSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Attendees',
      data: await searchCheckinAttendees(app.db, request.params.id, request.query.q),
    }),
  );
};

export default checkinAdminRoutes;
