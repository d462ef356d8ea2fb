/**
 * CMS pages in the console: the about page and the award nominee pages, each opened in the
 * editor, each marked where its Gujarati or Hindi is missing.
 */
import { CMS_PAGE_TRANSLATED_FIELDS } from '@festival/shared';
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { useAdminPages } from '~/features/admin/content/api';
import { adminMeta } from '~/features/admin/meta';
import { DateTime } from '~/components/console/date-time';
import { QueryState } from '~/components/console/query-state';
import { UntranslatedNote } from '~/components/console/translations';

export const meta = () => adminMeta('Pages');

export default function PagesAdminPage() {
  const pages = useAdminPages();
  return (
    <section aria-labelledby="pages-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="pages-heading" className="text-lg font-bold text-brand-900">
          About and award nominee pages
        </h2>
        <Link to="/admin/content/pages/new" className={buttonClassName('secondary')}>
          Add nominee page
        </Link>
      </div>
      <QueryState
        query={pages}
        loadingLabel="Loading the pages…"
        isEmpty={(list) => list.length === 0}
        empty="No pages yet."
      >
        {(list) => (
          <ul className="grid gap-3">
            {list.map((page) => (
              <li
                key={page.id}
                className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="font-semibold text-brand-900">{page.title}</p>
                  <p className="text-sm text-slate-600">
                    {page.kind === 'about'
                      ? 'About page'
                      : page.kind === 'highlights'
                        ? 'Highlights page (its title names the menu’s highlights group)'
                        : `Award nominee${page.awardCategory ? `: ${page.awardCategory.name}${page.awardCategory.current ? '' : ` (${page.awardCategory.edition})`}` : ''}`}{' '}
                    ·{' '}
                    <a href={page.path} target="_blank" rel="noreferrer" className="underline">
                      {page.path}
                    </a>{' '}
                    · changed <DateTime value={page.updatedAt} />
                  </p>
                  <UntranslatedNote translations={page.translations} fields={CMS_PAGE_TRANSLATED_FIELDS} />
                </div>
                <Link
                  to={`/admin/content/pages/${page.id}`}
                  className={buttonClassName('outline')}
                  aria-label={`Edit ${page.title}`}
                >
                  Edit
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
