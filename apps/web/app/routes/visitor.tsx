/**
 * /visitor: the spec does not show this page's content, so it presents the visitor pass from the
 * rest of the spec (its price, the register page's Visitor tab) with the festival's date, calendar
 * and map. In English at `/visitor`, Gujarati at `/gu/visitor` and Hindi at `/hi/visitor`
 * (lib/i18n/localized-routes.ts): the page's words are translated, the pass's name (a ticket
 * type's) as the organizers translated it once the ticket list has loaded; the edition's facts stay as they are.
 */
import { ParticipantCategory } from '@festival/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { eventPages } from '~/content/event-pages';
import { findPassOffer } from '~/content/stall-packages';
import { AddToCalendarButton } from '~/features/event-pages/components/add-to-calendar-button';
import { DetailSection } from '~/features/event-pages/components/event-detail-page';
import { ShownText } from '~/components/shown-text';
import { PriceNote, TicketAmount, WasPrice } from '~/features/event-pages/components/price-tables';
import { ShowMap } from '~/features/event-pages/components/show-map';
import { useContentText } from '~/features/event-pages/lib/content-text';
import { festivalDetail } from '~/features/event-pages/lib/festival-detail';
import { useTicketPrices } from '~/features/tickets/api/get-tickets';
import { useCurrentEdition } from '~/lib/current-edition';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { registerTabPath } from '~/lib/register-tabs';
import type { PageMetaHandle } from '~/lib/seo';

const visitorPass = findPassOffer('Visitor Pass');
const VISITOR_CATEGORIES = [ParticipantCategory.Visitor];

export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: visitorPass.name,
    description: i18n._(
      msg`Visit Startup Fest Gujarat with the Visitor Pass: what it includes, its price and how to register.`,
    ),
    path: '/visitor',
    type: 'event',
  }),
};

export default function VisitorPage() {
  const { visitor } = eventPages;
  const edition = useCurrentEdition();
  const { i18n, t } = useLingui();
  const text = useContentText();
  const locale = usePageLocale();
  const festival = festivalDetail(edition, i18n);
  // When the edition sends visitors to an external listing (the spec's Visitor tab),
  // Register goes there directly; otherwise to the register page's Visitor tab.
  const listingUrl = edition?.visitorRegistration === 'external' ? edition.visitorRegistrationUrl : null;
  const price = useTicketPrices(VISITOR_CATEGORIES)(
    visitorPass.ticket.participantCategoryId,
    visitorPass.ticket.name,
  );
  return (
    <>
      <section className="register-backdrop text-white">
        <div className="mx-auto w-full max-w-5xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            <Trans>For visitors</Trans>
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">
            <ShownText translations={price?.translations} field="name" english={visitorPass.name} />
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-white/85">{text(visitor.intro)}</p>
          <p className="mt-6 flex items-baseline gap-3">
            <WasPrice price={price} className="text-white/60" />
            <TicketAmount price={price} className="text-4xl font-extrabold text-accent-400" />
          </p>
          <PriceNote price={price} className="mt-1 font-semibold text-accent-400" />
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10 sm:py-14">
        <div className="grid gap-6 lg:grid-cols-2">
          <DetailSection id="pass-includes" title={t`What the pass includes`}>
            <ul className="flex list-disc flex-col gap-2 pl-5 text-slate-700">
              {visitor.includes.map((item) => (
                <li key={item}>{text(item)}</li>
              ))}
            </ul>
          </DetailSection>
          <DetailSection id="how-to-register" title={t`How to register`}>
            <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-700">
              {visitor.howToRegister.map((step) => (
                <li key={step}>{text(step)}</li>
              ))}
            </ol>
            {listingUrl ? (
              <a
                href={listingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClassName('primary', 'mt-5')}
              >
                <Trans>
                  Register Now<span className="sr-only"> (visitor listing, opens in a new tab)</span>
                </Trans>
              </a>
            ) : (
              <Link
                to={localizedPath(registerTabPath('visitor'), locale)}
                className={buttonClassName('primary', 'mt-5')}
              >
                <Trans>Register Now</Trans>
              </Link>
            )}
          </DetailSection>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <DetailSection id="date-and-time" title={t`Date and Time`}>
            <p className="font-semibold text-brand-900">{festival.dateLabel}</p>
            <p className="mb-4 text-slate-600">{festival.timeLabel}</p>
            {festival.calendar ? <AddToCalendarButton event={festival.calendar} pagePath="/visitor" /> : null}
          </DetailSection>
          <DetailSection id="location" title={t`Location`}>
            <ShowMap location={festival.location} />
          </DetailSection>
        </div>
      </div>
    </>
  );
}
