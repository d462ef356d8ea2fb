/**
 * The festival in a calendar: an iCalendar file built with the `ics` library (as
 * the event pages' calendar.ts does), a Google Calendar template link, and the festival's days
 * and hours in India time for display. Instants are ISO 8601 UTC, as the event API gives them.
 */
import { EVENT_TIME_ZONE } from '@festival/shared';
import { INTL_LOCALE, SOURCE_LOCALE, type Locale } from './i18n/locales';
import { absoluteUrl } from './seo';

export interface FestivalDates {
  name: string;
  startDate: string;
  endDate: string;
  venue: string;
}

/** The day and hour formats of `locale` (India time, Latin digits). */
const formatsOf = (locale: Locale) => {
  const tag = INTL_LOCALE[locale];
  return {
    days: new Intl.DateTimeFormat(tag, {
      timeZone: EVENT_TIME_ZONE,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
    hours: new Intl.DateTimeFormat(tag, { timeZone: EVENT_TIME_ZONE, hour: 'numeric', minute: '2-digit' }),
  };
};

/**
 * "20–21 October 2024" and "10:00 am – 7:00 pm IST" (the daily opening hours), in `locale`'s
 * words ("20–21 ઑક્ટોબર, 2024"); English by default.
 */
export function festivalSchedule(
  event: FestivalDates,
  locale: Locale = SOURCE_LOCALE,
): { days: string; hours: string } {
  const { days, hours } = formatsOf(locale);
  const start = new Date(event.startDate);
  const end = new Date(event.endDate);
  return { days: days.formatRange(start, end), hours: `${hours.format(start)} – ${hours.format(end)} IST` };
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
