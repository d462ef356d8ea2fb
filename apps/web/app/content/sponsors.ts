/**
 * The 22 sponsor logos of /sponser (spec §2, §9: sponsors 22). The spec names no sponsor, so these
 * are clearly marked sample entries; replace names and files with the real ones.
 */
import { z } from 'zod';
import { ContentImageSchema, parseContent } from './content-image';

export const SponsorSchema = z.object({
  name: z.string().min(1),
  logo: ContentImageSchema,
  /** True for placeholder entries; the page shows a "Sample" note while any remain. */
  sample: z.boolean(),
});

export type Sponsor = z.infer<typeof SponsorSchema>;

export const SPONSOR_LOGO_SIZE = { width: 240, height: 120 } as const;

export const sponsors: Sponsor[] = parseContent(
  'sponsors',
  z.array(SponsorSchema).length(22),
  Array.from({ length: 22 }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    return {
      name: `Sample Sponsor ${number}`,
      logo: {
        src: `/images/sponsors/sample-sponsor-${number}.svg`,
        ...SPONSOR_LOGO_SIZE,
        alt: `Sample Sponsor ${number} logo`,
      },
      sample: true,
    };
  }),
);
