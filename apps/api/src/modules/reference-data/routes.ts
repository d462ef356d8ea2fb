/**
 * Reference lists the register forms load (spec §7): industry categories, startup stages,
 * countries with ISD codes, states of a country, the public site settings and the current
 * edition (header, home countdown). The lists change only with a deploy, so browsers and
 * proxies may cache them for five minutes; the edition is organizers' data, so it is
 * revalidated on every visit (ETag). Every answer comes from the public-read cache
 * (plugins/public-cache.ts).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategorySchema,
  CountrySchema,
  ErrorResponseSchema,
  EventSchema,
  SiteConfigSchema,
  databaseId,
  StageSchema,
  StateSchema,
  envelope,
} from '@festival/shared';
import { currentSales, toEventSales } from '../editions/sales.js';
import { getPublicSettings } from '../settings/service.js';
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
    '/auth/event/current',
    {
      // `ended` and `sales` turn with the clock (the edition's end, sales windows opening and
      // closing): an answer is kept a second at most, so the site says so within a second.
      config: { publicCache: { maxAgeMs: 1_000 } },
      schema: {
        tags: TAGS,
        summary:
          'The current festival edition: name, start and end (UTC), venue and its map link, video, ' +
          'whether it has ended and where its sales stand (upcoming with the opening instant, open, ' +
          "closed, ended) (ETag; revalidated on every visit, so organizers' edits show at once)",
        response: {
          200: envelope(EventSchema),
          304: z.null().describe('Not modified'),
          404: ErrorResponseSchema,
        },
      },
    },
    async () => {
      const now = app.now();
      const [{ event, sales }, organizer] = await Promise.all([
        currentSales(app.db, now),
        getPublicSettings(app.db),
      ]);
      const data = {
        name: event.name,
        startDate: event.startsAt.toISOString(),
        endDate: event.endsAt.toISOString(),
        venue: event.venue,
        venueMapUrl: event.venueMapUrl,
        videoUrl: event.videoUrl,
        editionNumber: event.editionNumber,
        theme: event.theme,
        sectors: event.sectors,
        stats: event.stats,
        visitorRegistration: event.visitorRegistration,
        visitorRegistrationUrl: event.visitorRegistrationUrl,
        ended: sales.state === 'ended',
        sales: toEventSales(sales),
        organizer: {
          legalName: organizer.legalName || null,
          email: organizer.publicEmail,
          phone: organizer.publicPhone,
        },
      };
      return { isOk: true, message: 'Current event', data };
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
