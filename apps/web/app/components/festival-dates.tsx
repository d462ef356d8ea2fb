/**
 * The festival's days, hours and venue with "Add to calendar" (.ics download) and a Google
 * Calendar link, for the payment success and manage pages.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button, buttonClassName } from '~/components/ui/button';
import { usePageLocale } from '~/lib/i18n/use-locale';
import {
  festivalCalendarFile,
  festivalSchedule,
  googleCalendarUrl,
  saveFile,
  type FestivalDates,
} from '~/lib/festival-calendar';

export function FestivalDatesPanel({ event }: { event: FestivalDates }) {
  const { t } = useLingui();
  const [error, setError] = useState<string>();
  const { days, hours } = festivalSchedule(event, usePageLocale());
  const download = async () => {
    setError(undefined);
    try {
      const text = await festivalCalendarFile(event);
      saveFile(new Blob([text], { type: 'text/calendar' }), 'startup-fest-gujarat.ics');
    } catch {
      // The library's reason is English; what the visitor can do about it is the same in every case.
      setError(t`Could not build the calendar file.`);
    }
  };
  return (
    <section aria-label={t`When and where`} className="rounded-xl bg-slate-50 p-4 text-left text-sm">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">
            <Trans>Dates</Trans>
          </dt>
          <dd className="font-semibold text-slate-900">{days}</dd>
        </div>
        <div>
          <dt className="text-slate-600">
            <Trans>Time</Trans>
          </dt>
          <dd className="font-semibold text-slate-900">{hours}</dd>
        </div>
        <div>
          <dt className="text-slate-600">
            <Trans>Venue</Trans>
          </dt>
          <dd className="font-semibold text-slate-900">{event.venue}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void download()}>
          <Trans>Add to calendar (.ics)</Trans>
        </Button>
        <a
          href={googleCalendarUrl(event)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName('outline')}
        >
          <Trans>
            Add to Google Calendar<span className="sr-only"> (opens in a new tab)</span>
          </Trans>
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
