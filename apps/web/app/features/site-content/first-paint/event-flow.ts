import { eventFlow, eventFlowSample } from '~/content/event-flow';
import { firstPaintItems } from './items';

/** The event flow's sample slots (app/content/event-flow.ts) as content items. */
export const eventFlowFirstPaint = firstPaintItems(
  eventFlow.map((slot) => ({
    name: slot.title,
    caption: slot.time,
    group: slot.day,
    image: slot.image,
    sample: eventFlowSample,
  })),
);
