/**
 * Speakers, mentors and the moderator of /speakers (the spec: each with photo, name, title or
 * topic). The spec names nobody, so every entry is a clearly marked sample; photos are generated
 * avatars in public/images/speakers/ (scripts/generate-content-images.ts).
 */
import type { Person, SpeakerGroups } from './schemas';
import { slugify } from './slugify';

export type { Person };

export const AVATAR_SIZE = { width: 240, height: 240 } as const;

function samplePerson(name: string, title: string): Person {
  return {
    name,
    title,
    photo: {
      src: `/images/speakers/${slugify(name)}.svg`,
      ...AVATAR_SIZE,
      alt: `Portrait placeholder of ${name}`,
    },
    sample: true,
  };
}

export const speakerGroups: SpeakerGroups = {
  speakers: [
    samplePerson('Sample Speaker 1', 'Building for Bharat: rural distribution'),
    samplePerson('Sample Speaker 2', 'Agri-Tech from lab to field'),
    samplePerson('Sample Speaker 3', 'Fin-Tech for the unbanked'),
    samplePerson('Sample Speaker 4', 'Rural healthcare at scale'),
    samplePerson('Sample Speaker 5', 'Raising your first round'),
    samplePerson('Sample Speaker 6', 'Edu-Tech beyond the metros'),
  ],
  mentors: [
    samplePerson('Sample Mentor 1', 'Go-to-market mentor'),
    samplePerson('Sample Mentor 2', 'Product and design mentor'),
    samplePerson('Sample Mentor 3', 'Finance and fundraising mentor'),
    samplePerson('Sample Mentor 4', 'Legal and compliance mentor'),
  ],
  moderators: [samplePerson('Sample Moderator 1', 'Moderator, main stage')],
};
