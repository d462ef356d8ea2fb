/**
 * Organizer routes of the registrations module, under /api/admin: the searchable, filterable list,
 * one registration with its files, editing its contact fields and its answers to the
 * registration questions, resending its pass email, and downloading its uploaded files. Owners, managers and finance may read and download; owners and
 * managers change and resend.
 */
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttendeeAnswersSchema,
  envelope,
  ErrorResponseSchema,
  RegistrationDetailSchema,
  RegistrationListQuerySchema,
  RegistrationPageSchema,
  UpdateAnswersSchema,
  UpdateRegistrationContactSchema,
  type OrganizerRole,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { createUploadStore } from '../uploads/storage.js';
import {
  answersOfAttendee,
  getRegistrationDetail,
  listRegistrations,
  openUploadedFile,
  resendPassEmail,
  updateAnswers,
  updateContact,
} from './service.js';

const READERS: readonly OrganizerRole[] = ['owner', 'manager', 'finance'];
const EDITORS: readonly OrganizerRole[] = ['owner', 'manager'];

const IdParams = z.object({ id: z.uuid('Registration not found') });
const FileParams = z.object({ id: z.uuid('File not found') });

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const registrationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = createUploadStore(app.files, 'uploads', app.config.dataDir);

  app.get(
    '/registrations',
    {
      config: { roles: READERS },
      schema: {
        tags: ['admin'],
        summary: 'Registrations of the current edition, newest first, with their pass and order',
        description:
          '`q` matches name, email, phone and company (any case, accents ignored) or an exact pass code or order reference. Days are India time. Pages continue with `cursor` = the previous `nextCursor`.',
        querystring: RegistrationListQuerySchema,
        response: {
          200: envelope(RegistrationPageSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Registrations',
      data: await listRegistrations(app.db, request.query),
    }),
  );

  app.get(
    '/registrations/:id',
    {
      config: { roles: READERS },
      schema: {
        tags: ['admin'],
        summary: 'One registration: every form field, its orders and passes, and its uploaded files',
        params: IdParams,
        response: { 200: envelope(RegistrationDetailSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Registration',
      data: await getRegistrationDetail(app.db, request.params.id, app.now()),
    }),
  );

  app.patch(
    '/registrations/:id',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Correct a registration’s contact fields: name, email, country code and phone',
        description:
          'The registration form’s rules and messages apply; an email already registered in the same category answers 409.',
        params: IdParams,
        body: UpdateRegistrationContactSchema,
        response: { 200: envelope(RegistrationDetailSchema), ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Contact details saved',
      data: await updateContact(app.db, actorOf(request), request.params.id, request.body, app.now()),
    }),
  );

  app.get(
    '/registrations/:id/answers',
    {
      config: { roles: READERS },
      schema: {
        tags: ['admin'],
        summary:
          'The registration questions asked of the attendee now, with their answers as stored, and their answers to questions no longer asked',
        params: IdParams,
        response: { 200: envelope(AttendeeAnswersSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Answers',
      data: await answersOfAttendee(app.db, request.params.id),
    }),
  );

  app.put(
    '/registrations/:id/answers',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary:
          "Change the attendee's answers to the questions asked of them (audited, without the answers)",
        description:
          'The registration forms’ rules and messages apply per question (`answers.<id>`): a required question stays required; a blank optional answer clears it; answers to questions no longer asked are kept.',
        params: IdParams,
        body: UpdateAnswersSchema,
        response: { 200: envelope(AttendeeAnswersSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Answers saved',
      data: await updateAnswers(app.db, actorOf(request), request.params.id, request.body.answers, app.now()),
    }),
  );

  app.post(
    '/registrations/:id/pass-email',
    {
      config: { roles: EDITORS },
      schema: {
        tags: ['admin'],
        summary: 'Send the attendee’s pass email again (through the job queue)',
        description: '409 when the attendee holds no valid pass.',
        params: IdParams,
        response: {
          202: envelope(z.object({ recipient: z.string(), passCode: z.string() })),
          ...errors,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await resendPassEmail(
        { db: app.db, jobs: app.jobs },
        actorOf(request),
        request.params.id,
        app.now(),
      );
      return reply.code(202).send({ isOk: true, message: `Pass email queued for ${data.recipient}`, data });
    },
  );

  app.get(
    '/uploads/:id',
    {
      config: { roles: READERS },
      schema: {
        tags: ['admin'],
        summary: 'Download a registration’s uploaded file (logo, brochure or product image) as an attachment',
        description:
          'Answers the stored bytes with the type sniffed at upload; errors answer the JSON error envelope.',
        params: FileParams,
      },
    },
    async (request, reply) => {
      const file = await openUploadedFile(app.db, uploads, request.params.id);
      return reply
        .type(file.mimeType)
        .header('content-length', file.sizeBytes)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};

export default registrationAdminRoutes;
