import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { seasonOne } from '~/content/season-one';
import { OpportunitiesGrid } from '~/features/content-pages/components/opportunities-grid';
import { PageBanner } from '~/features/content-pages/components/page-banner';
import { QuoteBlock } from '~/features/content-pages/components/quote-block';
import { RegisterBand } from '~/features/content-pages/components/register-band';
import { SampleBadge } from '~/features/content-pages/components/sample-note';
import { ContentSection } from '~/features/content-pages/components/section';
import { registerTabPath } from '~/lib/register-tabs';
import type { PageMetaHandle } from '~/lib/seo';
import { useEditionFacts, useSiteSamples, withoutRemovedSamples } from '~/lib/current-edition';

export const handle: PageMetaHandle = {
  meta: {
    title: 'For Startups',
    description:
      'Why startups attend Startup Fest Gujarat: world-class content, curated networking, media exposure, prizes and investment opportunities. Season one recap.',
    path: '/start-up',
  },
};

/** The festival's headline figures in a sentence (the edition's data), once known. */
function FestivalFigures() {
  const figures = useEditionFacts()?.figures;
  return figures ? <>The festival brings together {figures} in Ahmedabad. </> : null;
}

/** The current edition after season one (lib/current-edition.ts), once known. */
function NextEdition() {
  const edition = useEditionFacts();
  if (!edition) return null;
  return (
    <>
      {edition.name}, on {edition.days}, builds on that with a focus on rural innovation and entrepreneurship.
    </>
  );
}

/**
 * The spec's /start-up page: the season-one recap, in the spec's order. The sample highlights and
 * quote show, marked Sample, until the owner removes the sample content.
 */
export default function StartUp() {
  const samples = useSiteSamples();
  const highlights = withoutRemovedSamples(seasonOne.highlights, samples);
  const [quote] = withoutRemovedSamples([seasonOne.startupQuote], samples);
  return (
    <>
      <PageBanner title="For Startups" eyebrow="Why Attend · Season one recap">
        <p>Innovation at the Bottom of the Pyramid: the festival for startups building for rural India.</p>
      </PageBanner>
      <ContentSection title="Empowering Tomorrow's Innovators" tone="white">
        <div className="max-w-3xl space-y-3 text-slate-700">
          <p>
            <FestivalFigures />
            Founders pitch on stage, exhibit their products and meet the investors and mentors who could take
            them further.
          </p>
          <p>
            <NextEdition />
          </p>
        </div>
        <Link to={registerTabPath('startup')} className={buttonClassName('primary', 'mt-6 px-7')}>
          Register Now
        </Link>
      </ContentSection>
      <ContentSection title="Startupfest At A Glance">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="highlights">
          {highlights.map((highlight) => (
            <li key={highlight.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="text-lg font-semibold text-brand-900">{highlight.title}</h3>
              <p className="mt-2 text-slate-700">{highlight.text}</p>
              {highlight.sample ? (
                <p className="mt-3">
                  <SampleBadge />
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </ContentSection>
      {quote ? (
        <section aria-label="What founders say" className="bg-brand-50">
          <div className="mx-auto w-full max-w-4xl px-4 py-12">
            <QuoteBlock quote={quote} />
          </div>
        </section>
      ) : null}
      <RegisterBand
        title={`Over ₹${seasonOne.investmentsCrore} Crores in Investments!`}
        to={registerTabPath('startup')}
      >
        <p>
          Season one startups went on to raise over ₹{seasonOne.investmentsCrore} crore. Your startup could be
          next.
        </p>
      </RegisterBand>
      <OpportunitiesGrid />
    </>
  );
}
