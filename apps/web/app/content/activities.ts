/**
 * The twelve activities of /activities. The names are the spec's; the descriptions are ours. Images
 * are generated illustrations in public/images/activities/ (scripts/generate-content-images.ts).
 */
import type { Activity } from './schemas';
import { slugify } from './slugify';

export type { Activity };

const entries: [title: string, text: string][] = [
  [
    'Panel Discussion',
    'Founders, investors and policy makers debate what it takes to build for rural India.',
  ],
  ['Workshops', 'Hands-on sessions on fundraising, product, marketing and compliance, led by practitioners.'],
  ['Storytelling Sessions', 'Founders share the turning points of their journey, failures included.'],
  ['Open Mic', 'Five minutes on stage for anyone with an idea, a question or a lesson worth sharing.'],
  [
    'Business Simulations',
    'Run a startup for a day: make decisions, face market shocks and see the results.',
  ],
  ['Startup Trivia', 'A quick-fire quiz on startups, technology and the Indian ecosystem, with prizes.'],
  ['Launch Pads', 'Startups unveil new products and features in front of the festival audience.'],
  ['Announcement Spots', 'Short slots for partners and startups to announce programmes, funds and hiring.'],
  ['Real-Time Prototyping', 'Teams turn a rough idea into a working prototype during the festival.'],
  [
    'Design Thinking Workshops',
    'Empathise, define, ideate and test: a guided session on human-centred design.',
  ],
  [
    'Problem-Solving Challenges',
    'Teams tackle real challenges from agriculture, health and finance in timed rounds.',
  ],
  [
    'Innovation Sprints',
    'Short, focused sprints where mixed teams explore a theme and present their best idea.',
  ],
];

export const ACTIVITY_IMAGE_SIZE = { width: 480, height: 320 } as const;

export const activities: Activity[] = entries.map(([title, text]) => ({
  title,
  text,
  image: {
    src: `/images/activities/${slugify(title)}.svg`,
    ...ACTIVITY_IMAGE_SIZE,
    alt: `Illustration for ${title}`,
  },
}));
