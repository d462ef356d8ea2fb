/**
 * The six '2023 Opportunities' tiles shared by /start-up and /investor-accelator (the spec: "same as
 * /start-up"). Titles are the spec's; descriptions are ours.
 */
import type { Opportunity } from './schemas';

export type { Opportunity };

export const opportunities: Opportunity[] = [
  {
    title: 'Prestige Sessions',
    text: 'Keynotes and fireside chats with leading founders, investors and policy makers.',
  },
  {
    title: 'Awards & Pitches',
    text: 'Pitch on the main stage and compete for awards judged by investors.',
  },
  { title: 'Media Center', text: 'Interviews and coverage that put your startup in front of the press.' },
  { title: 'Live Sessions', text: 'Demos, masterclasses and Q&As streamed from the festival floor.' },
  {
    title: 'Connect & Collaborate',
    text: 'Meet partners, mentors and corporates looking for new solutions.',
  },
  {
    title: 'Networking Opportunities',
    text: 'Curated meetings and open lounges with startups, investors and accelerators.',
  },
];
