import { Link } from 'react-router';
import { adminMeta } from '~/features/admin/meta';
import { ExportLinks, type ExportName } from '~/components/console/export-links';
import { PageHeader } from '~/components/console/page-header';

export const meta = () => adminMeta('Exports');

const EXPORTS: { what: ExportName; title: string; description: string; list: string }[] = [
  {
    what: 'registrations',
    title: 'Registrations and attendees',
    description: 'Every registration with its category, contact details, company and payment status.',
    list: '/admin/registrations',
  },
  {
    what: 'orders',
    title: 'Orders',
    description: 'Orders with their ticket types, amounts in ₹, status, payments and refunds.',
    list: '/admin/orders',
  },
  {
    what: 'inquiries',
    title: 'Inquiries',
    description: 'Contact form messages with whether and when they were handled.',
    list: '/admin/inquiries',
  },
  {
    what: 'votes',
    title: 'Votes',
    description: 'Verified award votes per nominee, with the flags of the voting page.',
    list: '/admin/voting',
  },
];

/**
 * Exports: each list as CSV or XLSX, whole. The lists' own export links carry their
 * current filters. Cells a spreadsheet would run as a formula are neutralised by the server.
 */
export default function ExportsPage() {
  return (
    <>
      <PageHeader
        title="Exports"
        description="Whole lists as spreadsheets. To export a filtered view, use the links on the list itself."
      />
      <ul className="grid gap-4 md:grid-cols-2">
        {EXPORTS.map((item) => (
          <li key={item.what} className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 className="text-base font-bold text-brand-900">{item.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{item.description}</p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <ExportLinks what={item.what} label={item.title.toLowerCase()} />
              <Link to={item.list} className="ml-1 text-sm font-medium text-brand-800 underline">
                Open the list
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
