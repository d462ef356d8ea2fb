/**
 * The festival as an event page shows it (/startup: date and time, location, Add to calendar),
 * made from the current edition (lib/current-edition.ts) at run time, so a new edition changes
 * no code. While the edition is unknown (a prerendered page before it loads) the page says the
 * dates and venue are on their way and offers no calendar file.
 */
import type { FestivalEvent } from '@festival/shared';
import { FESTIVAL_HOST, type EventDetail } from '~/content/event-pages';
import { BRAND_NAME, editionFacts } from '~/lib/current-edition';

const ABOUT = [
  'Startup Fest Gujarat brings startups, pitchers, investors, accelerators and visitors together for two days in Ahmedabad.',
  'Exhibit your startup at a stall, pitch on stage to investors, or come as a visitor to meet the startups and investors taking part.',
];

/** A Google Maps embed of `place` (the iframe loads only after Show Map). */
const mapEmbedUrl = (place: string) =>
  `https://www.google.com/maps?${new URLSearchParams({ q: place, output: 'embed' }).toString()}`;

/** "startup-fest-gujarat-2025.ics" from the edition's name. */
const calendarFileName = (name: string) =>
  `${
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'festival'
  }.ics`;

/** The festival's event details from `edition` (instants UTC; shown in India time), or neutral ones. */
export function festivalDetail(edition: FestivalEvent | undefined): EventDetail {
  if (!edition) {
    return {
      title: BRAND_NAME,
      dateLabel: 'Dates to be announced',
      timeLabel: '',
      about: ABOUT,
      location: {
        name: 'Venue to be announced',
        address: 'Ahmedabad, Gujarat, India',
        mapEmbedUrl: mapEmbedUrl('Ahmedabad, Gujarat'),
        mapTitle: 'Map of Ahmedabad, Gujarat',
      },
      host: FESTIVAL_HOST,
    };
  }
  const facts = editionFacts(edition);
  const about = [...ABOUT];
  if (edition.theme) {
    const sectors = edition.sectors.length > 0 ? `, with ${edition.sectors.join(', ')} and more` : '';
    about.splice(1, 0, `The ${facts.year} theme is ${edition.theme}${sectors}.`);
  }
  return {
    title: facts.name,
    dateLabel: facts.days,
    timeLabel: `${facts.hours} (GMT+05:30)`,
    about,
    location: {
      name: facts.venue,
      address: facts.venue,
      mapEmbedUrl: mapEmbedUrl(facts.venue),
      mapTitle: `Map of ${facts.venue}`,
    },
    host: FESTIVAL_HOST,
    calendar: {
      title: facts.name,
      description: `${facts.name}: startups, pitchers, investors and visitors. ${facts.days}, ${facts.hours} each day.`,
      location: facts.venue,
      start: edition.startDate,
      end: edition.endDate,
      fileName: calendarFileName(facts.name),
    },
  };
}
