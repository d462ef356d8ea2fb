/**
 * /visitor: the spec does not show this page's content, so it presents the visitor pass from the
 * rest of the spec (its price, the register page's Visitor tab) with the festival's date, calendar
 * and map.
 */
import { ParticipantCategory } from '@festival/shared';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { eventPages } from '~/content/event-pages';
import { findPassOffer } from '~/content/stall-packages';
import { AddToCalendarButton } from '~/features/event-pages/components/add-to-calendar-button';
import { DetailSection } from '~/features/event-pages/components/event-detail-page';
import { PriceNote, TicketAmount, WasPrice } from '~/features/event-pages/components/price-tables';
import { ShowMap } from '~/features/event-pages/components/show-map';
import { festivalDetail } from '~/features/event-pages/lib/festival-detail';
import { useTicketPrices } from '~/features/tickets/api/get-tickets';
import { useCurrentEdition } from '~/lib/current-edition';
import { registerTabPath } from '~/lib/register-tabs';
import type { PageMetaHandle } from '~/lib/seo';

const visitorPass = findPassOffer('Visitor Pass');
const VISITOR_CATEGORIES = [ParticipantCategory.Visitor];

export const handle: PageMetaHandle = {
  meta: {
    title: 'Visitor Pass',
    description:
      'Visit Startup Fest Gujarat with the Visitor Pass: what it includes, its price and how to register.',
    path: '/visitor',
    type: 'event',
  },
};

export default function VisitorPage() {
  const { visitor } = eventPages;
  const edition = useCurrentEdition();
  const festival = festivalDetail(edition);
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
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">For visitors</p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">Visitor Pass</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/85">{visitor.intro}</p>
          <p className="mt-6 flex items-baseline gap-3">
            <WasPrice price={price} className="text-white/60" />
            <TicketAmount price={price} className="text-4xl font-extrabold text-accent-400" />
          </p>
          <PriceNote price={price} className="mt-1 font-semibold text-accent-400" />
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10 sm:py-14">
        <div className="grid gap-6 lg:grid-cols-2">
          <DetailSection id="pass-includes" title="What the pass includes">
            <ul className="flex list-disc flex-col gap-2 pl-5 text-slate-700">
              {visitor.includes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </DetailSection>
          <DetailSection id="how-to-register" title="How to register">
            <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-700">
              {visitor.howToRegister.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {listingUrl ? (
              <a
                href={listingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClassName('primary', 'mt-5')}
              >
                Register Now<span className="sr-only"> (visitor listing, opens in a new tab)</span>
              </a>
            ) : (
              <Link to={registerTabPath('visitor')} className={buttonClassName('primary', 'mt-5')}>
                Register Now
              </Link>
            )}
          </DetailSection>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <DetailSection id="date-and-time" title="Date and Time">
            <p className="font-semibold text-brand-900">{festival.dateLabel}</p>
            <p className="mb-4 text-slate-600">{festival.timeLabel}</p>
            {festival.calendar ? <AddToCalendarButton event={festival.calendar} pagePath="/visitor" /> : null}
          </DetailSection>
          <DetailSection id="location" title="Location">
            <ShowMap location={festival.location} />
          </DetailSection>
        </div>
      </div>
    </>
  );
}
