/**
 * A real ticket type's price for `quantity` attendees, as the server prices it:
 * the unit price with "incl. GST" or "+ GST", then base, CGST and SGST (or IGST) and total. A
 * stall package is one unit for up to its included passes; more attendees than
 * that are not asked of the server, whose checkout would refuse them, but explained. For pages
 * that show a price without selling (the event pages' Review Purchase popup).
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
  const tooMany = ticket?.soldPer === 'company' && quantity > ticket.passesIncluded;
  const quote = usePriceQuote(ticket && !tooMany ? { selectedTicket: ticket._id, quantity } : undefined);

  if (tickets.isError || quote.isError || (tickets.data && !ticket)) {
    return (
      <FormAlert>
        The price could not be loaded. The register page shows every ticket with its price.
      </FormAlert>
    );
  }
  if (ticket && tooMany) {
    return (
      <p className="text-sm text-slate-700" role="status">
        {ticket.name} includes {ticket.passesIncluded} {ticket.passesIncluded === 1 ? 'pass' : 'passes'}: for{' '}
        {quantity} attendees choose a larger package on the register page.
      </p>
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
        {ticket.soldPer === 'company' ? 'per company' : 'per ticket'}
      </p>
      <PriceBreakdown tax={quote.data} />
    </div>
  );
}
