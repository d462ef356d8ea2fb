/**
 * Gives the browser to the payment provider for an opened order: the sandbox's test page (or a
 * free order's success page) by navigation, or Razorpay Checkout's window over this page.
 */
import type { CheckoutResponse } from '@festival/shared';
import { BRAND_NAME } from '~/lib/current-edition';
import { secondsUntil } from './deadline';
import { openRazorpayCheckout } from './razorpay';

/** Name Razorpay's window shows above the amount: the festival's, which stays with every edition. */
const MERCHANT_NAME = BRAND_NAME;

/**
 * Hands off to the provider. `deadline` (epoch ms on this device's clock) is when the seats are
 * released: Razorpay's window closes then rather than take a payment for seats no longer held.
 * @throws Error when Razorpay's script cannot be loaded
 */
export async function handOff(answer: CheckoutResponse, deadline: number): Promise<void> {
  if (answer.checkout.provider !== 'razorpay') {
    window.location.assign(answer.checkout.url);
    return;
  }
  await openRazorpayCheckout({ ...answer, checkout: answer.checkout }, MERCHANT_NAME, secondsUntil(deadline));
}
