/**
 * Download links of a list's export (`GET /api/admin/exports/{list}?format=csv|xlsx`) with the
 * filters the list shows. Plain links: the browser sends the session cookie and saves the
 * attachment the server streams.
 */
import { buttonClassName } from '~/components/ui/button';

export function ExportLinks({
  list,
  filters,
}: {
  list: 'registrations' | 'orders';
  filters: Record<string, string>;
}) {
  const href = (format: 'csv' | 'xlsx') => {
    const params = new URLSearchParams({ format });
    for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
    return `/api/admin/exports/${list}?${params.toString()}`;
  };
  return (
    <>
      <a href={href('csv')} download className={buttonClassName('outline')}>
        Export CSV
      </a>
      <a href={href('xlsx')} download className={buttonClassName('outline')}>
        Export Excel
      </a>
    </>
  );
}
