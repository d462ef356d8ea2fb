/**
 * Pages announced in the menu whose content is not ready yet (the spec: 'Content Coming Soon...'),
 * in the page's language (the highlights catalog), with Register Now to the page's twin of /register.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { BRAND_NAME, useCurrentEdition } from '~/lib/current-edition';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { PageBanner } from './page-banner';

export function ComingSoon({ title }: { title: string }) {
  const edition = useCurrentEdition();
  const locale = usePageLocale();
  return (
    <>
      <PageBanner title={title} eyebrow={edition?.name ?? BRAND_NAME} />
      <section className="mx-auto w-full max-w-6xl px-4 py-16 text-center">
        <p className="text-2xl font-semibold text-brand-900">
          <Trans>Content Coming Soon...</Trans>
        </p>
        <Link to={localizedPath('/register', locale)} className={buttonClassName('primary', 'mt-8 px-7')}>
          <Trans>Register Now</Trans>
        </Link>
      </section>
    </>
  );
}
