/** The editions as options of the console's edition filter (`GET /api/admin/editions`), the current one first. */
import type { EditionList } from '@festival/shared';
import { useMemo } from 'react';
import { adminQueryOptions, useAdminQuery } from '~/lib/console/admin-client';

export function useEditionOptions() {
  const editions = useAdminQuery({ ...adminQueryOptions<EditionList>('/editions'), staleTime: 60_000 });
  return useMemo(
    () =>
      (editions.data ?? []).slice(1).map((edition) => ({ value: String(edition.id), label: edition.name })),
    [editions.data],
  );
}
