/**
 * The build-time samples of app/content in the shape the content API answers: what the
 * prerendered pages show before the organizers' entries arrive. Ids are negative so they never
 * match a row's.
 */
import type { PublicContentItem } from '@festival/shared';
import { activities } from '~/content/activities';
import { eventFlow, eventFlowSample } from '~/content/event-flow';
import { PARTICIPANTS } from '~/content/participants';
import { showcase } from '~/content/showcase';
import { speakerGroups } from '~/content/speakers';
import { sponsors } from '~/content/sponsors';

interface Entry {
  name: string;
  caption?: string;
  group?: string;
  image?: PublicContentItem['image'];
  sample?: boolean;
}

const items = (entries: readonly Entry[]): PublicContentItem[] =>
  entries.map((entry, index) => ({
    id: -(index + 1),
    name: entry.name,
    caption: entry.caption ?? '',
    group: entry.group ?? '',
    linkUrl: null,
    image: entry.image ?? null,
    sample: entry.sample ?? true,
  }));

export const speakersFirstPaint = items(
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

export const sponsorsFirstPaint = items(
  sponsors.map((sponsor) => ({ name: sponsor.name, image: sponsor.logo, sample: sponsor.sample })),
);

export const startupsFirstPaint = items(showcase.names.map((name) => ({ name, sample: showcase.sample })));

export const participantsFirstPaint = items(
  PARTICIPANTS.map((logo) => ({
    name: logo.name,
    image: { src: logo.src, width: logo.width, height: logo.height, alt: `${logo.name} logo` },
    sample: logo.sample ?? false,
  })),
);

export const activitiesFirstPaint = items(
  activities.map((activity) => ({
    name: activity.title,
    caption: activity.text,
    image: activity.image,
    sample: false,
  })),
);

export const eventFlowFirstPaint = items(
  eventFlow.map((slot) => ({
    name: slot.title,
    caption: slot.time,
    group: slot.day,
    image: slot.image,
    sample: eventFlowSample,
  })),
);
