import { activities } from '~/content/activities';
import { firstPaintItems } from './items';

/** The activities (app/content/activities.ts) as content items. */
export const activitiesFirstPaint = firstPaintItems(
  activities.map((activity) => ({
    name: activity.title,
    caption: activity.text,
    image: activity.image,
    sample: false,
  })),
);
