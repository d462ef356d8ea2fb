/**
 * "The festival in numbers" under an organizer-written page (/about, /highlights): the edition's
 * headline figures and season one's investments, from data kept once (the edition's figures in
 * the console, `seasonOne.investmentsCrore`), so the page's text never restates them. The figures'
 * labels are the organizers' (shown as entered); the heading and the sentence are translated.
 */
import { Trans } from '@lingui/react/macro';
import { FestivalFigures } from '~/components/festival-figures';
import { seasonOne } from '~/content/season-one';
import { useCurrentEdition } from '~/lib/current-edition';

export function FestivalInNumbers() {
  const edition = useCurrentEdition();
  const crore = seasonOne.investmentsCrore;
  return (
    <section aria-labelledby="festival-in-numbers" className="mt-10">
      <h2 id="festival-in-numbers" className="text-2xl font-bold text-brand-900">
        <Trans>The festival in numbers</Trans>
      </h2>
      {edition && edition.stats.length > 0 ? (
        <div className="mt-4">
          <FestivalFigures stats={edition.stats} />
        </div>
      ) : null}
      <p className="mt-4 text-slate-700">
        <Trans>
          Season one drew over <strong>₹{crore} crore</strong> in investments.
        </Trans>
      </p>
    </section>
  );
}
