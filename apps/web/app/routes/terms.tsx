/**
 * /terms: the terms and conditions the registration forms' checkbox accepts, with
 * the spec's refund policy, and how passes and stall packages are sold. In English, Gujarati
 * (`/gu/terms`) and Hindi (`/hi/terms`). The refund policy's lines are the organisers' text
 * (content/event-pages.ts, the /startup page's too): each line this page knows is translated, and
 * a line they have since changed shows as they wrote it, marked as English.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { eventPages } from '~/content/event-pages';
import { LegalPage, type LegalSection } from '~/features/content-pages/components/legal-page';
import { useEditionFacts } from '~/lib/current-edition';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { SOURCE_LOCALE } from '~/lib/i18n/locales';
import { usePageLocale } from '~/lib/i18n/use-locale';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: i18n._(msg`Terms and Conditions`),
    description: i18n._(
      msg`The terms of registering for Startup Fest Gujarat: tickets and stall packages, payment, the refund policy, event passes and your data.`,
    ),
    path: '/terms',
  }),
};

/** When and where the current edition takes place (lib/current-edition.ts), once known. */
function FestivalWhenWhere() {
  const edition = useEditionFacts();
  if (!edition) return null;
  const { days, venue } = edition;
  return (
    <Trans>
      The festival takes place on {days} at {venue}.
    </Trans>
  );
}

/** The refund policy's lines as content/event-pages.ts has them, keyed by their English text. */
const REFUND_LINES: Record<string, MessageDescriptor> = {
  'Registration and ticket fees are non-refundable.': msg`Registration and ticket fees are non-refundable.`,
  'If the event is cancelled, your fee is carried over to the new date. There is no refund if you cannot attend on the new date.': msg`If the event is cancelled, your fee is carried over to the new date. There is no refund if you cannot attend on the new date.`,
};

const list = 'grid list-disc gap-1 pl-5';
const link = 'font-semibold text-brand-700 underline underline-offset-2';

/** The terms' sections in the page's language, linking to the pages in that language. */
function useSections(): readonly LegalSection[] {
  const { i18n, t } = useLingui();
  const locale = usePageLocale();
  const to = (path: string) => localizedPath(path, locale);
  return [
    {
      id: 'registration',
      title: t`Registration`,
      body: (
        <>
          <p>
            <Trans>
              You register as a Pitcher, Start-Up or Investor with the registration form; visitors book on our
              event-listing partner’s page. Give true and complete details: they are printed on your event
              pass.
            </Trans>
          </p>
          <p>
            <Trans>
              One email address can be registered once per participant category. When you add colleagues to
              your registration, you confirm that they agree to attend, that you may give us their name, email
              and phone, and that you have told them about our{' '}
              <Link to={to('/privacypolicy')} className={link}>
                privacy notice
              </Link>
              . A startup’s colleagues share the company details of its first registration.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'tickets',
      title: t`Passes and stall packages`,
      body: (
        <>
          <p>
            <Trans>Prices are in Indian rupees and are those shown when you check out.</Trans>
          </p>
          <ul className={list}>
            <li>
              <Trans>
                Passes (Investor Pass, Visitor Pass) are sold per attendee: one pass for each person.
              </Trans>
            </li>
            <li>
              <Trans>
                Stall packages are sold per company: one package per order, which includes passes for your
                attendees (Gold Stall Package 4, Platinum Stall Package 6, Silver Stall Package 1). An order
                cannot have more attendees than its package includes passes.
              </Trans>
            </li>
            <li>
              <Trans>
                Choosing a ticket holds it for 15 minutes while you pay; you can ask for 15 more minutes once.
              </Trans>
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'payment',
      title: t`Payment`,
      body: (
        <p>
          <Trans>
            Payment is taken by our payment provider; we never see your card or bank details. Your passes are
            issued, and emailed to you, once the payment is confirmed. A payment that arrives after your
            tickets could no longer be held (for example, they sold out while you were paying), or a second
            payment of an order already paid, is refunded to you in full automatically.
          </Trans>
        </p>
      ),
    },
    {
      id: 'refunds',
      title: t`Refund policy`,
      body: (
        <ul className={list}>
          {eventPages.startup.refundPolicy.map((line) => {
            const known = Object.hasOwn(REFUND_LINES, line) ? REFUND_LINES[line] : undefined;
            return known ? (
              <li key={line}>{i18n._(known)}</li>
            ) : (
              <li key={line} lang={locale === SOURCE_LOCALE ? undefined : SOURCE_LOCALE}>
                {line}
              </li>
            );
          })}
        </ul>
      ),
    },
    {
      id: 'passes',
      title: t`Event passes`,
      body: (
        <p>
          <Trans>
            Each pass is for the person named on it and carries a QR code that is checked at the entrance.
            Keep it to yourself: a pass is valid for one entry per person, and a copied code is refused once
            it has been used. A misspelt name can be corrected on{' '}
            <Link to={to('/manage')} className={link}>
              Manage my registration
            </Link>
            .
          </Trans>
        </p>
      ),
    },
    {
      id: 'event',
      title: t`The event`,
      body: (
        <p>
          <FestivalWhenWhere />{' '}
          <Trans>
            The organisers may change the programme, speakers or stall layout; the date, time and venue shown
            on your pass are confirmed by email if they change.
          </Trans>
        </p>
      ),
    },
    {
      id: 'privacy',
      title: t`Your data`,
      body: (
        <p>
          <Trans>
            How we collect, use and keep your personal data, and your rights under India’s Digital Personal
            Data Protection Act, 2023, are set out in our{' '}
            <Link to={to('/privacypolicy')} className={link}>
              privacy notice
            </Link>
            .
          </Trans>
        </p>
      ),
    },
    {
      id: 'law',
      title: t`Governing law`,
      body: (
        <p>
          <Trans>
            These terms are governed by the laws of India. Questions about them are answered through the{' '}
            <Link to={to('/contact')} className={link}>
              contact page
            </Link>
            ; disputes are for the courts of Ahmedabad, Gujarat.
          </Trans>
        </p>
      ),
    },
  ];
}

export default function Terms() {
  const { t } = useLingui();
  return (
    <LegalPage
      title={t`Terms and Conditions`}
      updated="2026-11-23"
      intro={
        <p>
          <Trans>
            These terms apply when you register for Startup Fest Gujarat or buy a pass or stall package. By
            ticking “I accept the terms and conditions” on the registration form you agree to them.
          </Trans>
        </p>
      }
      sections={useSections()}
    />
  );
}
