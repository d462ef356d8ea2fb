/**
 * The site footer: Company and Fest link columns, the current edition's time,
 * date and venue (lib/current-edition.ts; left out until it is known), who organizes it with
 * their contact details (once entered in the console's settings), the copyright with the
 * edition's year, and the privacy notice and terms.
 */
import { Link } from 'react-router';
import { BRAND_NAME, useCurrentEdition, useEditionFacts } from '~/lib/current-edition';
import { LogoMark } from './site-header';
import { FOOTER_COLUMNS, LEGAL_LINKS } from './nav-links';

/** "Organized by …" with the organizers' contact details, once they have entered them. */
function Organizer() {
  const organizer = useCurrentEdition()?.organizer;
  if (!organizer?.legalName) return null;
  return (
    <p className="mt-4 text-sm">
      Organized by <span className="font-semibold text-white">{organizer.legalName}</span>
      {organizer.email ? (
        <>
          {' · '}
          <a href={`mailto:${organizer.email}`} className="underline hover:text-accent-400">
            {organizer.email}
          </a>
        </>
      ) : null}
      {organizer.phone ? (
        <>
          {' · '}
          <a
            href={`tel:${organizer.phone.replace(/[\s-]/g, '')}`}
            className="underline hover:text-accent-400"
          >
            {organizer.phone}
          </a>
        </>
      ) : null}
    </p>
  );
}

export function SiteFooter() {
  const edition = useEditionFacts();
  return (
    <footer className="bg-brand-950 text-white/85">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Link to="/" className="inline-flex items-center gap-2 font-extrabold text-white">
            <LogoMark className="size-9" />
            {edition?.name ?? BRAND_NAME}
          </Link>
          {edition ? (
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold text-white">Time</dt>
              <dd>{edition.hours}</dd>
              <dt className="font-semibold text-white">Date</dt>
              <dd>{edition.days}</dd>
              <dt className="font-semibold text-white">Venue</dt>
              <dd>{edition.venue}</dd>
            </dl>
          ) : null}
          <Organizer />
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.label} aria-label={column.label}>
            <h2 className="text-sm font-bold tracking-wider text-accent-400 uppercase">{column.label}</h2>
            <ul className="mt-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-10 items-center text-sm hover:text-accent-400"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="flex flex-col items-center gap-2 border-t border-white/10 px-4 py-4 text-center text-sm text-white/75 md:flex-row md:justify-center md:gap-4">
        <p>
          {edition
            ? `${edition.days}, ${edition.hours} · ${edition.venue} · © ${edition.year} ${BRAND_NAME}`
            : `© ${BRAND_NAME}`}
        </p>
        <nav aria-label="Legal">
          <ul className="flex gap-4">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-6 items-center underline hover:text-accent-400"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
