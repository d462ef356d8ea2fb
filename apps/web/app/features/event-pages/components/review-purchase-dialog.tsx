/**
 * 'Review Purchase' popup of the event pages (spec §2 Pitcher/Investor/Startup, §4 ticket popups,
 * §9 demo): amount, quantity stepper, sales end, and subtotal/tax/total as a static display.
 * The figures do not follow the quantity on purpose: §9 fixes them as a demo. 'Proceed to
 * checkout' leads to /register, where real tickets are priced and paid for.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import type { DemoPurchase } from '~/content/event-pages';
import { formatPaise } from '../lib/money';
import { QuantityStepper } from './quantity-stepper';

export interface ReviewPurchaseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  purchase: DemoPurchase;
  /** False on /pitcher: only Cancel (or the close button) closes it. */
  dismissible?: boolean;
}

export function ReviewPurchaseDialog({
  open,
  onOpenChange,
  purchase,
  dismissible = true,
}: ReviewPurchaseDialogProps) {
  const [quantity, setQuantity] = useState(1);
  const amountId = useId();
  const amountNoteId = useId();
  // Each opening starts a fresh review at quantity 1, however it was closed.
  function handleOpenChange(next: boolean) {
    if (!next) setQuantity(1);
    onOpenChange(next);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Review Purchase"
      dismissible={dismissible}
      footer={
        <>
          <Button variant="outline" onClick={() => handleOpenChange(false)}>
            Cancel
          </Button>
          <Link to="/register" className={buttonClassName('primary')}>
            Proceed to checkout
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={amountId} className="text-sm font-medium text-slate-700">
            Amount (₹)
          </label>
          <input
            id={amountId}
            readOnly
            value={purchase.unitPricePaise / 100}
            aria-describedby={amountNoteId}
            className="w-40 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2"
          />
          <p id={amountNoteId} className="text-xs text-slate-600">
            {purchase.priceNote}
          </p>
        </div>
        <QuantityStepper value={quantity} onChange={setQuantity} />
        <p className="text-sm font-semibold text-accent-800">{purchase.salesEnd}</p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 rounded-xl bg-brand-50 p-4 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums">{formatPaise(purchase.subtotalPaise)}</dd>
          <dt>Tax</dt>
          <dd className="text-right tabular-nums">{formatPaise(purchase.taxPaise)}</dd>
          <dt className="border-t border-brand-200 pt-2 font-bold">Total</dt>
          <dd className="border-t border-brand-200 pt-2 text-right font-bold tabular-nums">
            {formatPaise(purchase.totalPaise)}
          </dd>
        </dl>
        <p className="text-xs text-slate-600">
          {purchase.finalSaleNote} The amounts above are an example; the price of your tickets is set when you
          register.
        </p>
      </div>
    </Dialog>
  );
}
