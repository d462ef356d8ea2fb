/**
 * The organizer dashboard's route, registered under `/api/admin`: every role
 * but gate may open it; what each sees is decided in the service (money only for
 * DASHBOARD_MONEY_ROLES).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_ROLES, DashboardSchema, envelope, ErrorResponseSchema } from '@festival/shared';
import { getDashboard } from './service.js';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { roles: DASHBOARD_ROLES },
      schema: {
        tags: ['admin'],
        summary:
          'Figures of the current edition: registrations, orders, revenue, seats, inquiries, votes, sales per day',
        response: {
          200: envelope(DashboardSchema),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Dashboard',
      data: await getDashboard(app.db, app.now(), request.organizer?.role),
    }),
  );
};

export default dashboardRoutes;
