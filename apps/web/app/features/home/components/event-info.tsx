/**
 * Event info and countdown (spec §2 Home item 4). Venue, dates, times and the countdown target
 * come from the current edition as organizers keep it (GET /api/auth/event/current); the
 * built-in values of content/event.ts show until it answers or if it fails. Once the server
 * says the edition has ended, the countdown gives way to a notice that registrations are closed.
 */
import { EDITION_CLOSED_MESSAGE, EVENT_TIME_ZONE, type FestivalEvent } from '@festival/shared';
import { FESTIVAL } from '~/content/event';
import { Countdown } from './countdown';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});
/** "10:00 am" → "10:00 AM", as the site writes times. */
const timeOf = (instant: string) => timeFormat.format(new Date(instant)).toUpperCase();

/** `event` is the current edition (get-current-event.ts), undefined until it has loaded. */
export function EventInfo({ event }: { event: FestivalEvent | undefined }) {
  const start = event?.startDate ?? FESTIVAL.startDate;
  const end = event?.endDate ?? FESTIVAL.endDate;
  const venue = event?.venue ?? FESTIVAL.venueFull;
  const mapUrl = event?.venueMapUrl ?? FESTIVAL.venueMapUrl;
  const time = event ? `${timeOf(start)} – ${timeOf(end)}` : FESTIVAL.time;
  const startDay = dateFormat.format(new Date(start));
  const endDay = dateFormat.format(new Date(end));

  return (
    <section aria-labelledby="event-info-heading" className="register-backdrop text-white">
      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-14 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="event-info-heading" className="text-3xl font-extrabold tracking-tight">
            Event Info
          </h2>
          <dl className="mt-5 grid gap-3 text-base">
            <div>
              <dt className="text-sm font-semibold tracking-wider text-accent-400 uppercase">Venue</dt>
              <dd>
                <a href={mapUrl} target="_blank" rel="noopener noreferrer" className="underline">
                  {venue}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wider text-accent-400 uppercase">Date</dt>
              <dd>{startDay === endDay ? startDay : `${startDay} – ${endDay}`}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wider text-accent-400 uppercase">Time</dt>
              <dd>{time}</dd>
            </div>
          </dl>
        </div>
        {event?.ended ? (
          <div role="status" className="rounded-xl bg-white/10 p-6 ring-1 ring-white/15">
            <h3 className="text-lg font-bold">{event.name} has ended</h3>
            <p className="mt-2 text-white/85">
              {EDITION_CLOSED_MESSAGE}. Thank you to everyone who took part; the next edition will be
              announced here.
            </p>
          </div>
        ) : (
          <div>
            <h3 className="mb-3 text-lg font-bold">The festival starts in</h3>
            <Countdown target={start} />
          </div>
        )}
      </div>
    </section>
  );
}
