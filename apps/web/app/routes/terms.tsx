/**
 * /terms: the terms and conditions the registration forms' checkbox accepts, with
 * the spec's refund policy, and how passes and stall packages are sold.
 */
import { Link } from 'react-router';
import { eventPages } from '~/content/event-pages';
import { LegalPage, type LegalSection } from '~/features/content-pages/components/legal-page';
import type { PageMetaHandle } from '~/lib/seo';
import { useEditionFacts } from '~/lib/current-edition';

export const handle: PageMetaHandle = {
  meta: {
    title: 'Terms and Conditions',
    description:
      'The terms of registering for Startup Fest Gujarat: tickets and stall packages, payment, the refund policy, event passes and your data.',
    path: '/terms',
  },
};

/** When and where the current edition takes place (lib/current-edition.ts), once known. */
function FestivalWhenWhere() {
  const edition = useEditionFacts();
  return edition ? (
    <>
      The festival takes place on {edition.days} at {edition.venue}.
    </>
  ) : null;
}

const list = 'grid list-disc gap-1 pl-5';
const link = 'font-semibold text-brand-700 underline underline-offset-2';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'registration',
    title: 'Registration',
    body: (
      <>
        <p>
          You register as a Pitcher, Start-Up or Investor with the registration form; visitors book on our
          event-listing partner’s page. Give true and complete details: they are printed on your event pass.
        </p>
        <p>
          One email address can be registered once per participant category. When you add colleagues to your
          registration, you confirm that they agree to attend, that you may give us their name, email and
          phone, and that you have told them about our{' '}
          <Link to="/privacypolicy" className={link}>
            privacy notice
          </Link>
          . A startup’s colleagues share the company details of its first registration.
        </p>
      </>
    ),
  },
  {
    id: 'tickets',
    title: 'Passes and stall packages',
    body: (
      <>
        <p>Prices are in Indian rupees and are those shown when you check out.</p>
        <ul className={list}>
          <li>Passes (Investor Pass, Visitor Pass) are sold per attendee: one pass for each person.</li>
          <li>
            Stall packages are sold per company: one package per order, which includes passes for your
            attendees (Gold Stall Package 4, Platinum Stall Package 6, Silver Stall Package 1). An order
            cannot have more attendees than its package includes passes.
          </li>
          <li>
            Choosing a ticket holds it for 15 minutes while you pay; you can ask for 15 more minutes once.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    body: (
      <p>
        Payment is taken by our payment provider; we never see your card or bank details. Your passes are
        issued, and emailed to you, once the payment is confirmed. A payment that arrives after your tickets
        could no longer be held (for example, they sold out while you were paying), or a second payment of an
        order already paid, is refunded to you in full automatically.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Refund policy',
    body: (
      <ul className={list}>
        {eventPages.startup.refundPolicy.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ),
  },
  {
    id: 'passes',
    title: 'Event passes',
    body: (
      <p>
        Each pass is for the person named on it and carries a QR code that is checked at the entrance. Keep it
        to yourself: a pass is valid for one entry per person, and a copied code is refused once it has been
        used. A misspelt name can be corrected on{' '}
        <Link to="/manage" className={link}>
          Manage my registration
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'event',
    title: 'The event',
    body: (
      <p>
        <FestivalWhenWhere /> The organisers may change the programme, speakers or stall layout; the date,
        time and venue shown on your pass are confirmed by email if they change.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Your data',
    body: (
      <p>
        How we collect, use and keep your personal data, and your rights under India’s Digital Personal Data
        Protection Act, 2023, are set out in our{' '}
        <Link to="/privacypolicy" className={link}>
          privacy notice
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of India. Questions about them are answered through the{' '}
        <Link to="/contact" className={link}>
          contact page
        </Link>
        ; disputes are for the courts of Ahmedabad, Gujarat.
      </p>
    ),
  },
];

export default function Terms() {
  return (
    <LegalPage
      title="Terms and Conditions"
      updated="23 November 2026"
      intro={
        <p>
          These terms apply when you register for Startup Fest Gujarat or buy a pass or stall package. By
          ticking “I accept the terms and conditions” on the registration form you agree to them.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
