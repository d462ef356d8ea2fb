import { Trans } from '@lingui/react/macro';
import { buttonClassName } from '~/components/ui/button';
import { BRAND_NAME, useCurrentEdition } from '~/lib/current-edition';

/**
 * The Visitor tab: as the spec has it, visitors register on an external event-listing page,
 * opened in a new tab. The address is the current edition's listing (lib/current-edition.ts).
 */
export function VisitorRegister() {
  const edition = useCurrentEdition();
  const url = edition?.visitorRegistrationUrl ?? undefined;
  const name = edition?.name ?? BRAND_NAME;
  return (
    <div className="text-center">
      <h2 className="text-xl font-bold text-brand-900">
        <Trans>Visit {name}</Trans>
      </h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        <Trans>
          Visitor passes are sold on our event-listing partner&apos;s page. It opens in a new tab.
        </Trans>
      </p>
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName('primary', 'mt-6 px-8')}
        >
          <Trans>
            Register
            <span className="sr-only"> (opens in a new tab)</span>
          </Trans>
        </a>
      ) : (
        <p className="mt-6 text-sm text-slate-500" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </div>
  );
}
