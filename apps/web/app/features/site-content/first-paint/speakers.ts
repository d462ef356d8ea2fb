import { speakerGroups } from '~/content/speakers';
import { firstPaintItems } from './items';

/** The speakers page's samples (app/content/speakers.ts) as content items. */
export const speakersFirstPaint = firstPaintItems(
  (['speakers', 'mentors', 'moderators'] as const).flatMap((group) =>
    speakerGroups[group].map((person) => ({
      name: person.name,
      caption: person.title,
      group,
      image: person.photo,
      sample: person.sample,
    })),
  ),
);
