/**
 * A real ticket type's price for `quantity` seats, as the server prices it (issue 10 §1): the
 * unit price with "incl. GST" or "+ GST", then base, CGST and SGST (or IGST) and total. For
 * pages that show a price without selling (the event pages' Review Purchase popup).
 */
import { formatRupees } from '@festival/shared';
import { FormAlert } from '~/components/ui/field';
import { Spinner } from '~/components/ui/spinner';
import { usePriceQuote } from '../api/quote-price';
import { useTickets } from '../api/get-tickets';
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
  const tickets = useTickets(participantCategoryId);
  const ticket = tickets.data?.find((candidate) => candidate.name === ticketName);
  const quote = usePriceQuote(ticket ? { selectedTicket: ticket._id, quantity } : undefined);

  if (tickets.isError || quote.isError || (tickets.data && !ticket)) {
    return (
      <FormAlert>
        The price could not be loaded. The register page shows every ticket with its price.
      </FormAlert>
    );
  }
  if (!ticket || !quote.data) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Loading the price…
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700" data-testid="unit-price">
        <span className="font-semibold">{ticket.name}</span>: {formatRupees(ticket.amount)} {ticket.gst.label}{' '}
        per ticket
      </p>
      <PriceBreakdown tax={quote.data} />
    </div>
  );
}
