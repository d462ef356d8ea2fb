/**
 * Request schemas of the registration routes: the shared form schemas, plus, for the startup
 * form, its optional files (the spec's logo image, brochure PDF, product images) with the rules
 * they are stored under.
 */
import { z } from 'zod';
import { ACCEPTED_IMAGE_TYPES, StartupRegistrationSchema, UPLOAD_LIMITS } from '@festival/shared';
import { isStagedUpload, type StagedUpload, type UploadRule } from '../uploads/storage.js';

const IMAGE = { accepts: ACCEPTED_IMAGE_TYPES, acceptsLabel: 'a PNG, JPEG, WebP or GIF image' } as const;

/** Rules of the startup form's file fields, by field name. */
export const STARTUP_FILE_RULES = {
  logo: {
    purpose: 'logo',
    label: 'Logo',
    ...IMAGE,
    maxBytes: UPLOAD_LIMITS.imageBytes,
    maxCount: 1,
    tooMany: 'Upload one logo only.',
  },
  brochure: {
    purpose: 'brochure',
    label: 'Brochure',
    accepts: ['application/pdf'],
    acceptsLabel: 'a PDF document',
    maxBytes: UPLOAD_LIMITS.pdfBytes,
    maxCount: 1,
    tooMany: 'Upload one brochure only.',
  },
  productImages: {
    purpose: 'product_image',
    label: 'A product image',
    ...IMAGE,
    maxBytes: UPLOAD_LIMITS.imageBytes,
    maxCount: UPLOAD_LIMITS.productImages,
    tooMany: `Upload at most ${UPLOAD_LIMITS.productImages} product images.`,
  },
} as const satisfies Record<string, UploadRule>;

/** Parser limits of the startup form: ~21 fields and at most 1 + 1 + 5 files. */
export const STARTUP_MULTIPART_LIMITS = {
  fileSize: Math.max(UPLOAD_LIMITS.imageBytes, UPLOAD_LIMITS.pdfBytes),
  files: 2 + UPLOAD_LIMITS.productImages,
  fields: 40,
  parts: 50,
};

const noFile = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A file part, staged by the multipart parser. Documented as binary for OpenAPI. */
const uploadedFile = () =>
  z.custom<StagedUpload>(isStagedUpload, 'Upload a file').meta({ type: 'string', format: 'binary' });

/** The startup form as multipart/form-data: the shared fields plus the optional files. */
export const StartupRegistrationBodySchema = StartupRegistrationSchema.safeExtend({
  logo: z.preprocess(noFile, uploadedFile().optional()),
  brochure: z.preprocess(noFile, uploadedFile().optional()),
  productImages: z.preprocess(
    (value) => {
      const present = noFile(value);
      if (present === undefined) return [];
      return Array.isArray(present) ? present : [present];
    },
    z.array(uploadedFile()).max(UPLOAD_LIMITS.productImages, STARTUP_FILE_RULES.productImages.tooMany),
  ),
});
export type StartupRegistrationBody = z.output<typeof StartupRegistrationBodySchema>;
