/**
 * The nine schedule images of /event-flow ('Event Flow!', nine images in the spec). The spec does
 * not give the schedule, so these are sample slots; each image is generated from its entry here
 * (scripts/generate-content-images.ts), and the same words are its text alternative.
 */
import type { EventFlowSlot } from './schemas';

export type { EventFlowSlot };

export const EVENT_FLOW_IMAGE_SIZE = { width: 480, height: 360 } as const;

const slots: [day: string, time: string, title: string][] = [
  ['Day 1 · 20 October 2024', '10:00 AM', 'Registration and welcome'],
  ['Day 1 · 20 October 2024', '11:00 AM', 'Inauguration and keynote'],
  ['Day 1 · 20 October 2024', '01:00 PM', 'Pitcher sessions, round one'],
  ['Day 1 · 20 October 2024', '03:30 PM', 'Panel discussions and workshops'],
  ['Day 1 · 20 October 2024', '05:30 PM', 'Investor connect'],
  ['Day 2 · 21 October 2024', '10:00 AM', 'Startup expo opens'],
  ['Day 2 · 21 October 2024', '12:00 PM', 'Pitcher sessions, final round'],
  ['Day 2 · 21 October 2024', '03:00 PM', 'Innovation sprints and open mic'],
  ['Day 2 · 21 October 2024', '05:00 PM', 'Award ceremony and closing'],
];

export const eventFlowSample = true;

export const eventFlow: EventFlowSlot[] = slots.map(([day, time, title], index) => ({
  day,
  time,
  title,
  image: {
    src: `/images/event-flow/slot-${index + 1}.svg`,
    ...EVENT_FLOW_IMAGE_SIZE,
    alt: `Sample schedule, ${day}, ${time}: ${title}`,
  },
}));
