import { Link } from 'react-router';
import { PaymentResult } from '~/components/layout/payment-result';
import { buttonClassName } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { Spinner } from '~/components/ui/spinner';
import { useOrder } from '~/features/orders/api/get-order';
import { OrderPasses } from '~/features/orders/components/order-passes';
import { RefundNotice } from '~/features/orders/components/refund-notice';
import { ApiError } from '~/lib/api-client';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/payment-success';

// Indexable on purpose: without a reference the page only says which page it is, and
// Lighthouse's SEO audit (issue 3's target) counts noindex against it.
export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Payment successful',
    description:
      'Your Startup Fest Gujarat 2024 payment went through: your reference number and event passes.',
    path: '/payment-success',
  });

/** The reference comes from the address (`?reference=`), known only in the browser: the page is prerendered as a shell. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { reference: new URL(request.url).searchParams.get('reference') ?? '' };
}

export function HydrateFallback() {
  return (
    <PaymentResult tone="success" heading="PAYMENT SUCCESS" reference={null}>
      <Loading />
    </PaymentResult>
  );
}

/** Spec §2: 'PAYMENT SUCCESS' and 'Reference No.'; then the order's passes once the payment is confirmed. */
export default function PaymentSuccess({ loaderData: { reference } }: Route.ComponentProps) {
  return (
    <PaymentResult tone="success" heading="PAYMENT SUCCESS" reference={reference}>
      {reference ? <OrderDetails reference={reference} /> : <NoOrder />}
    </PaymentResult>
  );
}

function OrderDetails({ reference }: { reference: string }) {
  const order = useOrder(reference);

  if (order.isPending) return <Loading />;
  if (order.isError) {
    return order.error instanceof ApiError && order.error.status === 404 ? (
      <NoOrder />
    ) : (
      <FormAlert>We could not load your order just now. Please reload this page in a moment.</FormAlert>
    );
  }
  const { status } = order.data;
  if (status === 'paid') return <OrderPasses order={order.data} />;
  if (status === 'refund_due' || status === 'refunded') return <RefundNotice order={order.data} />;
  if (status === 'pending') {
    return order.awaitingConfirmation ? (
      <Loading label="Waiting for the payment confirmation…" />
    ) : (
      <p className="text-slate-700">
        We have not received the payment confirmation yet. Your passes will be emailed to you as soon as it
        arrives; you can also reload this page in a few minutes.
      </p>
    );
  }
  return (
    <div>
      <p className="text-slate-700">
        This order is {status === 'failed' ? 'marked as failed' : 'no longer valid'}; no passes were issued.
      </p>
      <Link to="/register" className={buttonClassName('secondary', 'mt-6')}>
        Register again
      </Link>
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

function NoOrder() {
  return (
    <div>
      <p className="text-slate-700">
        We could not find an order with this reference. Please check the link in your email.
      </p>
      <Link to="/register" className={buttonClassName('outline', 'mt-6')}>
        Go to registration
      </Link>
    </div>
  );
}
