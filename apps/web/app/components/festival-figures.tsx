/**
 * The edition's headline figures ("1000+ Participants", …) as a list of value and label, read from
 * the edition's data (the organizers set them in the console; a label in the page's language
 * where they translated it, else the English marked lang="en"). The home page, /about and
 * /highlights all show them through this, so the pages tell one story.
 */
import type { FestivalEvent } from '@festival/shared';
import { ShownText } from './shown-text';

export function FestivalFigures({ stats }: { stats: FestivalEvent['stats'] }) {
  return (
    <dl className="grid grid-cols-2 gap-5 md:grid-cols-4" data-testid="festival-figures">
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse rounded-2xl bg-brand-50 p-5 text-center">
          <dt className="mt-1 font-semibold text-slate-700">
            <ShownText translations={stat.translations} field="label" english={stat.label} />
          </dt>
          <dd className="text-3xl font-extrabold text-brand-800">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
