/** The '2023 Opportunities' six tiles, shared by /start-up and /investor-accelator. */
import { opportunities } from '~/content/opportunities';
import { ContentSection } from './section';

export function OpportunitiesGrid() {
  return (
    <ContentSection title="2023 Opportunities" tone="white">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="opportunities">
        {opportunities.map((opportunity, index) => (
          <li key={opportunity.title} className="rounded-xl bg-brand-50 p-6 ring-1 ring-brand-100">
            <span aria-hidden="true" className="text-sm font-bold text-accent-800">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="mt-1 text-lg font-semibold text-brand-900">{opportunity.title}</h3>
            <p className="mt-2 text-slate-700">{opportunity.text}</p>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}
