import { seasonOne } from '~/content/season-one';
import { OpportunitiesGrid } from '~/features/content-pages/components/opportunities-grid';
import { PageBanner } from '~/features/content-pages/components/page-banner';
import { QuoteBlock } from '~/features/content-pages/components/quote-block';
import { RegisterBand } from '~/features/content-pages/components/register-band';
import { ContentSection } from '~/features/content-pages/components/section';
import { useEditionFacts, useSiteSamples, withoutRemovedSamples } from '~/lib/current-edition';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: 'For Investors And Accelerators',
    description:
      'Meet the startups in two days: why investors and accelerators attend Startup Fest Gujarat, with the 2023 opportunities.',
    path: '/investor-accelator',
  },
};

/**
 * The spec's /investor-accelator page: banners, quotes and the same '2023 Opportunities' tiles as
 * /start-up. The quotes are samples: once the owner removes the sample content, their section goes.
 */
export default function InvestorAccelerator() {
  const figures = useEditionFacts()?.figures;
  const quotes = withoutRemovedSamples(seasonOne.investorQuotes, useSiteSamples());
  return (
    <>
      <PageBanner title="For Investors And Accelerators" eyebrow="Why Attend">
        <p>
          Talk to every startup on the floor, from first idea to early traction, in one place and two days.
        </p>
      </PageBanner>
      <RegisterBand title="Meet the startups and their founders">
        {figures ? <p>The festival brings together {figures}.</p> : null}
        <p>
          Season one startups raised over ₹{seasonOne.investmentsCrore} crore. Find your next investment or
          your next cohort.
        </p>
      </RegisterBand>
      {quotes.length > 0 ? (
        <ContentSection title="What investors and accelerators say">
          <div className="grid gap-6 md:grid-cols-2">
            {quotes.map((quote) => (
              <QuoteBlock key={quote.text} quote={quote} />
            ))}
          </div>
        </ContentSection>
      ) : null}
      <OpportunitiesGrid />
    </>
  );
}
