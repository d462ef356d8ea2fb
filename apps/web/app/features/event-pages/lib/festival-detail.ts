/**
 * The festival as an event page shows it (/startup: date and time, location, Add to calendar),
 * made from the current edition (lib/current-edition.ts) at run time, so a new edition changes
 * no code. While the edition is unknown (a prerendered page before it loads) the page says the
 * dates and venue are on their way and offers no calendar file. The page's words are in `i18n`'s
 * language; the edition's name, venue, theme and sectors are the organizers' and stay as entered.
 * The calendar file stays English, as the passes and emails do.
 */
import type { FestivalEvent } from '@festival/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { FESTIVAL_HOST, type EventDetail } from '~/content/event-pages';
import { BRAND_NAME, editionFacts } from '~/lib/current-edition';

const ABOUT = [
  msg`Startup Fest Gujarat brings startups, pitchers, investors, accelerators and visitors together for two days in Ahmedabad.`,
  msg`Exhibit your startup at a stall, pitch on stage to investors, or come as a visitor to meet the startups and investors taking part.`,
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

/**
 * The festival's event details from `edition` (instants UTC; shown in India time), or neutral
 * ones, in `i18n`'s language.
 */
export function festivalDetail(edition: FestivalEvent | undefined, i18n: I18n): EventDetail {
  const about = ABOUT.map((paragraph) => i18n._(paragraph));
  if (!edition) {
    return {
      title: BRAND_NAME,
      dateLabel: i18n._(msg`Dates to be announced`),
      timeLabel: '',
      about,
      location: {
        name: i18n._(msg`Venue to be announced`),
        address: i18n._(msg`Ahmedabad, Gujarat, India`),
        mapEmbedUrl: mapEmbedUrl('Ahmedabad, Gujarat'),
        mapTitle: i18n._(msg`Map of Ahmedabad, Gujarat`),
      },
      host: FESTIVAL_HOST,
    };
  }
  const facts = editionFacts(edition, i18n);
  if (edition.theme) {
    const { year } = facts;
    const { theme } = edition;
    const sectors = edition.sectors.join(', ');
    about.splice(
      1,
      0,
      edition.sectors.length > 0
        ? i18n._(msg`The ${year} theme is ${theme}, with ${sectors} and more.`)
        : i18n._(msg`The ${year} theme is ${theme}.`),
    );
  }
  const { venue } = facts;
  // The calendar file is English whatever the page's language (as passes and emails are).
  const english = editionFacts(edition);
  return {
    title: facts.name,
    dateLabel: facts.days,
    timeLabel: `${facts.hours} (GMT+05:30)`,
    about,
    location: {
      name: venue,
      address: venue,
      mapEmbedUrl: mapEmbedUrl(venue),
      mapTitle: i18n._(msg`Map of ${venue}`),
    },
    host: FESTIVAL_HOST,
    calendar: {
      title: facts.name,
      description: `${english.name}: startups, pitchers, investors and visitors. ${english.days}, ${english.hours} each day.`,
      location: facts.venue,
      start: edition.startDate,
      end: edition.endDate,
      fileName: calendarFileName(facts.name),
    },
  };
}
