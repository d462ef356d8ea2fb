/**
 * Organizer routes of award voting, under /api/admin: results with
 * flags, and opening and closing voting (the votes' export is in modules/exports). Everyone but the gate may read;
 * owners, managers and content editors may open and close.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ErrorResponseSchema, VotingResultsSchema, VotingStateSchema } from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { setVoting, votingResults } from './service.js';

const READERS = ['owner', 'manager', 'finance', 'content'] as const;
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

const votingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/voting',
    {
      config: { roles: READERS },
      schema: {
        tags: ['admin'],
        summary: 'Award voting results per nominee, with suspicious patterns flagged',
        response: { 200: envelope(VotingResultsSchema), ...denied },
      },
    },
    async () => ({ isOk: true, message: 'Voting results', data: await votingResults(app.db) }),
  );

  app.put(
    '/voting/state',
    {
      config: { roles: ['owner', 'manager', 'content'] },
      schema: {
        tags: ['admin'],
        summary: 'Open or close award voting',
        body: VotingStateSchema,
        response: { 200: envelope(VotingStateSchema), 400: ErrorResponseSchema, ...denied },
      },
    },
    async (request) => {
      await setVoting(app.db, request.body.open, actorOf(request), app.now());
      return {
        isOk: true,
        message: request.body.open ? 'Voting is open' : 'Voting is closed',
        data: request.body,
      };
    },
  );
};

export default votingAdminRoutes;
