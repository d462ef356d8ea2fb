import { EVENT_TIME_ZONE, type ParticipantCategoryId, type RegisteredAttendee } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { CATEGORY_NAMES } from '~/content/categories';
import { INTL_LOCALE } from '~/lib/i18n/locales';
import { usePageLocale } from '~/lib/i18n/use-locale';

/** "20 Oct 2024" in India time, in the page's language (Latin digits): the shared formatEventDate's format. */
const eventDateFormat = (intlLocale: string) =>
  new Intl.DateTimeFormat(intlLocale, {
    timeZone: EVENT_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/**
 * One registered person as the attendees dialog shows them: role, event name and dates
 * (Asia/Kolkata), name, email and phone, with a vertical "Attendee" label along the card's edge
 * (the spec's "Event pass" label, renamed: the pass exists only once paid).
 */
export function PassCard({ attendee }: { attendee: RegisteredAttendee }) {
  const { i18n, t } = useLingui();
  const dates = eventDateFormat(INTL_LOCALE[usePageLocale()]);
  const formatEventDate = (iso: string) => dates.format(new Date(iso));
  const { Event: event, name } = attendee;
  // The role by its category, so it reads in the page's language (the server's is English).
  const category = CATEGORY_NAMES[attendee.participantCategoryId as ParticipantCategoryId];
  const role = category ? i18n._(category) : attendee.role;
  return (
    <article
      aria-label={t`Attendee: ${name}`}
      data-testid="pass-card"
      className="flex overflow-hidden rounded-xl border border-brand-200 bg-white shadow-sm"
    >
      <div
        aria-hidden="true"
        className="flex items-center justify-center bg-brand-800 px-2 py-3 text-xs font-bold tracking-[0.25em] text-accent-400 uppercase [writing-mode:vertical-rl] rotate-180"
      >
        <Trans>Attendee</Trans>
      </div>
      <div className="min-w-0 flex-1 border-l-2 border-dashed border-brand-200 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="rounded-full bg-accent-500/15 px-2.5 py-0.5 text-xs font-bold text-accent-800 uppercase">
            {role}
          </span>
          <span className="text-xs font-medium text-slate-500">
            <time dateTime={event.startDate}>{formatEventDate(event.startDate)}</time> –{' '}
            <time dateTime={event.endDate}>{formatEventDate(event.endDate)}</time>
          </span>
        </div>
        <p className="mt-2 text-sm font-semibold text-brand-800">{event.name}</p>
        <p className="mt-3 text-base font-bold text-slate-900">{attendee.name}</p>
        <dl className="mt-1 grid gap-0.5 text-sm text-slate-700">
          <div className="flex gap-2">
            <dt className="sr-only">
              <Trans>Email</Trans>
            </dt>
            <dd className="break-all">{attendee.email}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="sr-only">
              <Trans>Phone</Trans>
            </dt>
            <dd>
              {attendee.countryCode} {attendee.contactNo}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
