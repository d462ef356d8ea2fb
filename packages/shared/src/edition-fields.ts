/**
 * Edition fields: what organizers write in FAQ entries and site pages instead of restating a
 * fact of the edition, e.g. "The festival runs {{edition.dates}} at {{edition.venue}}." The
 * public pages read the current edition's values, so a changed date or venue shows everywhere
 * at once, and next year's edition needs no edit ("Each fact lives once").
 */
import { EVENT_TIME_ZONE } from './constants.js';

export const EDITION_FIELDS = [
  'edition.name',
  'edition.dates',
  'edition.hours',
  'edition.venue',
  'edition.year',
] as const;
export type EditionField = (typeof EDITION_FIELDS)[number];

/** Any `{{ field }}` in a text, known or not (spaces inside the braces allowed). */
const FIELD_PATTERN = /\{\{\s*([^{}\s]*)\s*\}\}/g;

const isEditionField = (name: string): name is EditionField =>
  (EDITION_FIELDS as readonly string[]).includes(name);

/**
 * The refusal of a text naming a field that is not an edition field, or undefined when every
 * `{{…}}` in it is one.
 */
export function editionFieldsProblem(text: string): string | undefined {
  const unknown = [...new Set([...text.matchAll(FIELD_PATTERN)].map((match) => match[1] ?? ''))].filter(
    (name) => !isEditionField(name),
  );
  if (unknown.length === 0) return undefined;
  const named = unknown.map((name) => `{{${name}}}`).join(', ');
  const known = EDITION_FIELDS.map((name) => `{{${name}}}`);
  return `Unknown ${unknown.length === 1 ? 'field' : 'fields'} ${named}: use ${known.slice(0, -1).join(', ')} or ${known.at(-1)}`;
}

const days = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const year = new Intl.DateTimeFormat('en-IN', { timeZone: EVENT_TIME_ZONE, year: 'numeric' });
const time = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});
const timeOfDay = (instant: Date) => time.format(instant).toUpperCase();

/**
 * The values of an edition's fields: its name, its days in India time ("20–21 October 2024"),
 * its daily hours, opening on the first day to closing on the last ("10:00 AM – 07:00 PM"), its
 * venue and the year it starts in.
 */
export function editionFieldValues(edition: {
  name: string;
  startsAt: Date;
  endsAt: Date;
  venue: string;
}): Record<EditionField, string> {
  return {
    'edition.name': edition.name,
    'edition.dates': days.formatRange(edition.startsAt, edition.endsAt),
    'edition.hours': `${timeOfDay(edition.startsAt)} – ${timeOfDay(edition.endsAt)}`,
    'edition.venue': edition.venue,
    'edition.year': year.format(edition.startsAt),
  };
}

/**
 * `text` with each edition field replaced by its value, passed through `escape` first (HTML
 * escaping for page HTML). A field that is not an edition field is left as written.
 */
export function fillEditionFields(
  text: string,
  values: Record<EditionField, string>,
  escape: (value: string) => string = (value) => value,
): string {
  return text.replace(FIELD_PATTERN, (whole, name: string) =>
    isEditionField(name) ? escape(values[name]) : whole,
  );
}

/** The console's hint under a text that takes edition fields. */
export const EDITION_FIELDS_HINT =
  'Write {{edition.name}}, {{edition.dates}}, {{edition.hours}}, {{edition.venue}} or {{edition.year}} instead of the fact itself: the site shows the current edition’s.';
