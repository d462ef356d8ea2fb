import { sponsors } from '~/content/sponsors';
import { firstPaintItems } from './items';

/** The sponsors page's samples (app/content/sponsors.ts) as content items. */
export const sponsorsFirstPaint = firstPaintItems(
  sponsors.map((sponsor) => ({ name: sponsor.name, image: sponsor.logo, sample: sponsor.sample })),
);
