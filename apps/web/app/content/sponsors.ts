/**
 * The 22 sponsor logos of /sponser (the spec counts 22). The spec names no sponsor, so these
 * are clearly marked sample entries; replace names and files with the real ones.
 */
import type { Sponsor } from './schemas';

export type { Sponsor };

export const SPONSOR_LOGO_SIZE = { width: 240, height: 120 } as const;

export const sponsors: Sponsor[] = Array.from({ length: 22 }, (_, index) => {
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
});
