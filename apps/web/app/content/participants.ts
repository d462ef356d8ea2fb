/**
 * Participant logos of the home carousel and /participants (spec §2 Home item 7, §9: 22 logos).
 * The spec names no participants, so every entry is sample data with a placeholder logo in
 * public/images/participants/. Organizers replace the entries and files; the schema below
 * rejects a malformed entry while the pages are prerendered, which fails the build.
 */
import { z } from 'zod';
import type { Logo } from '~/components/carousel/logo-carousel';

const LogoSchema = z.object({
  name: z.string().min(1),
  src: z.string().regex(/^\/images\/.+\.(svg|webp|png)$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sample: z.boolean().optional(),
});

/** §9: the home carousel shows 22 participant logos. */
export const PARTICIPANT_COUNT = 22;

const entries = Array.from({ length: PARTICIPANT_COUNT }, (_, index) => {
  const number = String(index + 1).padStart(2, '0');
  return {
    name: `Sample Participant ${number}`,
    src: `/images/participants/participant-${number}.svg`,
    width: 240,
    height: 120,
    sample: true,
  };
});

// Checked while prerendering (the server build), so a bad entry fails the build; the browser
// bundle drops the check and zod with it.
if (import.meta.env.SSR) z.array(LogoSchema).length(PARTICIPANT_COUNT).parse(entries);

export const PARTICIPANTS: readonly Logo[] = entries;
