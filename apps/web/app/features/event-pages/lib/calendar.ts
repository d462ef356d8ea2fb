/**
 * Add to calendar (/pitcher, /investor, /startup): builds an iCalendar file with the
 * `ics` library and hands it to the browser as a download. Start and end are written in UTC
 * (`DTSTART:20240913T140000Z`), which every calendar converts to the reader's zone.
 */
import type { CalendarEvent } from '~/content/event-pages';
import { absoluteUrl } from '~/lib/seo';

/**
 * Returns the .ics text of `event`, linking back to `pagePath` on the site.
 * Loads `ics` on demand so its code is not part of the page bundle.
 * @throws Error when the library rejects the event (a content mistake).
 */
export async function createCalendarFile(event: CalendarEvent, pagePath: string): Promise<string> {
  const { createEvent } = await import('ics');
  const { error, value } = createEvent({
    title: event.title,
    description: event.description,
    location: event.location,
    url: absoluteUrl(pagePath),
    start: Date.parse(event.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(event.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    productId: 'startup-fest-gujarat/event-pages',
    // A stable UID lets a second download update the entry instead of duplicating it.
    uid: `${event.fileName.replace(/\.ics$/, '')}@startupfestgujarat`,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw new Error(`Could not build the calendar file: ${error?.message ?? 'empty'}`);
  return value;
}

/** Saves `text` as `fileName` through a temporary object URL (no server round trip). */
export function downloadTextFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
