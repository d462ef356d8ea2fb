/**
 * The festival in a calendar: an iCalendar file built with the `ics` library (as
 * the event pages' calendar.ts does), a Google Calendar template link, and the festival's days
 * and hours in India time for display. Instants are ISO 8601 UTC, as the event API gives them.
 */
import { editionDays, timeOfDay } from './current-edition';
import { SOURCE_LOCALE, type Locale } from './i18n/locales';
import { absoluteUrl } from './seo';

export interface FestivalDates {
  name: string;
  startDate: string;
  endDate: string;
  venue: string;
}

/**
 * "20–21 October 2024" and "10:00 AM – 07:00 PM IST" (the daily opening hours), written as the
 * edition's facts are on every page, in `locale`'s words ("20–21 ઑક્ટોબર, 2024"); English by default.
 */
export function festivalSchedule(
  event: FestivalDates,
  locale: Locale = SOURCE_LOCALE,
): { days: string; hours: string } {
  return {
    days: editionDays(event.startDate, event.endDate, locale),
    hours: `${timeOfDay(event.startDate, locale)} – ${timeOfDay(event.endDate, locale)} IST`,
  };
}

/** Google Calendar's "add event" template link (dates as UTC basic format). */
export function googleCalendarUrl(event: FestivalDates): string {
  const basic = (iso: string) => new Date(iso).toISOString().replace(/[-:]|\.\d{3}/g, '');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${basic(event.startDate)}/${basic(event.endDate)}`,
    location: event.venue,
    details: `Your passes: ${absoluteUrl('/manage')}`,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/**
 * The .ics text of the festival. Loads `ics` on demand so its code is not in the page bundle.
 * @throws Error when the library rejects the event
 */
export async function festivalCalendarFile(event: FestivalDates): Promise<string> {
  const { createEvent } = await import('ics');
  const { error, value } = createEvent({
    title: event.name,
    location: event.venue,
    url: absoluteUrl('/manage'),
    start: Date.parse(event.startDate),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(event.endDate),
    endInputType: 'utc',
    endOutputType: 'utc',
    productId: 'startup-fest-gujarat/passes',
    uid: `festival-${event.startDate.slice(0, 10)}@startupfestgujarat`,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw new Error(`Could not build the calendar file: ${error?.message ?? 'empty'}`);
  return value;
}

/** Saves `blob` as `fileName` through a temporary object URL. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
