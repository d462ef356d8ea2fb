/**
 * The visible marker on placeholder content, so sample data is clearly marked. `inline`
 * is the small badge beside one entry; the block form explains a whole list. Their words are the
 * highlights catalog's (lingui.config.ts), as the content pages that show them are.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function SampleBadge() {
  return (
    <span className="inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      <Trans>Sample</Trans>
    </span>
  );
}

export function SampleNote({ children }: { children: ReactNode }) {
  return (
    <p
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
      data-testid="sample-note"
    >
      <strong>
        <Trans>Sample data:</Trans>
      </strong>{' '}
      {children}
    </p>
  );
}
