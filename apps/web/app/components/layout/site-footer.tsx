/**
 * The site footer: Company and Fest link columns, the current edition's time,
 * date and venue (lib/current-edition.ts; left out until it is known), who organizes it with
 * their contact details (once entered in the console's settings), the copyright with the
 * edition's year, and the privacy notice and terms.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { BRAND_NAME, useCurrentEdition, useEditionFacts } from '~/lib/current-edition';
import { LogoMark } from './site-header';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { useFooterLinks } from './nav-links';

/** "Organized by …" with the organizers' contact details, once they have entered them. */
function Organizer() {
  const organizer = useCurrentEdition()?.organizer;
  if (!organizer?.legalName) return null;
  return (
    <p className="mt-4 text-sm">
      <Trans>
        Organized by <span className="font-semibold text-white">{organizer.legalName}</span>
      </Trans>
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
  const { columns, legal } = useFooterLinks();
  const { t } = useLingui();
  const home = localizedPath('/', usePageLocale());
  return (
    <footer className="bg-brand-950 text-white/85">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Link to={home} className="inline-flex items-center gap-2 font-extrabold text-white">
            <LogoMark className="size-9" />
            {edition?.name ?? BRAND_NAME}
          </Link>
          {edition ? (
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold text-white">
                <Trans>Time</Trans>
              </dt>
              <dd>{edition.hours}</dd>
              <dt className="font-semibold text-white">
                <Trans>Date</Trans>
              </dt>
              <dd>{edition.days}</dd>
              <dt className="font-semibold text-white">
                <Trans>Venue</Trans>
              </dt>
              <dd>{edition.venue}</dd>
            </dl>
          ) : null}
          <Organizer />
        </div>
        {columns.map((column) => (
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
        <nav aria-label={t`Legal`}>
          <ul className="flex gap-4">
            {legal.map((link) => (
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
