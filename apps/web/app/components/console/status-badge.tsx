/** Coloured labels of order statuses and attendee payment states, in words rather than codes. */
import { clsx } from 'clsx';
import type { OrderStatus } from '@festival/shared';

const TONES = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  wait: 'bg-amber-50 text-amber-900 ring-amber-200',
  off: 'bg-slate-100 text-slate-700 ring-slate-200',
  back: 'bg-violet-50 text-violet-800 ring-violet-200',
  bad: 'bg-red-50 text-red-800 ring-red-200',
} as const;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refund_due: 'Being refunded',
  refunded: 'Refunded',
};

const ORDER_TONES: Record<OrderStatus, keyof typeof TONES> = {
  pending: 'wait',
  paid: 'good',
  failed: 'off',
  expired: 'off',
  cancelled: 'off',
  refund_due: 'back',
  refunded: 'back',
};

function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span
      className={clsx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

export const PAYMENT_LABELS = {
  paid: 'Paid',
  comp: 'Comp (no payment)',
  refunded: 'Refunded',
  unpaid: 'Unpaid',
} as const;

export function PaymentBadge({ payment }: { payment: keyof typeof PAYMENT_LABELS }) {
  return (
    <Badge
      tone={payment === 'paid' || payment === 'comp' ? 'good' : payment === 'refunded' ? 'back' : 'wait'}
    >
      {PAYMENT_LABELS[payment]}
    </Badge>
  );
}

export function PlainBadge({ children, tone = 'off' }: { children: string; tone?: keyof typeof TONES }) {
  return <Badge tone={tone}>{children}</Badge>;
}
