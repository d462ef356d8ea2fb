import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { HAS_REFERENCE, PaymentResult } from '~/components/layout/payment-result';
import { PrepaintChoice } from '~/components/prepaint-choice';
import { Spinner } from '~/components/ui/spinner';
import { PayAgain } from '~/features/checkout/components/pay-again';
import { useOrder } from '~/features/orders/api/get-order';
import { RefundNotice } from '~/features/orders/components/refund-notice';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import type { PageMetaHandle } from '~/lib/seo';
import type { Route } from './+types/payment-failure';

export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: i18n._(msg`Payment failed`),
    description: i18n._(
      msg`Your Startup Fest Gujarat payment did not go through. Your reference number and how to try again.`,
    ),
    path: '/payment-failure',
  }),
};

/** The reference comes from the address (`?reference=`), known only in the browser: the page is prerendered as a shell. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { reference: new URL(request.url).searchParams.get('reference') ?? '' };
}

/**
 * The prerendered page: checking the order for an address with a reference, else what the page
 * says without one (its largest paint is then the HTML's own).
 */
export function HydrateFallback() {
  return (
    <PrepaintChoice test={HAS_REFERENCE} when={<FailureView reference={null} />}>
      <FailureView reference="" />
    </PrepaintChoice>
  );
}

export default function PaymentFailure({ loaderData }: Route.ComponentProps) {
  return <FailureView reference={loaderData.reference} />;
}

/** Statuses an order can be paid again from (the server decides again: orders pay-again). */
const PAYABLE_AGAIN = new Set(['pending', 'failed', 'expired']);

/**
 * The spec's 'PAYMENT FAILURE' and 'Reference No.' with the query's reference. What it says
 * about money comes from the server: "you have not been charged" only when the
 * order shows no captured payment; a payment that arrived too late to be kept reads as being
 * refunded; an unknown order claims nothing. The browser that bought holds the order's buyer
 * key, so Pay again reopens the payment for the same order right here (the server decides the
 * attendees, ticket, voucher and amount again); without that key, or for a colleague's view,
 * paying goes through Manage my registration, since registering again with the same email is
 * refused.
 */
function FailureView({ reference }: { reference: string | null }) {
  const { t } = useLingui();
  const locale = usePageLocale();
  const order = useOrder(reference ?? '');
  const data = order.data;
  const canPayAgain =
    data !== undefined &&
    data.viewer === 'buyer' &&
    !data.paymentCaptured &&
    PAYABLE_AGAIN.has(data.status) &&
    reference !== null;
  const lookingUp = order.isPending && reference !== '';
  const settled = data !== undefined && (data.paymentCaptured || data.status === 'cancelled');
  const offerManage = !canPayAgain && !lookingUp && !settled;
  return (
    <PaymentResult tone="failure" heading={t`PAYMENT FAILURE`} reference={reference}>
      {data && (data.status === 'refund_due' || data.status === 'refunded') ? (
        <RefundNotice order={data} />
      ) : data && data.status === 'cancelled' ? (
        <p className="text-slate-700">
          <Trans>
            This order was cancelled by the organizers and cannot be paid. Please write to us with the
            reference number if you still need passes.
          </Trans>
        </p>
      ) : data && !data.paymentCaptured ? (
        <p className="text-slate-700">
          {canPayAgain ? (
            <Trans>
              Your payment did not go through and you have not been charged. Your registration is saved. Pay
              again for the same attendees and ticket: if the reservation has ended, we check that seats are
              still free and work out the price again before you pay.
            </Trans>
          ) : (
            <Trans>
              Your payment did not go through and you have not been charged. Your registration is saved. You
              can pay for it from Manage my registration. The seats held for this order return to sale when
              its reservation ends.
            </Trans>
          )}
        </p>
      ) : data ? (
        <p className="text-slate-700">
          <Trans>
            We received a payment for this order. Its passes are on the{' '}
            <Link
              to={localizedPath(`/payment-success?reference=${encodeURIComponent(data.reference)}`, locale)}
              className="underline"
            >
              order page
            </Link>
            .
          </Trans>
        </p>
      ) : lookingUp ? (
        <p role="status" className="flex items-center justify-center gap-2 text-slate-600">
          <Spinner /> <Trans>Checking your order…</Trans>
        </p>
      ) : (
        <p className="text-slate-700">
          <Trans>
            Your payment did not go through. We could not look this order up in this browser; sign in to
            Manage my registration to pay for it. If money left your account, write to us with the reference
            number.
          </Trans>
        </p>
      )}
      {canPayAgain ? <PayAgain reference={reference} orderKey={order.key} /> : null}
      {offerManage ? (
        <Link to={localizedPath('/manage', locale)} className={buttonClassName('secondary', 'mt-6')}>
          <Trans>Sign in to pay</Trans>
        </Link>
      ) : null}
    </PaymentResult>
  );
}
