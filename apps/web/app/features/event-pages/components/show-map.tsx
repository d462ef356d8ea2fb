/**
 * Location with a Show Map toggle (the spec: "Show Map toggles the embedded map"). The Google
 * Maps iframe exists only while shown, so nothing is requested from Google before the visitor asks.
 */
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import type { EventDetail } from '~/content/event-pages';
import { useContentText } from '../lib/content-text';

export function ShowMap({ location }: { location: EventDetail['location'] }) {
  const [shown, setShown] = useState(false);
  const mapId = useId();
  const text = useContentText();
  return (
    <div className="flex flex-col gap-3">
      <p>
        <span className="font-semibold text-brand-900">{text(location.name)}</span>
        {/* An edition's venue is one line: its name is its address. */}
        {location.address !== location.name ? (
          <>
            <br />
            <span className="text-slate-600">{text(location.address)}</span>
          </>
        ) : null}
      </p>
      <div>
        <Button
          variant="outline"
          aria-expanded={shown}
          aria-controls={mapId}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <Trans>Hide Map</Trans> : <Trans>Show Map</Trans>}
        </Button>
      </div>
      <div id={mapId}>
        {shown ? (
          <iframe
            src={location.mapEmbedUrl}
            title={text(location.mapTitle)}
            className="block aspect-[4/3] w-full rounded-xl border-0 sm:aspect-video"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : null}
      </div>
    </div>
  );
}
