/**
 * A legal text page (the terms and the privacy notice): the title, when it was
 * last updated, a list of its sections linking to them, then the sections, each an <h2>
 * with its paragraphs and lists.
 */
import type { ReactNode } from 'react';

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
  /** Shown as "Last updated …". */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{title}</h1>
      <p className="mt-3 text-sm text-slate-600">Last updated {updated}</p>
      <div className="mt-6 grid gap-3 text-slate-700">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-xl bg-white p-5 ring-1 ring-slate-200">
        <h2 className="text-sm font-bold tracking-wide text-brand-800 uppercase">Contents</h2>
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
