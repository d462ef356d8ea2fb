/**
 * Reference lists the register forms load: industry categories, startup stages,
 * countries with ISD codes, states of a country and the public site settings. The lists change
 * only with a deploy, so browsers and proxies may cache them for five minutes. Every answer
 * comes from the public-read cache (plugins/public-cache.ts). The current edition is the
 * editions module's (editions/public-routes.ts).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategorySchema,
  CountrySchema,
  ErrorResponseSchema,
  SiteConfigSchema,
  databaseId,
  StageSchema,
  StateSchema,
  envelope,
} from '@festival/shared';
import * as service from './service.js';

const TAGS = ['reference data'];

function cacheable(reply: FastifyReply) {
  reply.header('cache-control', 'public, max-age=300');
}

const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/list/categoryMaster',
    {
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary: 'Industry / sector categories',
        response: { 200: envelope(z.array(CategorySchema)) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return { isOk: true, message: 'Categories', data: await service.listCategories(app.db) };
    },
  );

  app.get(
    '/auth/list/StageOfStartup',
    {
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary: 'Startup stages, earliest first',
        response: { 200: envelope(z.array(StageSchema)) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return { isOk: true, message: 'Stages of startup', data: await service.listStages(app.db) };
    },
  );

  app.get(
    '/auth/location/country',
    {
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary: 'Countries with ISO and ISD codes, sorted by name',
        response: { 200: envelope(z.array(CountrySchema)) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return { isOk: true, message: 'Countries', data: await service.listCountries(app.db) };
    },
  );

  app.get(
    '/auth/location/statesByCountry/:countryId',
    {
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary: 'States of a country, sorted by name (empty when it has none)',
        params: z.object({ countryId: databaseId() }),
        response: { 200: envelope(z.array(StateSchema)), 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await service.listStates(app.db, request.params.countryId);
      cacheable(reply);
      return { isOk: true, message: 'States', data };
    },
  );

  app.get(
    '/auth/site-config',
    {
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary: 'Public settings of the site',
        response: { 200: envelope(SiteConfigSchema) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return {
        isOk: true,
        message: 'Site configuration',
        data: {
          organizerEmail: app.config.ORGANIZER_EMAIL,
        },
      };
    },
  );
};

export default referenceDataRoutes;
