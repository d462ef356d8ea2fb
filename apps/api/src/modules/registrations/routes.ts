/**
 * Registration endpoints: the startup form as multipart/form-data with optional
 * files (Pitcher and Start-Up tabs), the investor and visitor forms as JSON. Each answers
 * `{isOk, message, data: RegisteredAttendee}`; field errors answer 400 with the spec's messages,
 * and 409 with code SALES_NOT_OPEN while the edition's sales are not open (editions/sales.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ColleagueRegistrationSchema,
  ErrorResponseSchema,
  InvestorRegistrationSchema,
  RegisteredAttendeeSchema,
  VisitorPassRegistrationSchema,
  envelope,
  type Locale,
} from '@festival/shared';
import { addressRateLimit } from '../../plugins/rate-limit.js';
import { registerMultipartUploads } from '../uploads/multipart.js';
import { createUploadStore } from '../uploads/storage.js';
import { STARTUP_FILE_RULES, STARTUP_MULTIPART_LIMITS, StartupRegistrationBodySchema } from './schemas.js';
import * as service from './service.js';

const TAGS = ['registrations'];
const SUCCESS = 'Registration successful';
const ALREADY_REGISTERED =
  'An email already registered in this role answers 409 with code ALREADY_REGISTERED, the same ' +
  'whether or not it paid, and a sign-in link to /manage is emailed to that address.';

/**
 * Each form's limits. Per client address generous, as a college registers its students from
 * one campus network; per email tight, as one person needs a few tries (a state the server
 * refuses, a duplicate) and each registration mails the address.
 */
const limits = {
  rateLimit: addressRateLimit(
    100,
    '1 hour',
    'Too many registrations from your network. Please try again later.',
  ),
  emailRateLimit: { max: 10, timeWindow: '1 hour' },
};

export interface RegistrationRoutesOptions {
  /**
   * Emails a "Manage my registration" sign-in link to `email` for the request's client: the
   * self-service module's `requestLink`, given where the app is wired (app.ts), since
   * self-service reads registrations.
   */
  requestManageLink(request: FastifyRequest, email: string, locale: Locale): Promise<void>;
}

const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (app, options) => {
  const store = createUploadStore(app.files, 'uploads', app.config.dataDir);
  const uploads = await registerMultipartUploads(app, {
    store,
    rules: STARTUP_FILE_RULES,
    limits: STARTUP_MULTIPART_LIMITS,
  });
  const deps = (request: FastifyRequest): service.RegistrationDeps => ({
    db: app.db,
    now: () => app.now(),
    jobs: app.jobs,
    uploads: store,
    requestManageLink: (email, locale) => options.requestManageLink(request, email, locale),
  });

  app.post(
    '/auth/create/StartUpDetailsMaster',
    {
      config: limits,
      schema: {
        tags: TAGS,
        summary:
          'Register a Pitcher or Start-Up (startup form with optional logo, brochure and product images)',
        description:
          'Files are checked by content: logo and productImages must be PNG, JPEG, WebP or GIF (5 MB each, ' +
          'at most 5 product images), brochure a PDF (10 MB). Images are stored re-encoded, without metadata; ' +
          'a PDF that does not parse or holds scripts or attached files is refused (415). ' +
          'A confirmation email is sent after the registration. ' +
          ALREADY_REGISTERED,
        consumes: ['multipart/form-data', 'application/json'],
        body: StartupRegistrationBodySchema,
        response: {
          200: envelope(RegisteredAttendeeSchema),
          400: ErrorResponseSchema,
          409: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { logo, brochure, productImages, ...fields } = request.body;
      const files = [logo, brochure, ...productImages].filter((file) => file !== undefined);
      const data = await service.registerStartup(deps(request), fields, files);
      uploads.keep(request);
      return { isOk: true, message: SUCCESS, data };
    },
  );

  app.post(
    '/auth/investor',
    {
      config: limits,
      schema: {
        tags: TAGS,
        summary: 'Register an Investor (investmentAmount in rupees)',
        description: ALREADY_REGISTERED,
        body: InvestorRegistrationSchema,
        response: {
          200: envelope(RegisteredAttendeeSchema),
          400: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const data = await service.registerInvestor(deps(request), request.body);
      return { isOk: true, message: SUCCESS, data };
    },
  );

  app.post(
    '/auth/visitor',
    {
      config: limits,
      schema: {
        tags: TAGS,
        summary: 'Register a Visitor, when the current edition sells Visitor passes here',
        description:
          "409 when the edition's visitors register on its external listing (visitorRegistration " +
          "'external' in auth/event/current), or when sales are not open. " +
          ALREADY_REGISTERED,
        body: VisitorPassRegistrationSchema,
        response: {
          200: envelope(RegisteredAttendeeSchema),
          400: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const data = await service.registerVisitor(deps(request), request.body);
      return { isOk: true, message: SUCCESS, data };
    },
  );

  app.post(
    '/auth/registrations/:companyRegistrationId/colleagues',
    {
      config: limits,
      schema: {
        tags: TAGS,
        summary: "Register a colleague of a startup or investor attendee, with the company's details",
        description:
          "Only the colleague's name, email and phone are sent; the company, its location and a " +
          "startup's details are copied from the registration in the path (the first attendee the " +
          'registration form answered). The colleague joins the same participant category. ' +
          ALREADY_REGISTERED,
        params: z.object({ companyRegistrationId: z.uuid({ error: 'Unknown registration' }) }),
        body: ColleagueRegistrationSchema,
        response: {
          200: envelope(RegisteredAttendeeSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const data = await service.registerColleague(
        deps(request),
        request.params.companyRegistrationId,
        request.body,
      );
      return { isOk: true, message: SUCCESS, data };
    },
  );
};

export default registrationRoutes;
