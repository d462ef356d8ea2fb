/**
 * /pitcher: the Friday AfterHours event for pitchers; its popup only closes by its buttons, as the
 * spec says. In English at `/pitcher`, Gujarati at `/gu/pitcher` and Hindi at `/hi/pitcher`
 * (lib/i18n/localized-routes.ts): the page's words are translated; the event's and the ticket's
 * names stay as they are.
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
    title: i18n._(msg`${title} — for pitchers`),
    description: i18n._(
      msg`Friday AfterHours: Sufi Unplugged, 13 September 2024 in Ahmedabad. Get a ticket, and register as a pitcher for a 5-minute slot on stage and a stall.`,
    ),
    path: '/pitcher',
    type: 'event',
  }),
};

export default function PitcherPage() {
  const { t } = useLingui();
  return (
    <EventDetailPage
      event={eventPages.afterHours}
      eyebrow={t`For pitchers`}
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
