import { clsx } from 'clsx';
import { sharkTankStartups } from '~/content/shark-tank';
import { PageBanner } from '~/features/content-pages/components/page-banner';
import { SampleBadge, SampleNote } from '~/features/content-pages/components/sample-note';
import { useSiteSamples, withoutRemovedSamples } from '~/lib/current-edition';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: 'Shark Tank Featured Startups',
    description:
      'The journey of three startups from the festival to a televised investor show, and what came after.',
    path: '/sharkTank',
  },
};

/**
 * The spec's /sharkTank page: the featured startups' journey from a TV show, three startup
 * sections. The three are samples: once the owner removes the sample content the page says their
 * stories are still to come.
 */
export default function SharkTank() {
  const startups = withoutRemovedSamples(sharkTankStartups, useSiteSamples());
  return (
    <>
      <PageBanner title="Shark Tank Featured Startups" eyebrow="2023 Highlights">
        <p>
          From the festival floor to national television:{' '}
          {startups.length > 0 ? 'three startups and their journey.' : 'the startups and their journey.'}
        </p>
      </PageBanner>
      {startups.length === 0 ? (
        <div className="mx-auto w-full max-w-6xl px-4 py-12">
          <p className="text-slate-700" data-testid="shark-tank-empty">
            The featured startups&rsquo; stories are coming soon.
          </p>
        </div>
      ) : null}
      {startups.some((startup) => startup.sample) ? (
        <div className="mx-auto w-full max-w-6xl px-4 pt-8">
          <SampleNote>the three startups below are placeholders, not real companies.</SampleNote>
        </div>
      ) : null}
      {startups.map((startup, index) => (
        <section
          key={startup.name}
          aria-labelledby={`startup-${index}`}
          className={index % 2 ? 'bg-white' : 'bg-slate-50'}
        >
          <div className="mx-auto grid w-full max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-2">
            <img
              src={startup.image.src}
              alt={startup.image.alt}
              width={startup.image.width}
              height={startup.image.height}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
              className={clsx('h-auto w-full rounded-2xl', index % 2 && 'md:order-last')}
            />
            <div>
              <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase">
                {startup.sector}
              </p>
              <h2 id={`startup-${index}`} className="mt-1 text-2xl font-bold text-brand-900 sm:text-3xl">
                {startup.name}
              </h2>
              {startup.story.map((paragraph) => (
                <p key={paragraph} className="mt-3 text-slate-700">
                  {paragraph}
                </p>
              ))}
              {startup.sample ? (
                <p className="mt-3">
                  <SampleBadge />
                </p>
              ) : null}
            </div>
          </div>
        </section>
      ))}
    </>
  );
}
