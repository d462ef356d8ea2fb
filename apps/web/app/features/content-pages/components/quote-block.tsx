/** A pull quote with its author; sample quotes carry the Sample badge. */
import type { Quote } from '~/content/season-one';
import { SampleBadge } from './sample-note';

export function QuoteBlock({ quote }: { quote: Quote }) {
  return (
    <figure className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <blockquote className="text-xl font-medium text-brand-900 sm:text-2xl">
        <p>“{quote.text}”</p>
      </blockquote>
      <figcaption className="mt-4 flex flex-wrap items-center gap-2 text-slate-700">
        <span className="font-semibold">{quote.author}</span>
        <span aria-hidden="true">·</span>
        <span>{quote.role}</span>
        {quote.sample ? <SampleBadge /> : null}
      </figcaption>
    </figure>
  );
}
