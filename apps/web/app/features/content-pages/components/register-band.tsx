/**
 * A call-to-action band: a heading, a line of text and Register Now to /register, or to the
 * register tab `to` names, in the page's language (its twin where there is one).
 */
import { Trans } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';

export function RegisterBand({
  title,
  children,
  to = '/register',
}: {
  title: string;
  children?: ReactNode;
  to?: string;
}) {
  const headingId = useId();
  const locale = usePageLocale();
  return (
    <section aria-labelledby={headingId} className="bg-brand-950 text-white">
      <div className="mx-auto flex w-full max-w-6xl flex-col items-start gap-5 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id={headingId} className="text-2xl font-bold sm:text-3xl">
            {title}
          </h2>
          {children ? <div className="mt-2 max-w-2xl text-white/85">{children}</div> : null}
        </div>
        <Link to={localizedPath(to, locale)} className={buttonClassName('primary', 'shrink-0 px-7')}>
          <Trans>Register Now</Trans>
        </Link>
      </div>
    </section>
  );
}
