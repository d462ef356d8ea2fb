/**
 * A page's call to register (the home hero, /highlights): "Register Now" while sales are open or not known yet
 * (the prerendered page), otherwise what the edition's state is and a link to /register, where
 * the "Tell me when registration opens" form is.
 */
import type { EventSales } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { INTL_LOCALE } from '~/lib/i18n/locales';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { formatOpeningMoment } from '../lib/opening';

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
  const { t } = useLingui();
  const locale = usePageLocale();
  if (!sales || sales.state === 'open') {
    return (
      <Link to={localizedPath('/register', locale)} className={buttonClassName('primary', className)}>
        <Trans>Register Now</Trans>
      </Link>
    );
  }
  const opening = sales.opensAt ? formatOpeningMoment(sales.opensAt, INTL_LOCALE[locale]) : undefined;
  const status =
    sales.state === 'upcoming'
      ? opening
        ? t`Registration opens on ${opening} India time.`
        : t`Registration opens soon.`
      : sales.state === 'closed'
        ? t`Registration has closed.`
        : t`This edition has ended.`;
  return (
    <div className="mt-8">
      <p
        role="status"
        className={tone === 'dark' ? 'font-semibold text-accent-400' : 'font-semibold text-brand-900'}
      >
        {status}
      </p>
      <Link
        to={localizedPath('/register', locale)}
        className={buttonClassName('primary', 'mt-3 px-7 text-base')}
      >
        <Trans>Tell me when registration opens</Trans>
      </Link>
    </div>
  );
}
