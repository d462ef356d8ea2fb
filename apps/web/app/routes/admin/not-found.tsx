import { Link } from 'react-router';
import { adminMeta } from '~/features/admin/meta';

export const meta = () => adminMeta('Page not found');

/** A console address no page answers (a mistyped link); unlike the public site, it does not jump to /. */
export default function AdminNotFound() {
  return (
    <section className="py-10">
      <h1 className="text-2xl font-bold text-brand-900">Page not found</h1>
      <p className="mt-3 text-slate-700">No console page has this address.</p>
      <Link to="/admin" className="mt-4 inline-block font-semibold text-brand-700 underline">
        Back to the console
      </Link>
    </section>
  );
}
