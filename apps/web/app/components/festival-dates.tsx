/**
 * The festival's days, hours and venue with "Add to calendar" (.ics download) and a Google
 * Calendar link, for the payment success and manage pages.
 */
import { useState } from 'react';
import { Button, buttonClassName } from '~/components/ui/button';
import {
  festivalCalendarFile,
  festivalSchedule,
  googleCalendarUrl,
  saveFile,
  type FestivalDates,
} from '~/lib/festival-calendar';

export function FestivalDatesPanel({ event }: { event: FestivalDates }) {
  const [error, setError] = useState<string>();
  const { days, hours } = festivalSchedule(event);
  const download = async () => {
    setError(undefined);
    try {
      const text = await festivalCalendarFile(event);
      saveFile(new Blob([text], { type: 'text/calendar' }), 'startup-fest-gujarat.ics');
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Could not build the calendar file.');
    }
  };
  return (
    <section aria-label="When and where" className="rounded-xl bg-slate-50 p-4 text-left text-sm">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Dates</dt>
          <dd className="font-semibold text-slate-900">{days}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Time</dt>
          <dd className="font-semibold text-slate-900">{hours}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Venue</dt>
          <dd className="font-semibold text-slate-900">{event.venue}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void download()}>
          Add to calendar (.ics)
        </Button>
        <a
          href={googleCalendarUrl(event)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName('outline')}
        >
          Add to Google Calendar<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
