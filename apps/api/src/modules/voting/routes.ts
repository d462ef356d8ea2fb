/**
 * Award-voting endpoints (the spec's `…/AwardVoting` calls). Answers keep the original front end's
 * keys: `isOk`, `message`, `msg` on resend, and `error: 'Email already exists.'` when the email has
 * voted (409), which the vote popup turns into 'Your vote has already been recorded!'.
 *
 * Per-address limits (@fastify/rate-limit) sit on top of the per-email limit in the service:
 * 20 send and 20 resend requests an hour, 30 verifications per 10 minutes. Verifications are
 * also limited per email (10 per 10 minutes), so guesses at one voter's code spread over many
 * addresses are refused too.
 */
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OtpResentResponseSchema,
  ResendOtpRequestSchema,
  SendOtpRequestSchema,
  VerifyOtpRequestSchema,
  VotingErrorResponseSchema,
  VotingOkResponseSchema,
} from '@festival/shared';
import { AlreadyVotedError, DomainError, TooManyRequestsError } from '../../errors.js';
import { setRetryAfter } from '../../plugins/error-handler.js';
import * as service from './service.js';

const TAGS = ['voting'];
const OTP_SENT = 'OTP sent successfully.';
const OTP_RESENT = 'OTP resent successfully.';
const VOTE_RECORDED = 'Vote recorded.';

const sendLimit = {
  max: 20,
  timeWindow: '1 hour',
  errorResponseBuilder: () => new TooManyRequestsError(service.OTP_MESSAGES.tooManyRequests),
};
const verifyLimit = {
  max: 30,
  timeWindow: '10 minutes',
  errorResponseBuilder: () =>
    new TooManyRequestsError('Too many verification attempts. Please try again later.'),
};

const errorResponses = {
  400: VotingErrorResponseSchema,
  404: VotingErrorResponseSchema,
  409: VotingErrorResponseSchema,
  429: VotingErrorResponseSchema,
  502: VotingErrorResponseSchema,
};

const votingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.VotingDeps = {
    db: app.db,
    now: () => app.now(),
    mailer: app.mailer,
    log: app.log,
    otpSecret: app.config.OTP_SECRET,
  };

  // The popup reads `error` on 409 and 429; everything else goes to the shared handler.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AlreadyVotedError || (error instanceof DomainError && error.statusCode === 429)) {
      request.log.info({ err: error }, 'voting refused');
      setRetryAfter(reply, error);
      return reply.code(error.statusCode).send({ isOk: false, message: error.message, error: error.message });
    }
    throw error;
  });

  app.post(
    '/auth/send-otp/AwardVoting',
    {
      config: { rateLimit: sendLimit },
      schema: {
        tags: TAGS,
        summary: 'Email a one-time code to a voter (valid 300 seconds; replaces earlier codes)',
        body: SendOtpRequestSchema,
        response: { 200: VotingOkResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.requestOtp(deps, request.body, request.ip);
      return { isOk: true as const, message: OTP_SENT };
    },
  );

  app.post(
    '/auth/resend-otp/AwardVoting',
    {
      config: { rateLimit: sendLimit },
      schema: {
        tags: TAGS,
        summary: 'Email a fresh one-time code; the earlier code stops working',
        body: ResendOtpRequestSchema,
        response: { 200: OtpResentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.requestOtp(deps, request.body, request.ip);
      return { isOk: true as const, msg: OTP_RESENT, message: OTP_RESENT };
    },
  );

  app.post(
    '/auth/verify-otp/AwardVoting',
    {
      config: { rateLimit: verifyLimit, emailRateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Check a one-time code and record the vote for nominee `id` (one vote per email)',
        body: VerifyOtpRequestSchema,
        response: { 200: VotingOkResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.verifyOtp(deps, request.body, request.ip);
      return { isOk: true as const, message: VOTE_RECORDED };
    },
  );
};

export default votingRoutes;
