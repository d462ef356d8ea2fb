/**
 * The venue map, loaded on demand: nothing from the maps provider is fetched until the
 * visitor asks for it (privacy, and a faster page), spec §2 /contact "embedded venue map".
 */
import { useState } from 'react';
import { Button } from '~/components/ui/button';

const MAP_EMBED_URL = 'https://www.google.com/maps?q=Gujarat+Science+City+Ahmedabad&output=embed';

export function VenueMap() {
  const [shown, setShown] = useState(false);
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs">
      {shown ? (
        <iframe
          src={MAP_EMBED_URL}
          title="Map of Gujarat Science City, Ahmedabad"
          className="block aspect-[4/3] w-full border-0 lg:aspect-auto lg:h-full lg:min-h-96"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <div className="flex aspect-[4/3] flex-col items-center justify-center gap-3 bg-brand-50 px-6 text-center lg:aspect-auto lg:h-full lg:min-h-96">
          <p className="font-semibold text-brand-900">Gujarat Science City, Ahmedabad</p>
          <p className="text-sm text-slate-600">
            The map is provided by Google Maps and loads when you ask for it.
          </p>
          <Button variant="secondary" onClick={() => setShown(true)}>
            Show map
          </Button>
        </div>
      )}
    </div>
  );
}
