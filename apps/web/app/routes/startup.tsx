/**
 * /startup: the festival for startups — about, refund policy, ticket text,
 * date and time, map, host, the Review Purchase popup, and the pass and stall prices. In English
 * at `/startup`, Gujarati at `/gu/startup` and Hindi at `/hi/startup`
 * (lib/i18n/localized-routes.ts): the page's words are translated; the edition's facts, ticket
 * and package names stay as the organizers entered them.
 */
import { ParticipantCategory } from '@festival/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { eventPages } from '~/content/event-pages';
import { passOffers, stallPackages } from '~/content/stall-packages';
import { DetailSection, EventDetailPage } from '~/features/event-pages/components/event-detail-page';
import { PassPriceCards, StallPackageCards } from '~/features/event-pages/components/price-tables';
import { useContentText } from '~/features/event-pages/lib/content-text';
import { festivalDetail } from '~/features/event-pages/lib/festival-detail';
import { useTicketPrices } from '~/features/tickets/api/get-tickets';
import { TicketQuote } from '~/features/tickets/components/ticket-quote';
import { BRAND_NAME, useCurrentEdition, useEditionFacts } from '~/lib/current-edition';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: i18n._(msg`Startups`),
    description: i18n._(
      msg`Startup Fest Gujarat for startups: tickets, refund policy, Investor and Visitor passes, and Silver, Gold and Platinum stall packages.`,
    ),
    path: '/startup',
    type: 'event',
  }),
};

/** The categories whose ticket types the cards show: the stall packages and the two passes. */
const PRICED_CATEGORIES = [
  ParticipantCategory.StartUp,
  ParticipantCategory.Investor,
  ParticipantCategory.Visitor,
];

export default function StartupPage() {
  const { startup } = eventPages;
  const priceOf = useTicketPrices(PRICED_CATEGORIES);
  const edition = useCurrentEdition();
  const facts = useEditionFacts();
  const { i18n, t } = useLingui();
  const text = useContentText();
  const name = facts?.name ?? BRAND_NAME;
  return (
    <EventDetailPage
      event={festivalDetail(edition, i18n)}
      heading={t`${name} for Startups`}
      eyebrow={[facts?.ordinal, facts?.venue].filter(Boolean).join(' · ') || t`For startups`}
      pagePath="/startup"
      purchase={eventPages.purchasePopup}
      price={(quantity) => (
        <TicketQuote
          participantCategoryId={ParticipantCategory.StartUp}
          ticketName="Silver Stall Package"
          quantity={quantity}
        />
      )}
      after={
        <div className="bg-white">
          <div className="mx-auto flex w-full max-w-5xl flex-col gap-12 px-4 py-12">
            <section aria-labelledby="grab-your-tickets">
              <h2 id="grab-your-tickets" className="mb-6 text-2xl font-bold text-brand-900 sm:text-3xl">
                <Trans>Grab Your Tickets</Trans>
              </h2>
              <PassPriceCards passes={passOffers} priceOf={priceOf} />
            </section>
            <section aria-labelledby="exhibit-your-startup">
              <h2 id="exhibit-your-startup" className="mb-6 text-2xl font-bold text-brand-900 sm:text-3xl">
                <Trans>Exhibit Your Startup</Trans>
              </h2>
              <StallPackageCards packages={stallPackages} priceOf={priceOf} />
            </section>
          </div>
        </div>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailSection id="refund-policy" title={t`Refund Policy`}>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-slate-700">
            {startup.refundPolicy.map((line) => (
              <li key={line}>{text(line)}</li>
            ))}
          </ul>
        </DetailSection>
        <DetailSection id="tickets" title={t`Tickets`}>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-slate-700">
            {startup.ticketText.map((line) => (
              <li key={line}>{text(line)}</li>
            ))}
          </ul>
        </DetailSection>
      </div>
    </EventDetailPage>
  );
}
