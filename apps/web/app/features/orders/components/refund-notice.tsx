import { formatRupees, type OrderSummary } from '@festival/shared';

/**
 * What a buyer whose payment could not be kept reads (order `refund_due` or `refunded`):
 * the money was received after the reservation ended and goes back automatically.
 */
export function RefundNotice({ order }: { order: Pick<OrderSummary, 'status' | 'amount'> }) {
  const amount = formatRupees(order.amount);
  return (
    <div className="text-slate-700">
      <p>
        Your payment of <strong>{amount}</strong> reached us after this order had closed (its reservation ran
        out, or a newer order for the same attendees replaced it) and it could not be honoured, so no passes
        were issued with it.
      </p>
      <p className="mt-3">
        {order.status === 'refunded'
          ? `The ${amount} has been refunded to the account or card you paid with.`
          : `We are refunding the full ${amount} to the account or card you paid with; banks usually credit it within 5–7 working days. We have emailed you the details.`}
      </p>
    </div>
  );
}
