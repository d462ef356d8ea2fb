/**
 * One edition's award categories with their nominees: each nominee links to its page, where VOTE
 * NOW opens the vote popup while the edition's voting is open. The categories and nominees are
 * the organizers' (shown as entered); the rest is in the page's language (the highlights catalog).
 */
import type { AwardEdition } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router';

export interface AwardEditionSectionProps {
  edition: AwardEdition;
  /** The current edition says how to vote, or that its categories are still to come. */
  current: boolean;
}

export function AwardEditionSection({ edition, current }: AwardEditionSectionProps) {
  const headingId = useId();
  const { t } = useLingui();
  const name = edition.name;
  return (
    <section aria-labelledby={headingId} className="mt-12" data-testid={`awards-${edition.slug}`}>
      <h2 id={headingId} className="text-2xl font-bold text-brand-900 sm:text-3xl">
        <Trans>{name} awards</Trans>
      </h2>
      {edition.categories.length === 0 ? (
        <p className="mt-3 text-slate-700">
          <Trans>Award categories for {name} will be announced.</Trans>
        </p>
      ) : current ? (
        <p className="mt-3 max-w-3xl text-slate-700">
          {edition.votingOpen
            ? t`Open a nominee’s page and press VOTE NOW: you have one vote in each category, confirmed with a code sent to your email.`
            : t`Voting is closed.`}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {edition.categories.map((category) => (
          <div key={category.id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h3 className="text-lg font-semibold text-brand-900">{category.name}</h3>
            {category.nominees.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">
                <Trans>Nominees will be announced.</Trans>
              </p>
            ) : (
              <ul className="mt-3 grid gap-1">
                {category.nominees.map((nominee) => (
                  <li key={nominee.id}>
                    <Link
                      to={nominee.path}
                      className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900"
                    >
                      {nominee.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
