/**
 * 'Grab Your Tickets' and 'Exhibit Your Startup' (spec §2 Startup page, §9 displayed prices),
 * each card with Register Now to /register. Struck prices are announced as "was …".
 */
import { formatRupees } from '@festival/shared';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import type { PassPrice, StallPackage } from '~/content/stall-packages';

export function PassPriceCards({ passes }: { passes: readonly PassPrice[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2">
      {passes.map((pass) => (
        <li
          key={pass.name}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-xs"
        >
          <h3 className="text-lg font-bold text-brand-900">{pass.name}</h3>
          <p className="mt-3 flex items-baseline gap-3">
            <del className="text-slate-500">
              <span className="sr-only">Was </span>
              {formatRupees(pass.listPricePaise)}
            </del>
            <span className="text-3xl font-extrabold text-brand-800">
              <span className="sr-only">now </span>
              {formatRupees(pass.pricePaise)}
            </span>
          </p>
          <p className="mt-3 flex-1 text-sm text-slate-600">{pass.summary}</p>
          <Link
            to="/register"
            aria-label={`Register Now for the ${pass.name}`}
            className={buttonClassName('primary', 'mt-5 self-start')}
          >
            Register Now
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function StallPackageCards({ packages }: { packages: readonly StallPackage[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {packages.map((stall) => (
        <li
          key={stall.name}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-xs"
        >
          <h3 className="text-lg font-bold text-brand-900">{stall.name}</h3>
          <p className="mt-2 text-3xl font-extrabold text-brand-800">{formatRupees(stall.pricePaise)}</p>
          <ul className="mt-4 flex flex-1 flex-col gap-1.5 text-sm text-slate-700">
            {stall.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <span aria-hidden="true" className="text-accent-600">
                  ✓
                </span>
                {feature}
              </li>
            ))}
          </ul>
          <Link
            to="/register"
            aria-label={`Register Now for the ${stall.name} stall`}
            className={buttonClassName('primary', 'mt-5 self-start')}
          >
            Register Now
          </Link>
        </li>
      ))}
    </ul>
  );
}
