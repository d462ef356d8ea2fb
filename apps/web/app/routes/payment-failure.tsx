import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { PaymentResult } from '~/components/layout/payment-result';
import { useOrder } from '~/features/orders/api/get-order';
import { RefundNotice } from '~/features/orders/components/refund-notice';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/payment-failure';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Payment failed',
    description:
      'Your Startup Fest Gujarat 2024 payment did not go through. Your reference number and how to try again.',
    path: '/payment-failure',
  });

/** The reference comes from the address (`?reference=`), known only in the browser: the page is prerendered as a shell. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { reference: new URL(request.url).searchParams.get('reference') ?? '' };
}

export function HydrateFallback() {
  return <FailureView reference={null} />;
}

export default function PaymentFailure({ loaderData }: Route.ComponentProps) {
  return <FailureView reference={loaderData.reference} />;
}

/**
 * Spec §2: 'PAYMENT FAILURE' and 'Reference No.' with the query's reference. A payment that
 * arrived too late to be kept lands here too: then the page says it is being refunded.
 */
function FailureView({ reference }: { reference: string | null }) {
  const order = useOrder(reference ?? '');
  const status = order.data?.status;
  return (
    <PaymentResult tone="failure" heading="PAYMENT FAILURE" reference={reference}>
      {order.data && (status === 'refund_due' || status === 'refunded') ? (
        <RefundNotice order={order.data} />
      ) : (
        <p className="text-slate-700">
          Your payment did not go through and you have not been charged. Your registration is saved; the seats
          held for this order return to sale when its reservation ends.
        </p>
      )}
      <Link to="/register" className={buttonClassName('secondary', 'mt-6')}>
        Try again
      </Link>
    </PaymentResult>
  );
}
