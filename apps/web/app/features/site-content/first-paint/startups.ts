import { showcase } from '~/content/showcase';
import { firstPaintItems } from './items';

/** The startup showcase's sample names (app/content/showcase.ts) as content items. */
export const startupsFirstPaint = firstPaintItems(
  showcase.names.map((name) => ({ name, sample: showcase.sample })),
);
