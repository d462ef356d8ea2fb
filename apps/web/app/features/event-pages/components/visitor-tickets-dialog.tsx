/**
 * The 'Select Tickets' popup of /popup-visitor: three pass cards, each with its
 * sales end date, an amount box (placeholder 100 or 1000), a quantity stepper and the
 * 'Select your ticket' multi-select. A demo: nothing is bought here; Continue leads to /register.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { eventPages } from '~/content/event-pages';
import { QuantityStepper } from './quantity-stepper';
import { TicketMultiSelect } from './ticket-multi-select';

type Card = (typeof eventPages.popupVisitor.cards)[number];

export function VisitorTicketsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Select Tickets"
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Link to="/register" className={buttonClassName('primary')}>
            Continue to register
          </Link>
        </>
      }
    >
      <ul className="flex flex-col gap-4">
        {eventPages.popupVisitor.cards.map((card) => (
          <TicketCard key={card.id} card={card} />
        ))}
      </ul>
    </Dialog>
  );
}

function TicketCard({ card }: { card: Card }) {
  const [quantity, setQuantity] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const amountId = useId();
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-bold text-brand-900">
          {card.name}
        </h3>
        <p className="text-sm text-accent-800">Sales end {card.salesEnd}</p>
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-[8rem_auto_1fr] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={amountId} className="text-sm font-medium text-slate-700">
            Amount (₹)
          </label>
          <input
            id={amountId}
            type="number"
            inputMode="numeric"
            min={0}
            placeholder={String(card.amountPlaceholder)}
            aria-label={`Amount (₹) for ${card.name}`}
            className="w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <QuantityStepper value={quantity} onChange={setQuantity} itemLabel={card.name} />
        <TicketMultiSelect
          options={eventPages.popupVisitor.sampleOptions}
          value={selected}
          onChange={setSelected}
          itemLabel={card.name}
        />
      </div>
    </li>
  );
}
