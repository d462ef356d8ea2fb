/**
 * The hero's call to register (issue 3): "Register Now" while sales are open or not known yet
 * (the prerendered page), otherwise what the edition's state is and a link to /register, where
 * the "Tell me when registration opens" form is.
 */
import type { EventSales } from '@festival/shared';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { formatOpening } from './sales-notice';

export function RegisterCta({ sales, className }: { sales: EventSales | undefined; className?: string }) {
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
      <p role="status" className="font-semibold text-accent-400">
        {status}
      </p>
      <Link to="/register" className={buttonClassName('primary', 'mt-3 px-7 text-base')}>
        Tell me when registration opens
      </Link>
    </div>
  );
}
