/**
 * How public pages name an edition: its slug, name and year. Labels such as "2024 sponsors"
 * come from the edition's data, never from a route's name.
 */
import type { EditionRef } from '@festival/shared';

const yearInIndia = new Intl.DateTimeFormat('en-IN', { year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The year an edition starts in, India time (the festival's time zone). */
export function editionYear(startsAt: Date): number {
  return Number(yearInIndia.format(startsAt));
}

export function editionRef(edition: { slug: string; name: string; startsAt: Date }): EditionRef {
  return { slug: edition.slug, name: edition.name, year: editionYear(edition.startsAt) };
}
