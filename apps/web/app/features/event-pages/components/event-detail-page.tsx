/**
 * The event detail layout shared by /pitcher, /investor and /startup: a banner with the
 * title and Get Ticket, then About Event, Date and Time (Add to calendar), Location (Show Map)
 * and Hosted By, and the Review Purchase popup that Get Ticket opens. In the page's language: the
 * content's known lines are translated (lib/content-text.ts), names and edition facts stay.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import type { EventDetail, PurchasePopup } from '~/content/event-pages';
import { useContentText } from '../lib/content-text';
import { AddToCalendarButton } from './add-to-calendar-button';
import { HostedBy } from './hosted-by';
import { ReviewPurchaseDialog } from './review-purchase-dialog';
import { ShowMap } from './show-map';

export interface EventDetailPageProps {
  event: EventDetail;
  /** Heading of the page; the event title unless the page is about one audience of it. */
  heading?: string;
  /** Small line above the heading, e.g. "For pitchers". */
  eyebrow: string;
  pagePath: string;
  purchase: PurchasePopup;
  /** The Review Purchase popup's price of `quantity` tickets (a real ticket type's, with GST). */
  price: (quantity: number) => ReactNode;
  /** False for the pitcher popup (as the spec has it): an outside click or Escape leaves it open. */
  popupDismissible?: boolean;
  /** Sections shown after About Event (refund policy, ticket text). */
  children?: ReactNode;
  /** Full-width blocks after the detail (register band, price tables). */
  after?: ReactNode;
}

export function EventDetailPage({
  event,
  heading = event.title,
  eyebrow,
  pagePath,
  purchase,
  price,
  popupDismissible = true,
  children,
  after,
}: EventDetailPageProps) {
  const [popupOpen, setPopupOpen] = useState(false);
  const { t } = useLingui();
  const text = useContentText();
  const dateLabel = text(event.dateLabel);
  const timeLabel = text(event.timeLabel);
  return (
    <>
      <section className="register-backdrop text-white">
        <div className="mx-auto w-full max-w-5xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">{eyebrow}</p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">{heading}</h1>
          <p className="mt-4 text-lg text-white/85">{[dateLabel, timeLabel].filter(Boolean).join(' · ')}</p>
          <Button className="mt-8 px-7 text-base" onClick={() => setPopupOpen(true)}>
            <Trans>Get Ticket</Trans>
          </Button>
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10 sm:py-14">
        <DetailSection id="about-event" title={t`About Event`}>
          <div className="flex flex-col gap-3 text-slate-700">
            {event.about.map((paragraph) => (
              <p key={paragraph}>{text(paragraph)}</p>
            ))}
          </div>
        </DetailSection>
        {children}
        <div className="grid gap-6 lg:grid-cols-2">
          <DetailSection id="date-and-time" title={t`Date and Time`}>
            <p className="font-semibold text-brand-900">{dateLabel}</p>
            <p className="mb-4 text-slate-600">{timeLabel}</p>
            {event.calendar ? <AddToCalendarButton event={event.calendar} pagePath={pagePath} /> : null}
          </DetailSection>
          <DetailSection id="location" title={t`Location`}>
            <ShowMap location={event.location} />
          </DetailSection>
        </div>
        <DetailSection id="hosted-by" title={t`Hosted By`}>
          <HostedBy host={event.host} />
        </DetailSection>
        <div className="flex justify-center">
          <Button className="px-8 text-base" onClick={() => setPopupOpen(true)}>
            <Trans>Get Ticket</Trans>
          </Button>
        </div>
      </div>
      {after}
      <ReviewPurchaseDialog
        open={popupOpen}
        onOpenChange={setPopupOpen}
        purchase={purchase}
        price={price}
        dismissible={popupDismissible}
      />
    </>
  );
}

/** A white card with an h2, labelled by it. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-7"
    >
      <h2 id={id} className="mb-4 text-xl font-bold text-brand-900 sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
