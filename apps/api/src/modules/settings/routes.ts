/**
 * Settings routes: the public part (`GET /api/settings/public`: legal name,
 * whether prices include GST, contact email and phone for /contact), and the console's
 * `GET`/`PUT /api/admin/settings` (owner and finance).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  ErrorResponseSchema,
  PublicSettingsSchema,
  SETTINGS_EDITOR_ROLES,
  SettingsSchema,
  UpdateSettingsSchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { getPublicSettings, getSettingsForConsole, updateSettings } from './service.js';

export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      config: { publicCache: {} },
      schema: {
        tags: ['settings'],
        summary: 'The organizer’s public contact details and whether prices include GST',
        response: { 200: envelope(PublicSettingsSchema) },
      },
    },
    async () => ({ isOk: true, message: 'Settings', data: await getPublicSettings(app.db) }),
  );
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      config: { roles: SETTINGS_EDITOR_ROLES },
      schema: {
        tags: ['admin'],
        summary: 'The organizer’s GST, contact and unpaid-seat settings',
        response: { 200: envelope(SettingsSchema), ...errors },
      },
    },
    async () => ({ isOk: true, message: 'Settings', data: await getSettingsForConsole(app.db) }),
  );

  app.put(
    '/settings',
    {
      config: { roles: SETTINGS_EDITOR_ROLES },
      schema: {
        tags: ['admin'],
        summary: 'Save the organizer’s GST, contact and unpaid-seat settings',
        description:
          'Legal name, address and state, GSTIN (format and check character are checked; its state must be the state), whether prices include GST, the invoice prefix (1–5 letters, digits or -), the state where the festival is held, the public contact email and phone, and the most seats orders awaiting payment may hold at once per buyer email and per client address (1–10000; left out, the saved value stays).',
        body: UpdateSettingsSchema,
        response: { 200: envelope(SettingsSchema), ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Settings saved',
      data: await updateSettings(app.db, actorOf(request), request.body, app.now()),
    }),
  );
};
