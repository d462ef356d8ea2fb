/**
 * 'Register Yourself As Pitcher/Investor' band with the category's promise (content/categories.ts)
 * and Register Now to /register (in the page's language), opened on the matching tab.
 */
import { ParticipantCategory } from '@festival/shared';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { CATEGORY_PROMISES } from '~/content/categories';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { registerTabPath } from '~/lib/register-tabs';
import { contentText } from '../lib/content-text';

export function RegisterYourself({ heading, tab }: { heading: string; tab: 'pitcher' | 'investor' }) {
  const { i18n } = useLingui();
  const locale = usePageLocale();
  const text = i18n._(
    CATEGORY_PROMISES[tab === 'pitcher' ? ParticipantCategory.Pitcher : ParticipantCategory.Investor],
  );
  return (
    <section aria-labelledby="register-yourself" className="register-backdrop text-white">
      <div className="mx-auto flex w-full max-w-5xl flex-col items-start gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="register-yourself" className="text-2xl font-bold sm:text-3xl">
            {contentText(heading, i18n)}
          </h2>
          <p className="mt-2 text-white/85">{text}</p>
        </div>
        <Link
          to={localizedPath(registerTabPath(tab), locale)}
          className={buttonClassName('primary', 'shrink-0 px-7')}
        >
          <Trans>Register Now</Trans>
        </Link>
      </div>
    </section>
  );
}
