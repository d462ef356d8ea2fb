/**
 * The venue map, loaded on demand: nothing from the maps provider is fetched until the
 * visitor asks for it (privacy, and a faster page); the spec's /contact has an embedded venue map.
 * The venue's name is the organizers' (as entered); the rest is in the page's language.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { useEditionFacts } from '~/lib/current-edition';

/** A Google Maps embed of `place`. */
const mapEmbedUrl = (place: string) =>
  `https://www.google.com/maps?${new URLSearchParams({ q: place, output: 'embed' }).toString()}`;

/** The current edition's venue (lib/current-edition.ts); nothing until it is known. */
export function VenueMap() {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const edition = useEditionFacts();
  if (!edition) return null;
  const venue = edition.venue;
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs">
      {shown ? (
        <iframe
          src={mapEmbedUrl(edition.venue)}
          title={t`Map of ${venue}`}
          className="block aspect-[4/3] w-full border-0 lg:aspect-auto lg:h-full lg:min-h-96"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <div className="flex aspect-[4/3] flex-col items-center justify-center gap-3 bg-brand-50 px-6 text-center lg:aspect-auto lg:h-full lg:min-h-96">
          <p className="font-semibold text-brand-900">{edition.venue}</p>
          <p className="text-sm text-slate-600">
            <Trans>The map is provided by Google Maps and loads when you ask for it.</Trans>
          </p>
          <Button variant="secondary" onClick={() => setShown(true)}>
            <Trans>Show map</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
