import { formatRupees, type OrderSummary } from '@festival/shared';
import { Trans } from '@lingui/react/macro';

/**
 * What a buyer reads about an order whose money goes back (`refund_due` or `refunded`): a
 * payment that arrived too late to be kept, or an organizer's refund. The refund email says
 * which; the page only knows the order's state. An attendee who did not pay (no amount in their
 * view) reads that their pass is no longer valid.
 */
export function RefundNotice({ order }: { order: Pick<OrderSummary, 'status' | 'amount'> }) {
  if (order.amount === null) {
    return (
      <p className="text-slate-700">
        <Trans>
          The payment for this order was refunded to the person who paid, so this order has no valid passes.
        </Trans>
      </p>
    );
  }
  const amount = formatRupees(order.amount);
  return (
    <div className="text-slate-700">
      <p>
        <Trans>
          The payment of <strong>{amount}</strong> for this order could not be kept or was refunded by the
          festival team, so this order has no valid passes. The email we sent you says why.
        </Trans>
      </p>
      <p className="mt-3">
        {order.status === 'refunded' ? (
          <Trans>The {amount} has been refunded to the account or card you paid with.</Trans>
        ) : (
          <Trans>
            We are refunding the full {amount} to the account or card you paid with; banks usually credit it
            within 5–7 working days. We have emailed you the details.
          </Trans>
        )}
      </p>
    </div>
  );
}
