/**
 * A real ticket type's price for `quantity` attendees, as the server prices it:
 * the unit price with "incl. GST" or "+ GST", then base, CGST and SGST (or IGST) and total. A
 * stall package is one unit for up to its included passes; more attendees than
 * that are not asked of the server, whose checkout would refuse them, but explained. For pages
 * that show a price without selling (the event pages' Review Purchase popup). In the page's
 * language; the ticket's name in it where the organizers translated it, else in English.
 */
import { formatRupees } from '@festival/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ShownText, useShownText } from '~/components/shown-text';
import { FormAlert } from '~/components/ui/field';
import { Spinner } from '~/components/ui/spinner';
import { usePriceQuote } from '../api/quote-price';
import { useTickets } from '../api/get-tickets';
import { gstLabel } from '~/lib/ticket-price-notes';
import { PriceBreakdown } from './price-breakdown';

export function TicketQuote({
  participantCategoryId,
  ticketName,
  quantity,
}: {
  participantCategoryId: number;
  ticketName: string;
  quantity: number;
}) {
  const { i18n } = useLingui();
  const ticketText = useShownText();
  const tickets = useTickets(participantCategoryId);
  const ticket = tickets.data?.find((candidate) => candidate.name === ticketName);
  const tooMany = ticket?.soldPer === 'company' && quantity > ticket.passesIncluded;
  const quote = usePriceQuote(ticket && !tooMany ? { selectedTicket: ticket._id, quantity } : undefined);

  if (tickets.isError || quote.isError || (tickets.data && !ticket)) {
    return (
      <FormAlert>
        <Trans>The price could not be loaded. The register page shows every ticket with its price.</Trans>
      </FormAlert>
    );
  }
  if (ticket && tooMany) {
    const name = ticketText(ticket.translations, 'name', ticket.name);
    const passes = ticket.passesIncluded;
    return (
      <p className="text-sm text-slate-700" role="status">
        <Trans>
          {name} includes <Plural value={passes} _0="no passes" one="# pass" other="# passes" />: for{' '}
          {quantity} attendees choose a larger package on the register page.
        </Trans>
      </p>
    );
  }
  if (!ticket || !quote.data) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> <Trans>Loading the price…</Trans>
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700" data-testid="unit-price">
        <ShownText
          translations={ticket.translations}
          field="name"
          english={ticket.name}
          className="font-semibold"
        />
        : {formatRupees(ticket.amount)} {gstLabel(ticket.gst, i18n)}{' '}
        {ticket.soldPer === 'company' ? <Trans>per company</Trans> : <Trans>per ticket</Trans>}
      </p>
      <PriceBreakdown tax={quote.data} />
    </div>
  );
}
