/**
 * Checkout hand-off (after `auth/payment/checkout`): create the order, then give the
 * browser to the payment provider: the sandbox's test page, or Razorpay Checkout. While a
 * Razorpay order waits for payment, its seat reservation is counted down and can be extended
 * once (WCAG 2.2.1).
 */
import type { CheckoutRequest, CheckoutResponse } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '~/lib/api-client';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { createCheckout } from '../api/create-checkout';
import { extendReservation } from '../api/extend-reservation';
import { secondsUntil } from '../lib/deadline';
import { handOff } from '../lib/hand-off';

const requestKey = ({ startupIds, selectedTicket, gstInvoice }: CheckoutRequest) =>
  `${selectedTicket}:${startupIds.join(',')}:${JSON.stringify(gstInvoice ?? null)}`;

/** The seats a pending order holds, as the page counts them down. */
export interface Reservation {
  /** The order's public reference. */
  reference: string;
  /** When the seats are released, on this device's clock (epoch ms). */
  deadline: number;
  /** The one extension is used up (granted, or refused by the server). */
  extended: boolean;
}

interface HeldOrder {
  key: string;
  answer: CheckoutResponse;
  reservation: Reservation;
}

/**
 * A mutation that creates the order and hands off to the provider. `redirecting` stays true
 * once the browser is on its way to the sandbox page, so the button keeps its pending state.
 * Razorpay's window can be closed without paying: pressing Checkout again for the same
 * attendees and ticket reopens the same order, while its seats are held, instead of holding a
 * second set of seats. (The sandbox page is a full navigation; its order ends paid or failed,
 * so it is never reused.) `reservation` is the held order's countdown; `extend` asks for more
 * time once. `create` opens the order: the public checkout by default; the manage page passes
 * its session's checkout (same answer). The order is sent with the page's language, which its
 * emails are written in.
 */
export function useCheckout(
  create: (
    request: CheckoutRequest,
  ) => Promise<{ answer: CheckoutResponse; deadline: number }> = createCheckout,
) {
  const locale = usePageLocale();
  const held = useRef<HeldOrder>(undefined);
  const [reservation, setReservationState] = useState<Reservation>();

  const setReservation = useCallback((next: Reservation | undefined) => {
    if (held.current && next) held.current = { ...held.current, reservation: next };
    if (!next) held.current = undefined;
    setReservationState(next);
  }, []);

  const mutation = useMutation({
    mutationFn: async (request: CheckoutRequest) => {
      const key = requestKey(request);
      const current = held.current;
      const reusable = current?.key === key && secondsUntil(current.reservation.deadline) > 0;
      const { answer, deadline } = reusable
        ? { answer: current.answer, deadline: current.reservation.deadline }
        : await create({ ...request, locale });
      // Razorpay's window opens over this page, which counts the reservation down; the sandbox's
      // test page, or a free order's (a comp voucher) success page, replaces it.
      if (answer.checkout.provider === 'razorpay' && !reusable) {
        const next = { reference: answer.order.reference, deadline, extended: false };
        held.current = { key, answer, reservation: next };
        setReservationState(next);
      }
      await handOff(answer, deadline);
      return answer;
    },
  });

  const extension = useMutation({
    mutationFn: (reference: string) => extendReservation(reference),
    onSuccess: (deadline) => {
      const current = held.current?.reservation;
      if (current) setReservation({ ...current, deadline, extended: true });
    },
    onError: (error) => {
      // The server refused (already extended, lapsed, paid): the offer is gone. A network
      // failure leaves it open for another try.
      const current = held.current?.reservation;
      if (current && error instanceof ApiError) setReservation({ ...current, extended: true });
    },
  });
  const { mutate: extendMutate } = extension;
  const extend = useCallback(() => {
    const current = held.current?.reservation;
    if (current && !current.extended) extendMutate(current.reference);
  }, [extendMutate]);

  /** Stops showing the reservation (the attendee list it was for is gone); the seats lapse on their own. */
  const forgetReservation = useCallback(() => setReservation(undefined), [setReservation]);

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

  const redirecting = mutation.isSuccess && mutation.data.checkout.provider !== 'razorpay';
  return {
    ...mutation,
    redirecting,
    reservation,
    extend,
    extending: extension.isPending,
    extendError: extension.error?.message,
    forgetReservation,
  };
}
