/**
 * Event info and countdown (spec §2 Home item 4). Venue, dates and the countdown target come
 * from the current event record (GET /api/auth/event/current); the built-in values of
 * content/event.ts show until it answers or if it fails.
 */
import { EVENT_TIME_ZONE } from '@festival/shared';
import { FESTIVAL } from '~/content/event';
import { useCurrentEvent } from '../api/get-current-event';
import { Countdown } from './countdown';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: EVENT_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function EventInfo() {
  const { data: event } = useCurrentEvent();
  const start = event?.startDate ?? FESTIVAL.startDate;
  const end = event?.endDate ?? FESTIVAL.endDate;
  const venue = event?.venue ?? FESTIVAL.venueFull;
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
              <dd>{venue}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wider text-accent-400 uppercase">Date</dt>
              <dd>{startDay === endDay ? startDay : `${startDay} – ${endDay}`}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wider text-accent-400 uppercase">Time</dt>
              <dd>{FESTIVAL.time}</dd>
            </div>
          </dl>
        </div>
        <div>
          <h3 className="mb-3 text-lg font-bold">The festival starts in</h3>
          <Countdown target={start} />
        </div>
      </div>
    </section>
  );
}
