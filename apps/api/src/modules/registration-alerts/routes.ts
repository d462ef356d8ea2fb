/**
 * The public "Tell me when registration opens" form: `POST /api/auth/registration-alerts`
 * with an email; 200 with the same message whether the address was new or already listed
 * (which address is on the list is nobody else's business), 409 while registration is open,
 * 429 past the per-address and per-email limits.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  REGISTRATION_ALERT_SAVED_MESSAGE,
  RegistrationAlertRequestSchema,
} from '@festival/shared';
import { addressRateLimit } from '../../plugins/rate-limit.js';
import * as service from './service.js';

const registrationAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.AlertDeps = { db: app.db, now: () => app.now(), jobs: app.jobs };

  app.post(
    '/auth/registration-alerts',
    {
      config: {
        // A household or an office leaves a few addresses; a script leaving many is refused.
        rateLimit: addressRateLimit(
          30,
          '1 hour',
          'Too many requests from your network. Please try again later.',
        ),
        // Each new address is mailed once; a few tries of one address are plenty.
        emailRateLimit: { max: 5, timeWindow: '1 hour' },
      },
      schema: {
        tags: ['registration alerts'],
        summary: 'Leave an email address to hear when registration opens',
        description:
          'Stored trimmed and lower-cased; an address already listed is answered alike and mailed ' +
          'nothing more. A new one receives a confirmation. 409 with code SALES_OPEN while registration is open.',
        body: RegistrationAlertRequestSchema,
        response: {
          200: z.object({ isOk: z.literal(true), message: z.string() }),
          400: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await service.leaveAlert(deps, request.body, request.ip);
      return { isOk: true as const, message: REGISTRATION_ALERT_SAVED_MESSAGE };
    },
  );
};

export default registrationAlertRoutes;
