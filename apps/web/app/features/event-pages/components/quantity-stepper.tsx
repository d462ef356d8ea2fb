/**
 * Quantity with minus and plus buttons (the spec's ticket popups: starts at 1, steps by one).
 * The spec sets no upper bound; the lower one is 1, since zero or negative tickets mean nothing.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** What is being counted, for the accessible names, e.g. "28 Sept Visitor Pass". */
  itemLabel?: string;
}

export function QuantityStepper({ value, onChange, itemLabel }: QuantityStepperProps) {
  const labelId = useId();
  const { t } = useLingui();
  const buttonClass =
    'grid size-10 place-items-center rounded-md text-xl font-bold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-300';
  return (
    <div className="flex items-center gap-3">
      <span id={labelId} className="text-sm font-medium text-slate-700">
        <Trans>Quantity</Trans>
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        className="flex items-center rounded-lg border border-slate-300 bg-white"
      >
        <button
          type="button"
          className={buttonClass}
          aria-label={itemLabel ? t`Decrease quantity of ${itemLabel}` : t`Decrease quantity`}
          disabled={value <= 1}
          onClick={() => onChange(Math.max(1, value - 1))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output
          aria-live="polite"
          aria-label={itemLabel ? t`Quantity of ${itemLabel}` : t`Quantity`}
          className="min-w-10 text-center font-semibold tabular-nums"
        >
          {value}
        </output>
        <button
          type="button"
          className={buttonClass}
          aria-label={itemLabel ? t`Increase quantity of ${itemLabel}` : t`Increase quantity`}
          onClick={() => onChange(value + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
