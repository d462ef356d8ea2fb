import { PARTICIPANTS } from '~/content/participants';
import { firstPaintItems } from './items';

/** The participant logos' samples (app/content/participants.ts) as content items. */
export const participantsFirstPaint = firstPaintItems(
  PARTICIPANTS.map((logo) => ({
    name: logo.name,
    image: { src: logo.src, width: logo.width, height: logo.height, alt: `${logo.name} logo` },
    sample: logo.sample ?? false,
  })),
);
