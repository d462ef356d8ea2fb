/**
 * The retry button of a translated page's failed content (components/ui/load-state.tsx) in the
 * page's language. The load-state components stay free of Lingui because the console uses them
 * with no catalog; the public pages pass these words instead.
 */
import { useLingui } from '@lingui/react/macro';
import type { RetryLabels } from '~/components/ui/load-state';

export function useRetryLabels(): RetryLabels {
  const { t } = useLingui();
  return { retry: t`Try again`, retrying: t`Trying again…` };
}
