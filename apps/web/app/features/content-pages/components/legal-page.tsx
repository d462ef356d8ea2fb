/**
 * A legal text page (the terms and the privacy notice): the title, when it was
 * last updated, a list of its sections linking to them, then the sections, each an <h2>
 * with its paragraphs and lists. Its own words and the date are in the page's language.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { INTL_LOCALE } from '~/lib/i18n/locales';
import { usePageLocale } from '~/lib/i18n/use-locale';

/** A calendar date ('2026-11-23') as the page's language writes it ("23 November 2026"). */
function calendarDate(isoDate: string, locale: ReturnType<typeof usePageLocale>): string {
  // Read and written in UTC: the day given, wherever the page is rendered.
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

export interface LegalSection {
  /** Fragment id, e.g. 'refunds', so other pages can link to a section. */
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  /** The day the text last changed, 'YYYY-MM-DD'; shown as "Last updated 23 November 2026". */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  const { t } = useLingui();
  const date = calendarDate(updated, usePageLocale());
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{title}</h1>
      <p className="mt-3 text-sm text-slate-600">
        <Trans>Last updated {date}</Trans>
      </p>
      <div className="mt-6 grid gap-3 text-slate-700">{intro}</div>
      <nav aria-label={t`Contents`} className="mt-8 rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 className="text-sm font-bold tracking-wide text-brand-800 uppercase">
          <Trans>Contents</Trans>
        </h2>
        <ol className="mt-2 grid list-decimal gap-1 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-6 items-center text-brand-700 underline underline-offset-2"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10">
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-brand-900">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 grid gap-3 text-slate-700">{section.body}</div>
        </section>
      ))}
    </div>
  );
}
