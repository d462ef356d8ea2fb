import { Trans } from '@lingui/react/macro';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';

/**
 * For PrepaintChoice: whether the address has a `?reference=`, which the payment pages read in
 * their clientLoader once the scripts run.
 */
export const HAS_REFERENCE = "new URLSearchParams(location.search).get('reference')";

export interface PaymentResultProps {
  /** `neutral`: nothing to celebrate or regret yet (unknown order, still loading): no icon. */
  tone: 'success' | 'failure' | 'neutral';
  heading: string;
  /** The order reference from the address; null while the page is still a prerendered shell. */
  reference: string | null;
  children?: ReactNode;
}

/**
 * The shared frame of the payment result pages: status heading, reference number, then details,
 * and a link to "Manage my registration" under every result.
 */
export function PaymentResult({ tone, heading, reference, children }: PaymentResultProps) {
  const locale = usePageLocale();
  return (
    // At least a screen tall: the details arrive after hydration, and the footer must not start
    // on screen and then move (layout shift).
    <section className="mx-auto min-h-dvh w-full max-w-3xl px-4 py-10 sm:py-14">
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
        {tone === 'neutral' ? null : (
          <div
            aria-hidden="true"
            className={clsx(
              'mx-auto flex size-14 items-center justify-center rounded-full text-2xl font-bold',
              tone === 'success' ? 'bg-emerald-100 text-emerald-700' : 'bg-red-100 text-red-700',
            )}
          >
            {tone === 'success' ? '✓' : '!'}
          </div>
        )}
        <h1
          className={clsx(
            'mt-4 text-2xl font-extrabold tracking-wide sm:text-3xl',
            tone === 'success' && 'text-emerald-800',
            tone === 'failure' && 'text-red-800',
            tone === 'neutral' && 'text-brand-900',
          )}
        >
          {heading}
        </h1>
        <p className="mt-3 text-slate-700">
          <span className="font-medium">
            <Trans>Reference No.</Trans>
          </span>{' '}
          <span className="font-mono font-semibold break-all text-slate-900" data-testid="payment-reference">
            {reference === null ? '…' : reference || <Trans>not given</Trans>}
          </span>
        </p>
        <div className="mt-6">{children}</div>
        <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-700">
          <Trans>
            Pay later, download your passes or correct a name:{' '}
            <Link
              to={localizedPath('/manage', locale)}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Manage my registration
            </Link>
          </Trans>
        </p>
      </div>
    </section>
  );
}
