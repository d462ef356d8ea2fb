/**
 * The shape every content image shares: a file under public/images/, its intrinsic size (so the
 * browser reserves the space and nothing shifts) and a text alternative.
 */
import { z } from 'zod';

export const ContentImageSchema = z.object({
  /** Site path of the file, e.g. '/images/sponsors/sample-sponsor-01.svg'. */
  src: z
    .string()
    .regex(/^\/images\/[a-z0-9-]+\/[a-z0-9-]+\.(svg|webp)$/, 'an image path under /images/<section>/'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string().trim().min(1, 'every image needs a text alternative'),
});

export type ContentImage = z.infer<typeof ContentImageSchema>;

/**
 * Parses a content module's data at import time, so a bad entry fails the prerender with the
 * module name and zod's message instead of shipping a broken page.
 */
export function parseContent<T extends z.ZodType>(name: string, schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`Invalid content in ${name}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** Lower-case, hyphenated form of a name, used for image file names. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
