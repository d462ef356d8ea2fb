/**
 * Site content in the console: one page per part of the site, reached by the tabs
 * (links, so each part has its own address and the browser's back button works).
 */
import { COLLECTION_RULES, CONTENT_COLLECTIONS } from '@festival/shared';
import { clsx } from 'clsx';
import { NavLink, Outlet } from 'react-router';
import { adminMeta } from '~/features/admin/meta';
import { PageHeader } from '~/components/console/page-header';

export const meta = () => adminMeta('Site content');

const SECTIONS = [
  { to: '/admin/content/faq', label: 'FAQ' },
  { to: '/admin/content/pages', label: 'Pages' },
  { to: '/admin/content/award-categories', label: 'Award categories' },
  ...CONTENT_COLLECTIONS.map((collection) => ({
    to: `/admin/content/${collection}`,
    label: COLLECTION_RULES[collection].label,
  })),
];

export default function ContentLayout() {
  return (
    <>
      <PageHeader
        title="Site content"
        description="Changes show on the public site at the next visit; no rebuild is needed."
      />
      <nav aria-label="Content sections" className="-mx-4 mb-6 overflow-x-auto px-4">
        <ul className="flex gap-2 border-b border-slate-200 pb-2">
          {SECTIONS.map((section) => (
            <li key={section.to} className="shrink-0">
              <NavLink
                to={section.to}
                className={({ isActive }) =>
                  clsx(
                    'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold',
                    isActive ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
