import { Link } from 'react-router';
import { FestivalDatesPanel } from '~/components/festival-dates';
import { HAS_REFERENCE, PaymentResult } from '~/components/layout/payment-result';
import { PrepaintChoice } from '~/components/prepaint-choice';
import { buttonClassName } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { Spinner } from '~/components/ui/spinner';
import type { OrderSummary } from '@festival/shared';
import { PayAgain } from '~/features/checkout/components/pay-again';
import { forgetStoredAttendees } from '~/features/event-pass/lib/stored-attendees';
import { useOrder } from '~/features/orders/api/get-order';
import { withOrderKey } from '~/lib/order-keys';
import { OrderPasses } from '~/features/orders/components/order-passes';
import { RefundNotice } from '~/features/orders/components/refund-notice';
import { ApiError } from '~/lib/api-client';
import type { PageMetaHandle } from '~/lib/seo';
import type { Route } from './+types/payment-success';
import { useEffect } from 'react';

// Indexable on purpose: without a reference the page only says which page it is, and
// Lighthouse's SEO audit counts noindex against it.
export const handle: PageMetaHandle = {
  meta: {
    title: 'Payment successful',
    description: 'Your Startup Fest Gujarat payment went through: your reference number and event passes.',
    path: '/payment-success',
  },
};

/** The reference comes from the address (`?reference=`), known only in the browser: the page is prerendered as a shell. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { reference: new URL(request.url).searchParams.get('reference') ?? '' };
}

/**
 * The prerendered page: loading for an address with a reference, else what the page says
 * without one (its largest paint is then the HTML's own).
 */
export function HydrateFallback() {
  return (
    <PrepaintChoice test={HAS_REFERENCE} when={<LoadingOrder />}>
      <NoOrder reference="" />
    </PrepaintChoice>
  );
}

/**
 * The spec's 'PAYMENT SUCCESS' and 'Reference No.'; then the order's passes once the payment is
 * confirmed, the festival's dates with calendar links, and the printable passes. Honest about
 * what it knows: the green tick and 'PAYMENT SUCCESS' only for an order that is
 * paid or whose confirmation is awaited; an unknown reference reads 'We could not find this
 * order', and an order that ended unpaid says so without a tick, with Pay again for its buyer.
 */
export default function PaymentSuccess({ loaderData: { reference } }: Route.ComponentProps) {
  const order = useOrder(reference);
  const notFound = reference === '' || (order.error instanceof ApiError && order.error.status === 404);
  if (notFound) return <NoOrder reference={reference} />;
  if (order.isPending) return <LoadingOrder />;
  if (order.isError) {
    return (
      <PaymentResult tone="neutral" heading="Your order" reference={reference}>
        <FormAlert>We could not load your order just now. Please reload this page in a moment.</FormAlert>
      </PaymentResult>
    );
  }
  const { status } = order.data;
  if (status === 'paid') {
    return (
      <PaymentResult tone="success" heading="PAYMENT SUCCESS" reference={reference}>
        <PaidOrder reference={reference} />
      </PaymentResult>
    );
  }
  if (status === 'pending') {
    return (
      <PaymentResult tone="success" heading="PAYMENT SUCCESS" reference={reference}>
        {order.awaitingConfirmation ? (
          <Loading label="Waiting for the payment confirmation…" />
        ) : (
          <p className="text-slate-700">
            We have not received the payment confirmation yet. Your passes will be emailed to you as soon as
            it arrives; you can also reload this page in a few minutes.
          </p>
        )}
      </PaymentResult>
    );
  }
  if (status === 'refund_due' || status === 'refunded') {
    return (
      <PaymentResult tone="neutral" heading="Your payment is being refunded" reference={reference}>
        <RefundNotice order={order.data} />
      </PaymentResult>
    );
  }
  return <UnpaidOrder reference={reference} order={order.data} orderKey={order.key} />;
}

/**
 * An order that ended unpaid: its payment failed, its reservation ended, or an organizer
 * cancelled it. No passes were issued. Its buyer (this browser holds the buyer's key) may pay
 * again here, except for a cancelled order; anyone else pays from Manage my registration.
 */
function UnpaidOrder({
  reference,
  order,
  orderKey,
}: {
  reference: string;
  order: OrderSummary;
  orderKey: string | undefined;
}) {
  const { status } = order;
  const payable = status !== 'cancelled' && !order.paymentCaptured;
  return (
    <PaymentResult
      tone={status === 'failed' ? 'failure' : 'neutral'}
      heading={status === 'failed' ? 'Payment failed' : 'This order was not paid'}
      reference={reference}
    >
      <p className="text-slate-700">
        {status === 'failed'
          ? 'The payment for this order did not go through, and you have not been charged.'
          : status === 'cancelled'
            ? 'This order was cancelled by the organizers.'
            : 'The reservation of this order ended before it was paid.'}{' '}
        No passes were issued.
      </p>
      {payable && order.viewer === 'buyer' ? (
        <PayAgain reference={reference} orderKey={orderKey} />
      ) : payable ? (
        <Link to="/manage" className={buttonClassName('secondary', 'mt-6')}>
          Sign in to pay
        </Link>
      ) : null}
    </PaymentResult>
  );
}

function PaidOrder({ reference }: { reference: string }) {
  const order = useOrder(reference);
  // Paid: the attendee list kept for the Event Pass dialog has done its job.
  useEffect(() => forgetStoredAttendees(), []);
  if (!order.data) return null;
  return (
    <div className="grid gap-6">
      {/* The order's own edition: after the next one is made current, an old order still reads its own. */}
      <FestivalDatesPanel event={order.data.Event} />
      <div>
        <a
          href={withOrderKey(
            `/api/auth/payment/orders/${encodeURIComponent(reference)}/passes.pdf`,
            order.key,
          )}
          download
          className={buttonClassName('secondary')}
        >
          Download passes (PDF)
        </a>
      </div>
      <OrderPasses order={order.data} />
    </div>
  );
}

function Loading({ label = 'Loading your passes…' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-slate-600">
      <Spinner /> {label}
    </p>
  );
}

function LoadingOrder() {
  return (
    <PaymentResult tone="neutral" heading="Your order" reference={null}>
      <Loading label="Loading your order…" />
    </PaymentResult>
  );
}

function NoOrder({ reference }: { reference: string }) {
  return (
    <PaymentResult tone="neutral" heading="We could not find this order" reference={reference}>
      <p className="text-slate-700">
        We could not find an order with this reference. Please check the link in your email, or look your
        order up from Manage my registration.
      </p>
      <Link to="/manage" className={buttonClassName('secondary', 'mt-6')}>
        Find my order
      </Link>
    </PaymentResult>
  );
}
