/**
 * Public content endpoints: the current edition's visible entries of
 * a collection in order, the editions a collection's archive holds and one edition's entries,
 * each from the public-read cache with an ETag, revalidated on every visit (the cache keeps
 * answers by path, so the edition is a path segment, not a query); and the uploaded images,
 * which never change under their name and are cached for a year.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentArchiveSchema,
  ContentCollectionSchema,
  ContentEditionsSchema,
  envelope,
  ErrorResponseSchema,
  PublicContentItemSchema,
} from '@festival/shared';
import { listArchiveItems, listContentEditions, listPublicItems, openImage } from './service.js';

const TAGS = ['content'];

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/:collection',
    {
      // Revalidated by the cache's ETag on every visit (cache-control: no-cache).
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary:
          'The current edition’s visible entries of a content collection in display order (ETag; revalidate each visit)',
        params: z.object({ collection: ContentCollectionSchema }),
        response: {
          200: envelope(z.array(PublicContentItemSchema)),
          304: z.null().describe('Not modified'),
          400: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      return {
        isOk: true,
        message: 'Content',
        data: await listPublicItems(app.db, request.params.collection),
      };
    },
  );

  app.get(
    '/content/:collection/editions',
    {
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary: 'The current edition and the earlier editions with entries in the collection (its archive)',
        params: z.object({ collection: ContentCollectionSchema }),
        response: {
          200: envelope(ContentEditionsSchema),
          304: z.null().describe('Not modified'),
          400: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Editions',
      data: await listContentEditions(app.db, request.params.collection),
    }),
  );

  app.get(
    '/content/:collection/editions/:edition',
    {
      config: { publicCache: {} },
      schema: {
        tags: TAGS,
        summary: 'One edition’s visible entries of a collection, by its slug or year (the archive)',
        params: z.object({
          collection: ContentCollectionSchema,
          // Slugs and years are letters, digits and dashes (editions/service.ts slugOf).
          edition: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'An edition is named by its slug or year'),
        }),
        response: {
          200: envelope(ContentArchiveSchema),
          304: z.null().describe('Not modified'),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Content',
      data: await listArchiveItems(app.db, request.params.collection, request.params.edition),
    }),
  );

  app.get(
    '/content/images/:file',
    {
      schema: {
        tags: TAGS,
        summary: 'An image organizers uploaded (re-encoded), cached for a year: a new image gets a new name',
        params: z.object({ file: z.string().max(60) }),
      },
    },
    async (request, reply) => {
      const image = await openImage(app.db, app.files, request.params.file);
      return reply
        .header('content-type', image.mimeType)
        .header('content-length', image.sizeBytes)
        .header('etag', `"${image.sha256}"`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.stream);
    },
  );
};

export default contentRoutes;
