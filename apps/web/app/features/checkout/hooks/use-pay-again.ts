/**
 * Paying again for an unpaid order by its reference: the server reopens its payment or checks
 * out a new order for the same attendees (orders pay-again on the API), then the browser is
 * handed to the provider. Asking twice is safe: the server answers the same order while it
 * holds its seats, so the hook keeps no order of its own.
 */
import type { CheckoutResponse } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { handOff } from '../lib/hand-off';

/**
 * A mutation taking an order's reference. `open` asks the server (the buyer's key on the
 * payment pages, the manage session on Manage my registration). `redirecting` stays true once
 * the browser is on its way to the sandbox page, so the button keeps its pending state.
 */
export function usePayAgain(
  open: (reference: string) => Promise<{ answer: CheckoutResponse; deadline: number }>,
) {
  const mutation = useMutation({
    mutationFn: async (reference: string) => {
      const { answer, deadline } = await open(reference);
      await handOff(answer, deadline);
      return answer;
    },
  });

  // Back from the sandbox page restores this page from the back/forward cache, still
  // "redirecting"; make the button usable again.
  const { reset } = mutation;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const redirecting = mutation.isSuccess && mutation.data.checkout.provider !== 'razorpay';
  return { ...mutation, redirecting };
}
