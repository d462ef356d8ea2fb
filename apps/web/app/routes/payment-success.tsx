import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import type { PageMetaHandle } from '~/lib/seo';
import type { Route } from './+types/payment-success';
import { useEffect } from 'react';

// Indexable on purpose: without a reference the page only says which page it is, and
// Lighthouse's SEO audit counts noindex against it.
export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: i18n._(msg`Payment successful`),
    description: i18n._(
      msg`Your Startup Fest Gujarat payment went through: your reference number and event passes.`,
    ),
    path: '/payment-success',
  }),
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
  const { t } = useLingui();
  const order = useOrder(reference);
  const notFound = reference === '' || (order.error instanceof ApiError && order.error.status === 404);
  if (notFound) return <NoOrder reference={reference} />;
  if (order.isPending) return <LoadingOrder />;
  if (order.isError) {
    return (
      <PaymentResult tone="neutral" heading={t`Your order`} reference={reference}>
        <FormAlert>
          <Trans>We could not load your order just now. Please reload this page in a moment.</Trans>
        </FormAlert>
      </PaymentResult>
    );
  }
  const { status } = order.data;
  if (status === 'paid') {
    return (
      <PaymentResult tone="success" heading={t`PAYMENT SUCCESS`} reference={reference}>
        <PaidOrder reference={reference} />
      </PaymentResult>
    );
  }
  if (status === 'pending') {
    return (
      <PaymentResult tone="success" heading={t`PAYMENT SUCCESS`} reference={reference}>
        {order.awaitingConfirmation ? (
          <Loading label={t`Waiting for the payment confirmation…`} />
        ) : (
          <p className="text-slate-700">
            <Trans>
              We have not received the payment confirmation yet. Your passes will be emailed to you as soon as
              it arrives; you can also reload this page in a few minutes.
            </Trans>
          </p>
        )}
      </PaymentResult>
    );
  }
  if (status === 'refund_due' || status === 'refunded') {
    return (
      <PaymentResult tone="neutral" heading={t`Your payment is being refunded`} reference={reference}>
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
  const { t } = useLingui();
  const locale = usePageLocale();
  const { status } = order;
  const payable = status !== 'cancelled' && !order.paymentCaptured;
  return (
    <PaymentResult
      tone={status === 'failed' ? 'failure' : 'neutral'}
      heading={status === 'failed' ? t`Payment failed` : t`This order was not paid`}
      reference={reference}
    >
      <p className="text-slate-700">
        {status === 'failed' ? (
          <Trans>
            The payment for this order did not go through, and you have not been charged. No passes were
            issued.
          </Trans>
        ) : status === 'cancelled' ? (
          <Trans>This order was cancelled by the organizers. No passes were issued.</Trans>
        ) : (
          <Trans>The reservation of this order ended before it was paid. No passes were issued.</Trans>
        )}
      </p>
      {payable && order.viewer === 'buyer' ? (
        <PayAgain reference={reference} orderKey={orderKey} />
      ) : payable ? (
        <Link to={localizedPath('/manage', locale)} className={buttonClassName('secondary', 'mt-6')}>
          <Trans>Sign in to pay</Trans>
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
          <Trans>Download passes (PDF)</Trans>
        </a>
      </div>
      <OrderPasses order={order.data} />
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-slate-600">
      <Spinner /> {label}
    </p>
  );
}

function LoadingOrder() {
  const { t } = useLingui();
  return (
    <PaymentResult tone="neutral" heading={t`Your order`} reference={null}>
      <Loading label={t`Loading your order…`} />
    </PaymentResult>
  );
}

function NoOrder({ reference }: { reference: string }) {
  const { t } = useLingui();
  const locale = usePageLocale();
  return (
    <PaymentResult tone="neutral" heading={t`We could not find this order`} reference={reference}>
      <p className="text-slate-700">
        <Trans>
          We could not find an order with this reference. Please check the link in your email, or look your
          order up from Manage my registration.
        </Trans>
      </p>
      <Link to={localizedPath('/manage', locale)} className={buttonClassName('secondary', 'mt-6')}>
        <Trans>Find my order</Trans>
      </Link>
    </PaymentResult>
  );
}
