/**
 * Razorpay Checkout.js, loaded only when a buyer actually pays with Razorpay so no third-party
 * script runs on any other page. Options: https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/
 */
import type { CheckoutResponse } from '@festival/shared';

const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  name: string;
  prefill: { name: string; email: string; contact: string };
  callback_url: string;
  redirect: boolean;
  /** Seconds until Checkout closes itself. */
  timeout: number;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open(): void };
  }
}

let loading: Promise<void> | undefined;

/** Adds Checkout.js once; rejects if it cannot load (a retry tries again). */
function loadCheckoutScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error('Could not load the payment window.'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Opens Razorpay's payment window for an order. With `redirect: true` Razorpay posts the
 * result to the server's callback URL, which then sends the browser to /payment-success or
 * /payment-failure. `secondsLeft` (whole seconds until the reservation lapses) becomes
 * Checkout's `timeout`, so the window closes when the seats are released instead of taking a
 * payment for seats no longer held.
 */
export async function openRazorpayCheckout(
  answer: CheckoutResponse & { checkout: { provider: 'razorpay' } },
  eventName: string,
  secondsLeft: number,
): Promise<void> {
  await loadCheckoutScript();
  if (!window.Razorpay) throw new Error('Could not load the payment window.');
  new window.Razorpay({
    key: answer.checkout.keyId,
    order_id: answer.order.id,
    amount: answer.order.amount,
    currency: 'INR',
    name: eventName,
    prefill: answer.person,
    callback_url: answer.checkout.callbackUrl,
    redirect: true,
    timeout: secondsLeft,
  }).open();
}
