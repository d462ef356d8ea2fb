/** /popup-visitor: a demo page whose 'Open popup' button opens the 'Select Tickets' popup. */
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { VisitorTicketsDialog } from '~/features/event-pages/components/visitor-tickets-dialog';
import type { PageMetaHandle } from '~/lib/seo';

// A demo page of the ticket popup: left out of the sitemap (site-routes.ts), but still indexable.
export const handle: PageMetaHandle = {
  meta: {
    title: 'Visitor Passes',
    description:
      'Choose a visitor or investor pass for Startup Fest Gujarat: 28 Sept and 29 Sept Visitor Passes and the Investor Pass.',
    path: '/popup-visitor',
  },
};

export default function PopupVisitorPage() {
  const [open, setOpen] = useState(false);
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-start gap-5 px-4 py-14 sm:py-20">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">Visitor Passes</h1>
      <p className="text-slate-700">
        Pick the day you want to visit, or the Investor Pass, and how many passes you need. Each pass shows
        when its sales end.
      </p>
      <Button onClick={() => setOpen(true)}>Open popup</Button>
      <VisitorTicketsDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}
