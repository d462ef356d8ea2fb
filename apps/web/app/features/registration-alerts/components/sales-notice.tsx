/**
 * What /register shows instead of the forms while the edition's sales are not open:
 * when registration opens (or that it has closed, or that the festival is over), and the
 * "Tell me when registration opens" form. The state is the server's (`GET auth/event/current`).
 */
import {
  EDITION_CLOSED_MESSAGE,
  SALES_CLOSED_MESSAGE,
  SALES_UPCOMING_MESSAGE,
  type EventSales,
} from '@festival/shared';
import { formatOpeningMoment } from '../lib/opening';
import { RegistrationAlertForm } from './registration-alert-form';

/** "Friday, 20 September 2024 at 10:00 am India time". */
export const formatOpening = (iso: string) => `${formatOpeningMoment(iso)} India time`;

/** The heading and sentence of a sales state, for a page that cannot sell in it. */
export function salesWording(sales: EventSales, eventName: string): { heading: string; text: string } {
  switch (sales.state) {
    case 'upcoming':
      return sales.opensAt
        ? {
            heading: `Registration opens on ${formatOpening(sales.opensAt)}`,
            text: `Registration for ${eventName} has not opened yet. Leave your email and we will tell you when it does.`,
          }
        : {
            heading: 'Registration opens soon',
            text: `${SALES_UPCOMING_MESSAGE}. Leave your email and we will tell you when it opens.`,
          };
    case 'closed':
      return {
        heading: 'Registration has closed',
        text: `${SALES_CLOSED_MESSAGE}: passes are no longer on sale. Leave your email to hear when registration for the next edition opens.`,
      };
    case 'open':
      return { heading: 'Registration is open', text: `Registration for ${eventName} is open.` };
    case 'ended':
      return {
        heading: `${eventName} has ended`,
        text: `${EDITION_CLOSED_MESSAGE}. Thank you to everyone who took part. Leave your email to hear when registration for the next edition opens.`,
      };
  }
}

export function SalesNotice({ sales, eventName }: { sales: EventSales; eventName: string }) {
  const { heading, text } = salesWording(sales, eventName);
  return (
    <section aria-labelledby="sales-notice-heading" className="rounded-2xl bg-white p-5 shadow-xl sm:p-8">
      <div role="status">
        <h2 id="sales-notice-heading" className="text-xl font-bold text-brand-900 sm:text-2xl">
          {heading}
        </h2>
        <p className="mt-2 text-slate-700">{text}</p>
      </div>
      <RegistrationAlertForm className="mt-6 border-t border-slate-200 pt-6" />
    </section>
  );
}
