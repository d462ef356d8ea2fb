/** /pitcher: the Friday AfterHours event for pitchers; its popup only closes by its buttons, as the spec says. */
import { ParticipantCategory } from '@festival/shared';
import { eventPages } from '~/content/event-pages';
import { EventDetailPage } from '~/features/event-pages/components/event-detail-page';
import { RegisterYourself } from '~/features/event-pages/components/register-yourself';
import { TicketQuote } from '~/features/tickets/components/ticket-quote';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: `${eventPages.afterHours.title} — for pitchers`,
    description:
      'Friday AfterHours: Sufi Unplugged, 13 September 2024 in Ahmedabad. Get a ticket, and register as a pitcher for a 5-minute slot on stage and a stall.',
    path: '/pitcher',
    type: 'event',
  },
};

export default function PitcherPage() {
  return (
    <EventDetailPage
      event={eventPages.afterHours}
      eyebrow="For pitchers"
      pagePath="/pitcher"
      purchase={eventPages.purchasePopup}
      price={(quantity) => (
        <TicketQuote
          participantCategoryId={ParticipantCategory.Pitcher}
          ticketName="Gold Stall Package"
          quantity={quantity}
        />
      )}
      popupDismissible={false}
      after={<RegisterYourself {...eventPages.registerAsPitcher} tab="pitcher" />}
    />
  );
}
