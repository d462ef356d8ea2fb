/**
 * 'Hosted By' with Follow (the host's social profile, new tab) and Contact (/contact). A sample
 * profile link shows, marked, until the owner removes the sample content; then Follow goes.
 * Contact leads to the contact page in the page's language.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import type { EventDetail } from '~/content/event-pages';
import { useSiteSamples } from '~/lib/current-edition';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { useContentText } from '../lib/content-text';

export function HostedBy({ host }: { host: EventDetail['host'] }) {
  const follow = useSiteSamples() || !host.sample;
  const { t } = useLingui();
  const text = useContentText();
  const locale = usePageLocale();
  const followLabel = text(host.followLabel);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div
        aria-hidden="true"
        className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-900 text-lg font-extrabold text-accent-400"
      >
        SF
      </div>
      <div className="flex-1">
        <p className="font-semibold text-brand-900">{host.name}</p>
        <p className="text-sm text-slate-600">{text(host.about)}</p>
        {host.sample && follow ? (
          <p className="mt-1 text-xs text-slate-500">
            <Trans>Sample: the social profile link is a placeholder.</Trans>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        {follow ? (
          <a
            href={host.followUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t`${followLabel} (opens in a new tab)`}
            className={buttonClassName('secondary')}
          >
            <Trans>Follow</Trans>
          </a>
        ) : null}
        <Link to={localizedPath('/contact', locale)} className={buttonClassName('outline')}>
          <Trans>Contact</Trans>
        </Link>
      </div>
    </div>
  );
}
