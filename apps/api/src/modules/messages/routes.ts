/**
 * Messages to attendees. The console's routes under /api/admin (MESSAGE_ROLES): list, preview,
 * test, send, progress with per-recipient status, retry of failures, and the edition's
 * settings (the daily cap). The public unsubscribe route under /api: a GET
 * that shows a button (link scanners follow GETs, so a GET changes nothing) and the POST it
 * and mail clients' one-click unsubscribe (RFC 8058) send.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  ErrorResponseSchema,
  MESSAGE_ROLES,
  MessageDetailSchema,
  MessageDraftSchema,
  MessageListQuerySchema,
  MessagePageSchema,
  MessageParamsSchema,
  MessagePreviewRequestSchema,
  MessagePreviewSchema,
  MessageRecipientQuerySchema,
  MessageSettingsQuerySchema,
  MessageSettingsSchema,
  MessageSettingsViewSchema,
  MessageSummarySchema,
  RetryMessageResultSchema,
  SendMessageSchema,
  TestMessageResultSchema,
} from '@festival/shared';
import { escapeHtml } from '../mail/layout.js';
import { addressRateLimit } from '../../plugins/rate-limit.js';
import { actorOf } from '../audit/service.js';
import * as service from './service.js';

const TAGS = ['admin'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
// Nothing here is on a public page: the public-read cache stays.
const config = { roles: MESSAGE_ROLES, leavesPublicReads: true };

export const messageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.MessageDeps = {
    db: app.db,
    jobs: app.jobs,
    now: () => app.now(),
    siteUrl: app.config.publicUrl,
    secret: app.config.OTP_SECRET,
  };

  app.get(
    '/messages',
    {
      config: { roles: MESSAGE_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Messages to attendees, newest first, with their recipients by status',
        querystring: MessageListQuerySchema,
        response: { 200: envelope(MessagePageSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Messages',
      data: await service.listMessages(app.db, request.query),
    }),
  );

  app.post(
    '/messages/preview',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Render a draft for one of its recipients, with how many it would go to now',
        description:
          'Unknown merge fields are refused (400 naming them). Recipients are resolved from the filter: one per address, unsubscribed ones left out unless the message is transactional.',
        body: MessagePreviewRequestSchema,
        response: { 200: envelope(MessagePreviewSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Preview',
      data: await service.previewMessage(deps, request.body),
    }),
  );

  app.post(
    '/messages/test',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Email a draft to the signed-in organizer, filled in with its first recipient’s data',
        body: MessageDraftSchema,
        response: { 200: envelope(TestMessageResultSchema), ...errors },
      },
    },
    async (request) => {
      const data = await service.sendTestMessage(deps, actorOf(request), request.body);
      return { isOk: true, message: `Test sent to ${data.to}`, data };
    },
  );

  app.post(
    '/messages',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Send a message to everyone its filter matches now',
        description:
          'One email per address, each sent by a job after commit. The same clientKey again answers the message already made. 409 when nobody matches, or with code DAILY_CAP when the edition’s daily limit (India-time day) would be passed.',
        body: SendMessageSchema,
        response: { 200: envelope(MessageSummarySchema), 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const data = await service.sendMessage(deps, actorOf(request), request.body);
      return {
        isOk: true,
        message: `${data.counts.total} ${data.counts.total === 1 ? 'email' : 'emails'} queued`,
        data,
      };
    },
  );

  app.get(
    '/messages/:id',
    {
      config: { roles: MESSAGE_ROLES },
      schema: {
        tags: TAGS,
        summary: 'A message, its progress (recipients by status) and a page of its recipients',
        params: MessageParamsSchema,
        querystring: MessageRecipientQuerySchema,
        response: { 200: envelope(MessageDetailSchema), 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Message',
      data: await service.getMessage(app.db, request.params.id, request.query),
    }),
  );

  app.post(
    '/messages/:id/retry',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Queue the failed and bounced recipients of a message again',
        params: MessageParamsSchema,
        response: {
          200: envelope(RetryMessageResultSchema),
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const data = await service.retryFailed(deps, actorOf(request), request.params.id);
      return { isOk: true, message: `${data.queued} queued again`, data };
    },
  );

  app.get(
    '/messages/settings',
    {
      config: { roles: MESSAGE_ROLES },
      schema: {
        tags: TAGS,
        summary: 'An edition’s daily limit for messages, and what is left of it today',
        querystring: MessageSettingsQuerySchema,
        response: { 200: envelope(MessageSettingsViewSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Message settings',
      data: await service.getSettings(app.db, request.query.editionId, app.now()),
    }),
  );

  app.put(
    '/messages/settings',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Save an edition’s daily limit for messages',
        querystring: MessageSettingsQuerySchema,
        body: MessageSettingsSchema,
        response: { 200: envelope(MessageSettingsViewSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Message settings saved',
      data: await service.updateSettings(deps, actorOf(request), request.query.editionId, request.body),
    }),
  );
};

const TokenQuerySchema = z.object({ token: z.string().max(200).default('') });

/** A small page of our own words (no typed text) for the unsubscribe route. */
function page(title: string, inner: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${inner}</body></html>`;
}

export const publicMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, now: () => app.now(), secret: app.config.OTP_SECRET };
  const rateLimit = addressRateLimit(
    20,
    '1 hour',
    'Too many requests from your network. Please try again later.',
  );

  app.get(
    '/messages/unsubscribe',
    {
      config: { rateLimit },
      schema: {
        tags: ['messages'],
        summary: 'The page an email’s unsubscribe link opens: a button that confirms',
        querystring: TokenQuerySchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const action = `/api/messages/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.type('text/html; charset=utf-8').send(
        page(
          'Stop the festival’s messages',
          `<p>Press the button to stop receiving the organizers’ messages at this address. Emails about your own registration, payment and passes still arrive.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem">Unsubscribe</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/messages/unsubscribe',
    {
      config: { rateLimit },
      schema: {
        tags: ['messages'],
        summary: 'Unsubscribe the address an email was sent to (the page’s button, or RFC 8058 one-click)',
        description:
          'The body, if any (`List-Unsubscribe=One-Click` from a mail client), is ignored: the token in the query names the recipient.',
        querystring: TokenQuerySchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const done = await service.unsubscribe(deps, request.query.token);
      return reply
        .code(done ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(
          done
            ? page(
                'You are unsubscribed',
                '<p>The organizers’ messages will no longer be sent to this address.</p>',
              )
            : page(
                'This link does not work',
                '<p>Copy the whole link from the email, or write to the organizers.</p>',
              ),
        );
    },
  );
};
