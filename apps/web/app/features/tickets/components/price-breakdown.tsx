/**
 * The tax split of a price as the server computed it: taxable value, CGST and
 * SGST (or UTGST) within the state, IGST across states, and the total.
 */
import { formatGstRate, formatRupees, type TaxBreakdown } from '@festival/shared';
import { Trans } from '@lingui/react/macro';
import { Fragment } from 'react';

export function PriceBreakdown({ tax, className }: { tax: TaxBreakdown; className?: string }) {
  const half = formatGstRate(tax.rateBp / 2);
  const { name: supplyName, code: supplyCode } = tax.placeOfSupply;
  const rows: [string, number][] =
    tax.rateBp === 0
      ? []
      : tax.interState
        ? [[`IGST ${formatGstRate(tax.rateBp)}`, tax.igst]]
        : [
            [`CGST ${half}`, tax.cgst],
            [`${tax.stateTaxName} ${half}`, tax.sgst],
          ];
  return (
    <div className={`rounded-xl bg-brand-50 p-4 text-sm ${className ?? ''}`} data-testid="price-breakdown">
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt>
          <Trans>Base price (taxable value)</Trans>
        </dt>
        <dd className="text-right tabular-nums">{formatRupees(tax.taxable)}</dd>
        {rows.map(([label, paise]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd className="text-right tabular-nums">{formatRupees(paise)}</dd>
          </Fragment>
        ))}
        <dt className="border-t border-brand-200 pt-1 font-bold">
          {tax.rateBp > 0 ? <Trans>Total incl. GST</Trans> : <Trans>Total</Trans>}
        </dt>
        <dd className="border-t border-brand-200 pt-1 text-right font-bold tabular-nums">
          {formatRupees(tax.total)}
        </dd>
      </dl>
      <p className="mt-1 text-xs text-slate-600">
        <Trans>
          Place of supply: {supplyName} ({supplyCode})
        </Trans>
        {tax.rateBp === 0 ? (
          <>
            {' · '}
            <Trans>GST exempt</Trans>
          </>
        ) : null}
      </p>
    </div>
  );
}
