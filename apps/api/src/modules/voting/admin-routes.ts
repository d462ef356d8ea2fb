/**
 * Organizer routes of award voting, under /api/admin (issue 8 §2 Voting): results with
 * flags, opening and closing voting, and the votes as CSV. Everyone but the gate may read;
 * owners, managers and content editors may open and close.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  EVENT_TIME_ZONE,
  VotingResultsSchema,
  VotingStateSchema,
} from '@festival/shared';
import { csvStream } from '../../lib/csv.js';
import { actorOf } from '../audit/service.js';
import { listVotesForExport, setVoting, votingResults } from './service.js';

const READERS = ['owner', 'manager', 'finance', 'content'] as const;
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'medium',
});

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

  app.get(
    '/voting/votes.csv',
    {
      config: { roles: READERS },
      schema: {
        tags: ['admin'],
        summary: 'Every verified vote as CSV (time in IST, email, nominee, client address)',
        description: 'Answers text/csv, streamed; 401 and 403 answer the JSON error envelope.',
      },
    },
    async (_request, reply) => {
      const votes = await listVotesForExport(app.db);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="votes.csv"')
        .send(
          csvStream(votes, [
            { header: 'Time (IST)', value: (vote) => istTime.format(vote.at) },
            { header: 'Email', value: (vote) => vote.email },
            { header: 'Nominee', value: (vote) => vote.nominee },
            { header: 'Client address', value: (vote) => vote.ip },
          ]),
        );
    },
  );
};

export default votingAdminRoutes;
