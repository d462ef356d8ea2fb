/**
 * 'Review Purchase' popup of the event pages (/pitcher, /investor, /startup): quantity stepper,
 * sales end, and the price of a real ticket type for that quantity with its GST, as the server
 * prices it (`price` renders it). 'Proceed to checkout' leads to /register (in the page's
 * language), where tickets are bought.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import type { PurchasePopup } from '~/content/event-pages';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { useContentText } from '../lib/content-text';
import { QuantityStepper } from './quantity-stepper';

export interface ReviewPurchaseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  purchase: PurchasePopup;
  /** The price of `quantity` tickets with its GST. */
  price: (quantity: number) => ReactNode;
  /** False on /pitcher: only Cancel (or the close button) closes it. */
  dismissible?: boolean;
}

export function ReviewPurchaseDialog({
  open,
  onOpenChange,
  purchase,
  price,
  dismissible = true,
}: ReviewPurchaseDialogProps) {
  const [quantity, setQuantity] = useState(1);
  const { t } = useLingui();
  const text = useContentText();
  const locale = usePageLocale();
  // Each opening starts a fresh review at quantity 1, however it was closed.
  function handleOpenChange(next: boolean) {
    if (!next) setQuantity(1);
    onOpenChange(next);
  }
  return (
    <Dialog
      closeLabel={t`Close`}
      open={open}
      onOpenChange={handleOpenChange}
      title={t`Review Purchase`}
      dismissible={dismissible}
      footer={
        <>
          <Button variant="outline" onClick={() => handleOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Link to={localizedPath('/register', locale)} className={buttonClassName('primary')}>
            <Trans>Proceed to checkout</Trans>
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <QuantityStepper value={quantity} onChange={setQuantity} />
        <p className="text-sm font-semibold text-accent-800">{text(purchase.salesEnd)}</p>
        <div aria-live="polite">{open ? price(quantity) : null}</div>
        <p className="text-xs text-slate-600">
          {text(purchase.finalSaleNote)}{' '}
          <Trans>You register each attendee and pay on the register page.</Trans>
        </p>
      </div>
    </Dialog>
  );
}
