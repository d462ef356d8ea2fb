import type { PriceQuote, PriceQuoteRequest } from '@festival/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/**
 * What checkout would charge (`POST auth/payment/quote`): taxable value, CGST and SGST or
 * IGST, and total in paise, computed by the server as checkout computes them. A buyer's GSTIN
 * can move a stall package's place of supply to their state; a voucher code prices the seats
 * (a 400 with a `voucherCode` field message when it cannot be used).
 */
export async function quotePrice(request: PriceQuoteRequest, signal?: AbortSignal): Promise<PriceQuote> {
  const { data } = await apiRequest<PriceQuote>('/auth/payment/quote', {
    method: 'POST',
    body: request,
    signal,
  });
  return data;
}

export const priceQuoteOptions = (request: PriceQuoteRequest) =>
  queryOptions({
    queryKey: [
      'price-quote',
      request.selectedTicket,
      request.quantity,
      request.gstin ?? '',
      request.voucherCode ?? '',
    ],
    queryFn: ({ signal }) => quotePrice(request, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    // A refused voucher code is an answer, not a hiccup: show it at once.
    retry: false,
  });

/** The quote of `quantity` seats of a ticket type; idle while none is picked. */
export function usePriceQuote(request: PriceQuoteRequest | undefined) {
  return useQuery({
    ...priceQuoteOptions(request ?? { selectedTicket: 0, quantity: 1 }),
    enabled: request !== undefined,
  });
}
