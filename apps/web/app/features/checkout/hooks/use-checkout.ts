/**
 * Checkout hand-off (spec §7 after `auth/payment/checkout`): create the order, then give the
 * browser to the payment provider: the sandbox's test page, or Razorpay Checkout.
 */
import type { CheckoutRequest, CheckoutResponse } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { createCheckout } from '../api/create-checkout';
import { openRazorpayCheckout } from '../lib/razorpay';

/** Name Razorpay's window shows above the amount. */
const MERCHANT_NAME = 'Startup Fest Gujarat 2024';

const requestKey = ({ startupIds, selectedTicket }: CheckoutRequest) =>
  `${selectedTicket}:${startupIds.join(',')}`;

/**
 * A mutation that creates the order and hands off to the provider. `redirecting` stays true
 * once the browser is on its way to the sandbox page, so the button keeps its pending state.
 * Razorpay's window can be closed without paying: pressing Checkout again for the same
 * attendees and ticket reopens the same order instead of holding a second set of seats.
 * (The sandbox page is a full navigation; its order ends paid or failed, so it is never reused.)
 */
export function useCheckout() {
  const lastOrder = useRef<{ key: string; answer: CheckoutResponse }>(undefined);

  const mutation = useMutation({
    mutationFn: async (request: CheckoutRequest) => {
      const key = requestKey(request);
      const answer =
        lastOrder.current?.key === key ? lastOrder.current.answer : await createCheckout(request);
      if (answer.checkout.provider === 'sandbox') {
        window.location.assign(answer.checkout.url);
      } else {
        lastOrder.current = { key, answer };
        await openRazorpayCheckout({ ...answer, checkout: answer.checkout }, MERCHANT_NAME);
      }
      return answer;
    },
  });

  // Coming back from the sandbox page with the Back button restores this page from the
  // back/forward cache, still "redirecting"; make the button usable again.
  const { reset } = mutation;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const redirecting = mutation.isSuccess && mutation.data.checkout.provider === 'sandbox';
  return { ...mutation, redirecting };
}
