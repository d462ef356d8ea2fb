/**
 * Contact-form endpoint (the spec's `POST /api/auth/contact`): 200
 * `{isOk: true, message: 'Form submitted successfully!'}`, 400 with per-field messages,
 * 429 past 10 submissions a minute from one address or 5 an hour under one email address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_SUCCESS_MESSAGE,
  ContactInquirySchema,
  ContactResponseSchema,
  ErrorResponseSchema,
} from '@festival/shared';
import { TooManyRequestsError } from '../../errors.js';
import * as service from './service.js';

/** Submissions allowed per client address per minute: a person never needs more. */
export const CONTACT_RATE_LIMIT = 10;

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ContactDeps = { db: app.db, now: () => app.now(), jobs: app.jobs };

  app.post(
    '/auth/contact',
    {
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new TooManyRequestsError('Too many requests. Please try again in a minute.'),
        },
        emailRateLimit: { max: 5, timeWindow: '1 hour' },
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a contact-form inquiry to the organisers',
        body: ContactInquirySchema,
        response: { 200: ContactResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      await service.submitInquiry(deps, request.body, request.ip);
      return { isOk: true as const, message: CONTACT_SUCCESS_MESSAGE };
    },
  );
};

export default contactRoutes;
