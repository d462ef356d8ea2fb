/**
 * The current edition as the public site reads it (`GET /api/auth/event/current`): every
 * page's header, footer, titles and home page, with where its sales stand, who organizes it,
 * the highlights page's title the menu shows and whether the site still shows its own samples
 * (held in code; the owner's "Remove sample content" hides them). Organizers' data, so it is
 * revalidated on every visit (ETag) and served from the public-read cache (plugins/public-cache.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, EventSchema, envelope } from '@festival/shared';
import { findPageTitle } from '../cms/service.js';
import { siteSamplesShown } from '../content/service.js';
import { getPublicSettings } from '../settings/service.js';
import { currentSales, toEventSales } from './sales.js';

const TAGS = ['reference data'];

const publicEditionRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const [{ event, sales }, organizer, highlightsTitle, siteSamples] = await Promise.all([
        currentSales(app.db, now),
        getPublicSettings(app.db),
        findPageTitle(app.db, 'highlights'),
        siteSamplesShown(app.db),
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
        highlightsTitle,
        siteSamples,
        translations: event.translations,
      };
      return { isOk: true, message: 'Current event', data };
    },
  );
};

export default publicEditionRoutes;
