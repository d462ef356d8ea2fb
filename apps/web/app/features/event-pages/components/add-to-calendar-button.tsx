/** 'Add to calendar': downloads the event as an .ics file, from the Date and Time section. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import type { CalendarEvent } from '~/content/event-pages';
import { createCalendarFile, downloadTextFile } from '../lib/calendar';

export function AddToCalendarButton({ event, pagePath }: { event: CalendarEvent; pagePath: string }) {
  const [pending, setPending] = useState(false);
  const { t } = useLingui();
  async function download() {
    setPending(true);
    try {
      const text = await createCalendarFile(event, pagePath);
      downloadTextFile(text, event.fileName, 'text/calendar;charset=utf-8');
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="outline" pending={pending} pendingLabel={t`Preparing…`} onClick={() => void download()}>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <rect x="3" y="4" width="14" height="13" rx="2" />
        <path d="M3 8h14M7 2.5v3M13 2.5v3M10 10.5v4M8 12.5h4" strokeLinecap="round" />
      </svg>
      <Trans>Add to calendar</Trans>
    </Button>
  );
}
