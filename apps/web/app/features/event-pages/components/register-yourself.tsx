/**
 * 'Register Yourself As Pitcher/Investor' band with the category's promise (content/categories.ts)
 * and Register Now to /register, opened on the matching tab.
 */
import { ParticipantCategory } from '@festival/shared';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { CATEGORY_PROMISES } from '~/content/categories';
import { registerTabPath } from '~/lib/register-tabs';

export function RegisterYourself({ heading, tab }: { heading: string; tab: 'pitcher' | 'investor' }) {
  const { i18n } = useLingui();
  const text = i18n._(
    CATEGORY_PROMISES[tab === 'pitcher' ? ParticipantCategory.Pitcher : ParticipantCategory.Investor],
  );
  return (
    <section aria-labelledby="register-yourself" className="register-backdrop text-white">
      <div className="mx-auto flex w-full max-w-5xl flex-col items-start gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="register-yourself" className="text-2xl font-bold sm:text-3xl">
            {heading}
          </h2>
          <p className="mt-2 text-white/85">{text}</p>
        </div>
        <Link to={registerTabPath(tab)} className={buttonClassName('primary', 'shrink-0 px-7')}>
          Register Now
        </Link>
      </div>
    </section>
  );
}
