/**
 * A page's call to register (the home hero, /highlights): "Register Now" while sales are open or not known yet
 * (the prerendered page), otherwise what the edition's state is and a link to /register, where
 * the "Tell me when registration opens" form is.
 */
import type { EventSales } from '@festival/shared';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { formatOpening } from './sales-notice';

export function RegisterCta({
  sales,
  className,
  tone = 'dark',
}: {
  sales: EventSales | undefined;
  className?: string;
  /** The background it sits on: the hero's dark band, or a light page. */
  tone?: 'dark' | 'light';
}) {
  if (!sales || sales.state === 'open') {
    return (
      <Link to="/register" className={buttonClassName('primary', className)}>
        Register Now
      </Link>
    );
  }
  const status =
    sales.state === 'upcoming'
      ? sales.opensAt
        ? `Registration opens on ${formatOpening(sales.opensAt)}.`
        : 'Registration opens soon.'
      : sales.state === 'closed'
        ? 'Registration has closed.'
        : 'This edition has ended.';
  return (
    <div className="mt-8">
      <p
        role="status"
        className={tone === 'dark' ? 'font-semibold text-accent-400' : 'font-semibold text-brand-900'}
      >
        {status}
      </p>
      <Link to="/register" className={buttonClassName('primary', 'mt-3 px-7 text-base')}>
        Tell me when registration opens
      </Link>
    </div>
  );
}
