/**
 * /investor: the Friday AfterHours event for investors. In English at `/investor`, Gujarati at
 * `/gu/investor` and Hindi at `/hi/investor` (lib/i18n/localized-routes.ts): the page's words are
 * translated; the event's and the ticket's names stay as they are.
 */
import { ParticipantCategory } from '@festival/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { eventPages } from '~/content/event-pages';
import { EventDetailPage } from '~/features/event-pages/components/event-detail-page';
import { RegisterYourself } from '~/features/event-pages/components/register-yourself';
import { TicketQuote } from '~/features/tickets/components/ticket-quote';
import type { PageMetaHandle } from '~/lib/seo';

const { title } = eventPages.afterHours;

export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: i18n._(msg`${title} — for investors`),
    description: i18n._(
      msg`Friday AfterHours: Sufi Unplugged, 13 September 2024 in Ahmedabad. Get a ticket, and register as an investor to talk with every startup at the festival.`,
    ),
    path: '/investor',
    type: 'event',
  }),
};

export default function InvestorPage() {
  const { t } = useLingui();
  return (
    <EventDetailPage
      event={eventPages.afterHours}
      eyebrow={t`For investors`}
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
