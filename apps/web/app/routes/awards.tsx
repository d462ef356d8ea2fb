/**
 * /awards in English, Gujarati (`/gu/awards`) and Hindi (`/hi/awards`): the page's own words are
 * in the page's language (the highlights catalog); the categories and nominees show as organizers
 * entered them, and a nominee's page (/cms/{id}, where visitors vote) is English only.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryContent } from '~/components/ui/load-state';
import { seasonOne } from '~/content/season-one';
import { awardsPrefill, useAwards } from '~/features/awards/api/get-awards';
import { AwardEditionSection } from '~/features/awards/components/award-edition';
import { SampleBadge } from '~/features/content-pages/components/sample-note';
import { BRAND_NAME, useSiteSamples } from '~/lib/current-edition';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The server renders the page with the organizers' categories and nominees (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [awardsPrefill()],
  meta: ({ edition, i18n }) => {
    const year = edition?.year;
    const name = edition?.name ?? BRAND_NAME;
    return {
      title: i18n._(year ? msg`Startup Fest Awards ${year}` : msg`Startup Fest Awards`),
      description: i18n._(
        msg`The award categories and nominees of ${name}, where visitors vote, and the Award Night of season one.`,
      ),
      path: '/awards',
    };
  },
};

/**
 * The spec's /awards page: the current edition's award categories with their nominees (each linked
 * to its /cms/{id} page, where visitors vote), earlier editions' categories, and the first
 * edition's 'Startup Fest Award Night 2023' title and image as its archive (a sample illustration,
 * gone once the owner removes the sample content).
 */
export default function Awards() {
  const awards = useAwards();
  const image = seasonOne.awardNightImage;
  const showImage = useSiteSamples() || !image.sample;
  const { t } = useLingui();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
        <Trans>Startup Fest Awards</Trans>
      </h1>
      <QueryContent
        query={awards}
        loadingLabel={t`Loading the award categories…`}
        errorMessage={t`We could not load the award categories right now. Please try again later.`}
        retryLabels={useRetryLabels()}
      >
        {(data) => (
          <>
            <AwardEditionSection edition={data.current} current />
            {data.archive.map((edition) => (
              <AwardEditionSection key={edition.slug} edition={edition} current={false} />
            ))}
          </>
        )}
      </QueryContent>
      {showImage ? (
        <section aria-labelledby="award-night-2023" className="mt-16">
          <h2 id="award-night-2023" className="text-2xl font-bold text-brand-900 sm:text-3xl">
            <Trans>Startup Fest Award Night 2023</Trans>
          </h2>
          <figure className="mt-6">
            <img
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              loading="lazy"
              className="h-auto w-full rounded-2xl shadow-lg"
            />
            {image.sample ? (
              <figcaption className="mt-2">
                <SampleBadge />
              </figcaption>
            ) : null}
          </figure>
        </section>
      ) : null}
    </div>
  );
}
