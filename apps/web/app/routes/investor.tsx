/** /investor: the Friday AfterHours event for investors. */
import { ParticipantCategory } from '@festival/shared';
import { eventPages } from '~/content/event-pages';
import { EventDetailPage } from '~/features/event-pages/components/event-detail-page';
import { RegisterYourself } from '~/features/event-pages/components/register-yourself';
import { TicketQuote } from '~/features/tickets/components/ticket-quote';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: `${eventPages.afterHours.title} — for investors`,
    description:
      'Friday AfterHours: Sufi Unplugged, 13 September 2024 in Ahmedabad. Get a ticket, and register as an investor to talk with every startup at the festival.',
    path: '/investor',
    type: 'event',
  },
};

export default function InvestorPage() {
  return (
    <EventDetailPage
      event={eventPages.afterHours}
      eyebrow="For investors"
      pagePath="/investor"
      purchase={eventPages.purchasePopup}
      price={(quantity) => (
        <TicketQuote
          participantCategoryId={ParticipantCategory.Investor}
          ticketName="Investor Pass"
          quantity={quantity}
        />
      )}
      after={<RegisterYourself {...eventPages.registerAsInvestor} tab="investor" />}
    />
  );
}
