/**
 * Event info and countdown of the home page. Venue, dates, times and the countdown target
 * come from the current edition as organizers keep it (GET /api/auth/event/current,
 * lib/current-edition.ts); while it is unknown the section says so instead. Once the server
 * says the edition has ended, the countdown gives way to a notice that registrations are closed.
 */
import type { FestivalEvent } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { editionFacts } from '~/lib/current-edition';
import { Countdown } from './countdown';

/** `event` is the current edition (lib/current-edition.ts), undefined while it is unknown. */
export function EventInfo({ event }: { event: FestivalEvent | undefined }) {
  const { i18n } = useLingui();
  if (!event) {
    return (
      <section aria-labelledby="event-info-heading" className="register-backdrop text-white">
        <div className="mx-auto w-full max-w-6xl px-4 py-14">
          <h2 id="event-info-heading" className="text-3xl font-extrabold tracking-tight">
            <Trans>Event Info</Trans>
          </h2>
          <p className="mt-5 text-white/85">
            <Trans>The dates and venue of the festival are on their way.</Trans>
          </p>
        </div>
      </section>
    );
  }
  const facts = editionFacts(event, i18n);
  const { name } = event;

  return (
    <section aria-labelledby="event-info-heading" className="register-backdrop text-white">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-14 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="event-info-heading" className="text-3xl font-extrabold tracking-tight">
            <Trans>Event Info</Trans>
          </h2>
          <dl className="mt-5 grid gap-3 text-base">
            <div>
              <dt className="text-sm font-semibold tracking-wider text-accent-400 uppercase">
                <Trans>Venue</Trans>
              </dt>
              <dd>
                <a href={facts.venueMapUrl} target="_blank" rel="noopener noreferrer" className="underline">
                  {facts.venue}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wider text-accent-400 uppercase">
                <Trans>Date</Trans>
              </dt>
              <dd>{facts.days}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wider text-accent-400 uppercase">
                <Trans>Time</Trans>
              </dt>
              <dd>{facts.hours}</dd>
            </div>
          </dl>
        </div>
        {event.ended ? (
          <div role="status" className="rounded-xl bg-white/10 p-6 ring-1 ring-white/15">
            <h3 className="text-lg font-bold">
              <Trans>{name} has ended</Trans>
            </h3>
            <p className="mt-2 text-white/85">
              <Trans>
                Registrations for this edition are closed. Thank you to everyone who took part; the next
                edition will be announced here.
              </Trans>
            </p>
          </div>
        ) : (
          <div>
            <h3 className="mb-3 text-lg font-bold">
              <Trans>The festival starts in</Trans>
            </h3>
            <Countdown target={event.startDate} />
          </div>
        )}
      </div>
    </section>
  );
}
