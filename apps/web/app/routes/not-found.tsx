/**
 * The page of any path the site does not have (the catch-all route). The server answers it with
 * status 404 and the site's header and footer (apps/api/src/plugins/web-content-pages.ts); the
 * spec's own paths (its route table, content/site-routes.ts) all have routes of their own.
 */
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: 'Page not found',
    description: 'This address is not a page of the site. Try the home page, registration or contact.',
  },
};

const LINKS = [
  { to: '/', label: 'Home page', text: 'The festival, its dates and venue.' },
  { to: '/register', label: 'Register', text: 'Pitcher, startup, investor or visitor.' },
  { to: '/contact', label: 'Contact', text: 'Ask the organisers.' },
] as const;

export default function NotFound() {
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto w-full max-w-3xl px-4 py-16 sm:py-24">
      <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase">Error 404</p>
      <h1
        id="not-found-heading"
        className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl"
      >
        Page not found
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        There is no page at this address. It may have moved, or the link may be mistyped. These pages can
        help:
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {LINKS.map((link) => (
          <li
            key={link.to}
            className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <Link to={link.to} className={buttonClassName('secondary', 'self-start')}>
              {link.label}
            </Link>
            <p className="mt-3 text-sm text-slate-600">{link.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
