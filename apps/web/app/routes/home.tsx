/**
 * The home page: banner, hero with the edition's video, about, event info with the
 * countdown, Register Yourself cards, statistics, theme and sectors, a call-to-action band and
 * the auto-playing participants carousel. In English at `/`, Gujarati at `/gu` and Hindi at `/hi`
 * (lib/i18n/localized-routes.ts).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { participantLogos } from '~/features/site-content/lib/participant-logos';
import { VideoModal } from '~/features/home/components/video-modal';
import { RegisterCta } from '~/features/registration-alerts/components/register-cta';
import { BRAND_NAME, useCurrentEdition, useEditionFacts, type EditionFacts } from '~/lib/current-edition';
import { useDeferredQuery } from '~/lib/deferred-query';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: ({ edition, i18n }) => {
    if (!edition) {
      const brand = BRAND_NAME;
      return {
        title: brand,
        description: i18n._(msg`${brand}: pitchers, startups, investors and visitors meet in Ahmedabad.`),
        path: '/',
      };
    }
    const { name, venue, days } = edition;
    return {
      title: name,
      description: i18n._(
        msg`${name}: pitchers, startups, investors and visitors meet at ${venue} on ${days}.`,
      ),
      path: '/',
    };
  },
};

// The page paints and hydrates with the edition it was rendered with (lib/current-edition.ts) and
// sample logos; the organizers' logos come after hydration, without TanStack Query in the first
// load (lib/deferred-query.ts).
const loadParticipantsQuery = () =>
  import('~/features/site-content/api/get-content').then((module) =>
    module.contentQueryOptions('participants'),
  );

const BelowTheFold = lazy(() => import('~/features/home/components/below-the-fold'));

const sectionTitle = 'text-3xl font-extrabold tracking-tight text-brand-900';

/** The edition as a schema.org Event (search results' event details), from the edition's own facts. */
function EventJsonLd({ facts }: { facts: EditionFacts }) {
  const edition = useCurrentEdition();
  if (!edition) return null;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: facts.name,
    startDate: edition.startDate,
    endDate: edition.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: facts.venue, address: facts.venue, hasMap: facts.venueMapUrl },
    organizer: { '@type': 'Organization', name: BRAND_NAME },
  };
  return (
    <script
      type="application/ld+json"
      // `<` escaped so an organizer's text can never close the element.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replaceAll('<', '\\u003c') }}
    />
  );
}

export default function Home() {
  const event = useCurrentEdition();
  const facts = useEditionFacts();
  const participants = participantLogos(useDeferredQuery(loadParticipantsQuery) ?? []);
  const { t } = useLingui();
  const locale = usePageLocale();
  const bannerVariant = locale === 'en' ? '' : '-name-only';
  const year = facts?.year;
  const theme = event?.theme;
  return (
    <>
      {facts ? <EventJsonLd facts={facts} /> : null}
      {/* Below md the banner is drawn for narrow screens, so its text stays readable (the
          wide banner's text is about 8 px at 375 px). Its English tagline is drawn in the image;
          a Gujarati or Hindi page shows the name only, its tagline being the hero's first words
          below, in the page's language and fonts (an image cannot use the page's web fonts). */}
      <picture>
        <source
          media="(max-width: 767px)"
          srcSet={`/images/home/banner-narrow${bannerVariant}.svg`}
          width={800}
          height={500}
        />
        <img
          src={`/images/home/banner${bannerVariant}.svg`}
          alt={facts ? `${facts.name}: ${facts.days}, ${facts.venue}` : BRAND_NAME}
          width={1600}
          height={400}
          fetchPriority="high"
          className="h-auto w-full bg-brand-900"
        />
      </picture>

      {/* Every section keeps to the inner pages' centred column (max-w-6xl), as the header and
          footer do, so a desktop reader's eye follows one left edge from page to page. */}
      <section className="bg-brand-950 text-white">
        <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-14 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
              {facts ? [facts.ordinal, facts.days, facts.venue].filter(Boolean).join(' · ') : t`Ahmedabad`}
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
              {facts?.name ?? BRAND_NAME}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-white/85">
              <Trans>
                Where innovators meet investors: pitch on stage, exhibit your startup and build the
                connections that take rural innovation to scale.
              </Trans>
            </p>
            <RegisterCta sales={event?.sales} className="mt-8 px-7 text-base" />
          </div>
          <VideoModal />
        </div>
      </section>

      <section aria-labelledby="about-heading" className="mx-auto w-full max-w-6xl px-4 py-14">
        <h2 id="about-heading" className={sectionTitle}>
          <Trans>About Startup Fest Gujarat</Trans>
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">
          <Trans>
            Run by a foundation in Gujarat, the festival brings visitors, startups, investors, accelerators,
            sponsors and speakers together for two days of pitches, exhibitions, talks and networking.
          </Trans>
          {year && theme ? ` ${t`Its ${year} theme is ${theme}.`}` : null}
        </p>
        <Link to={localizedPath('/about', locale)} className={buttonClassName('secondary', 'mt-6')}>
          <Trans>
            Learn More<span className="sr-only"> about the event</span>
          </Trans>
        </Link>
      </section>

      {/* The rest of the page: prerendered with it, but its code loads after the page's and it
          hydrates on its own (features/home/components/below-the-fold.tsx). */}
      <Suspense fallback={null}>
        <BelowTheFold event={event} participants={participants} />
      </Suspense>
    </>
  );
}
