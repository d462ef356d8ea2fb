/**
 * Content collections in the organizer console, under /api/admin:
 * list (hidden entries too), add, edit, hide/show, reorder and delete the entries of a
 * collection, and upload an image (multipart, field `image`: JPEG, PNG or WebP up to 5 MB,
 * decoded and encoded again before it is stored). Owners, managers and content organizers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminContentItemSchema,
  CONTENT_EDITOR_ROLES,
  ContentCollectionSchema,
  ContentItemInputSchema,
  databaseId,
  envelope,
  ErrorResponseSchema,
  MAX_CONTENT_IMAGE_BYTES,
  ReorderSchema,
  SampleContentRemovalSchema,
  sampleRemovalMessage,
  UploadedImageSchema,
  VisibilitySchema,
} from '@festival/shared';
import { actorOf } from '../audit/service.js';
import { registerMultipartUploads } from '../uploads/multipart.js';
import { createUploadStore, isStagedUpload, type StagedUpload, type UploadRule } from '../uploads/storage.js';
import {
  createItem,
  deleteItem,
  listAdminItems,
  removeSampleContent,
  reorderItems,
  saveImage,
  updateItem,
} from './service.js';

const ROLES = CONTENT_EDITOR_ROLES;
const TAGS = ['admin'];
const CollectionParams = z.object({ collection: ContentCollectionSchema });
const ItemParams = CollectionParams.extend({ id: databaseId('Unknown entry') });
const ItemResponse = envelope(AdminContentItemSchema);
const ListResponse = envelope(z.array(AdminContentItemSchema));
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

const IMAGE_RULE: UploadRule = {
  purpose: 'content_image',
  label: 'The image',
  accepts: ['image/jpeg', 'image/png', 'image/webp'],
  acceptsLabel: 'a JPEG, PNG or WebP image',
  maxBytes: MAX_CONTENT_IMAGE_BYTES,
  maxCount: 1,
  tooMany: 'Upload one image at a time.',
};

/** The image upload, in a plugin of its own so that only it parses multipart bodies. */
const imageUploadRoute: FastifyPluginAsyncZod = async (app) => {
  const store = createUploadStore(app.files, 'content-images', app.config.dataDir);
  const uploads = await registerMultipartUploads(app, {
    store,
    rules: { image: IMAGE_RULE },
    limits: { fileSize: MAX_CONTENT_IMAGE_BYTES, files: 1, fields: 2, parts: 3 },
  });

  app.post(
    '/content/images',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Upload an image for a content entry (JPEG, PNG or WebP, 5 MB; stored re-encoded)',
        consumes: ['multipart/form-data'],
        body: z.object({
          image: z
            .custom<StagedUpload>(isStagedUpload, 'Choose an image to upload')
            .meta({ type: 'string', format: 'binary' }),
        }),
        response: {
          201: envelope(UploadedImageSchema),
          ...errors,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await saveImage(app.db, store, actorOf(request), request.body.image, app.now());
      uploads.keep(request);
      return reply.code(201).send({ isOk: true, message: 'Image uploaded', data });
    },
  );
};

const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(imageUploadRoute);

  app.get(
    '/content/:collection',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Every entry of a content collection (hidden ones too) in display order',
        params: CollectionParams,
        response: { 200: ListResponse, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Content',
      data: await listAdminItems(app.db, request.params.collection),
    }),
  );

  app.post(
    '/content/:collection',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Add a visible entry after the collection’s last one',
        params: CollectionParams,
        body: ContentItemInputSchema,
        response: { 201: ItemResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createItem(
        app.db,
        actorOf(request),
        request.params.collection,
        request.body,
        app.now(),
      );
      return reply.code(201).send({ isOk: true, message: 'Entry added', data });
    },
  );

  app.put(
    '/content/:collection/order',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Put every entry of the collection in the given order (all ids, first shown first)',
        params: CollectionParams,
        body: ReorderSchema,
        response: { 200: ListResponse, ...errors },
      },
    },
    async (request) => ({
      isOk: true,
      message: 'Order saved',
      data: await reorderItems(
        app.db,
        actorOf(request),
        request.params.collection,
        request.body.ids,
        app.now(),
      ),
    }),
  );

  app.put(
    '/content/:collection/:id',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Replace an entry’s fields',
        params: ItemParams,
        body: ContentItemInputSchema,
        response: { 200: ItemResponse, ...errors },
      },
    },
    async (request) => {
      const { collection, id } = request.params;
      const data = await updateItem(
        app.db,
        actorOf(request),
        collection,
        id,
        { input: request.body },
        app.now(),
      );
      return { isOk: true, message: 'Entry saved', data };
    },
  );

  app.put(
    '/content/:collection/:id/visibility',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Show an entry on the public site, or hide it',
        params: ItemParams,
        body: VisibilitySchema,
        response: { 200: ItemResponse, ...errors },
      },
    },
    async (request) => {
      const { collection, id } = request.params;
      const data = await updateItem(app.db, actorOf(request), collection, id, request.body, app.now());
      return {
        isOk: true,
        message: request.body.visible ? 'Shown on the site' : 'Hidden from the site',
        data,
      };
    },
  );

  app.delete(
    '/content/:collection/:id',
    {
      config: { roles: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Delete an entry',
        params: ItemParams,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const { collection, id } = request.params;
      await deleteItem(app.db, actorOf(request), collection, id, app.now());
      return { isOk: true, message: 'Entry deleted', data: null };
    },
  );

  app.delete(
    '/sample-content',
    {
      config: { roles: ['owner'] },
      schema: {
        tags: TAGS,
        summary:
          'Remove every sample entry (the placeholders of a first start) and hide the samples the site ' +
          'holds in code (SITE_SAMPLES) in one step; owners only',
        response: { 200: envelope(SampleContentRemovalSchema), ...errors },
      },
    },
    async (request) => {
      const removal = await removeSampleContent(app.db, actorOf(request), app.now());
      return { isOk: true, message: sampleRemovalMessage(removal), data: removal };
    },
  );
};

export default contentAdminRoutes;
