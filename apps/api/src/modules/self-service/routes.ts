/**
 * "Manage my registration" routes under `/api/self-service`: ask for a
 * sign-in link, open a session with it, then read and act on the registrations, orders and
 * passes of the session's email (`Authorization: Bearer <sessionToken>`; sign-in.ts says why).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AttendeeAnswersSchema,
  CheckoutResponseSchema,
  envelope,
  ErrorResponseSchema,
  MANAGE_LINK_SENT_MESSAGE,
  ManageCheckoutRequestSchema,
  ManageDataExportSchema,
  ManageLinkRequestSchema,
  ManageOverviewSchema,
  ManageRenameSchema,
  ManageSessionRequestSchema,
  ManageSessionSchema,
  safeString,
  UpdateAnswersSchema,
} from '@festival/shared';
import { TooManyRequestsError } from '../../errors.js';
import { checkoutContextOf } from '../orders/request-context.js';
import * as dataRights from './data-rights.js';
import * as service from './service.js';
import * as signIn from './sign-in.js';

const TAGS = ['self-service'];
const security = [{ manageSession: [] }];
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const referenceParams = z.object({ reference: safeString().min(1).max(40) });

const selfServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const email = (request: FastifyRequest) =>
    signIn.sessionEmail(app.db, request.headers.authorization, app.now());
  const checkoutContext = (request: FastifyRequest) => checkoutContextOf(app, request);

  app.post(
    '/self-service/link',
    {
      // Per client address; the per-email limit is in the service (and silent).
      config: {
        rateLimit: {
          max: 5,
          timeWindow: '15 minutes',
          errorResponseBuilder: () =>
            new TooManyRequestsError('Too many sign-in links asked for from here. Please try again later.'),
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Email a single-use sign-in link (30 minutes) to a registered address',
        description: 'Answers the same whether or not the email is registered.',
        body: ManageLinkRequestSchema,
        response: { 200: envelope(z.null()), 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      await signIn.requestLink(
        { db: app.db, jobs: app.jobs, now: () => app.now(), log: request.log, secret: app.config.OTP_SECRET },
        request.body.email,
        request.ip,
        request.body.locale,
      );
      return { isOk: true, message: MANAGE_LINK_SENT_MESSAGE, data: null };
    },
  );

  app.post(
    '/self-service/session',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Spend a sign-in link and open a session (bearer token, 60 minutes)',
        body: ManageSessionRequestSchema,
        response: { 200: envelope(ManageSessionSchema), ...errors },
      },
    },
    async (request) => {
      const data = await signIn.openSession(app.db, request.body.token, app.now());
      return { isOk: true, message: 'Signed in', data };
    },
  );

  app.delete(
    '/self-service/session',
    { schema: { tags: TAGS, summary: 'Sign out', security, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await signIn.closeSession(app.db, request.headers.authorization);
      return { isOk: true, message: 'Signed out', data: null };
    },
  );

  app.get(
    '/self-service/overview',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: "The session's registrations, orders and passes",
        security,
        response: { 200: envelope(ManageOverviewSchema), ...errors },
      },
    },
    async (request) => {
      const data = await service.overview(app.db, await email(request), app.now());
      return { isOk: true, message: 'Your registrations', data };
    },
  );

  app.post(
    '/self-service/checkout',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: "Pay for the session's attendees: a new checkout (seats reserved 15 minutes)",
        security,
        body: ManageCheckoutRequestSchema,
        response: { 200: CheckoutResponseSchema, ...errors, 502: ErrorResponseSchema },
      },
    },
    async (request) =>
      service.checkoutForSession(checkoutContext(request), await email(request), request.body),
  );

  app.post(
    '/self-service/orders/:reference/pay-again',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Pay again for an unpaid order this session bought (payment failed or reservation ended)',
        description:
          'As `POST /auth/payment/orders/{reference}/pay-again`, authorised by the session instead of the buyer’s key: 403 unless the session’s email is the order’s buyer (first attendee).',
        security,
        params: referenceParams,
        response: { 200: CheckoutResponseSchema, ...errors, 502: ErrorResponseSchema },
      },
    },
    async (request) =>
      service.payAgainForSession(checkoutContext(request), await email(request), request.params.reference),
  );

  app.post(
    '/self-service/orders/:reference/resend',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: TAGS,
        summary: 'Email the passes of a paid order again, to the session’s address',
        security,
        params: referenceParams,
        response: { 200: envelope(z.object({ recipient: z.string() })), ...errors },
      },
    },
    async (request) => {
      const data = await service.resendPasses(
        app.db,
        app.jobs,
        await email(request),
        request.params.reference,
        app.now(),
      );
      return { isOk: true, message: `The passes are on their way to ${data.recipient}.`, data };
    },
  );

  app.get(
    '/self-service/orders/:reference/passes.pdf',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'The printable passes of an order of the session (PDF, one per page)',
        description: 'Answers the file as an attachment; errors answer the JSON error envelope.',
        security,
        params: referenceParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const pdf = await service.sessionPassesPdf(
        app.db,
        await email(request),
        request.params.reference,
        app.now(),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="passes-${request.params.reference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.patch(
    '/self-service/attendees/:id',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: "Correct the spelling of an attendee's name (only the name; audited)",
        security,
        params: z.object({ id: z.uuid() }),
        body: ManageRenameSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const actor = signIn.registrantActor(await email(request), request.ip);
      await service.renameAttendee(app.db, actor, request.params.id, request.body.name, app.now());
      return { isOk: true, message: 'Name corrected', data: null };
    },
  );

  app.put(
    '/self-service/attendees/:id/answers',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary:
          "Change an attendee's answers to the registration questions, until the edition ends (audited)",
        description:
          'Their own, or those of the people of an order they bought, as for names. The registration forms’ rules and messages apply per question (`answers.<id>`); a required question stays required. 409 once the edition has ended.',
        security,
        params: z.object({ id: z.uuid() }),
        body: UpdateAnswersSchema,
        response: { 200: envelope(AttendeeAnswersSchema), ...errors },
      },
    },
    async (request) => {
      const actor = signIn.registrantActor(await email(request), request.ip);
      const data = await service.changeAnswers(app.db, actor, request.params.id, request.body, app.now());
      return { isOk: true, message: 'Answers saved', data };
    },
  );

  app.get(
    '/self-service/export',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: TAGS,
        summary: "The person's data: registrations, orders and passes (JSON)",
        security,
        response: { 200: envelope(ManageDataExportSchema), ...errors },
      },
    },
    async (request) => {
      const data = await dataRights.exportData(app.db, await email(request), app.now());
      return { isOk: true, message: 'Your data', data };
    },
  );

  app.post(
    '/self-service/deletion-request',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: TAGS,
        summary: "Ask the organizers to erase the person's data (an owner carries it out in the console)",
        security,
        response: { 200: envelope(z.object({ requestedAt: z.iso.datetime() })), ...errors },
      },
    },
    async (request) => {
      const actor = signIn.registrantActor(await email(request), request.ip);
      const requestedAt = await dataRights.requestDeletion(app.db, actor, app.now());
      return { isOk: true, message: 'Deletion requested', data: { requestedAt: requestedAt.toISOString() } };
    },
  );
};

export default selfServiceRoutes;
