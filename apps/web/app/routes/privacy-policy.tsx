/**
 * /privacypolicy: the privacy notice under India's Digital Personal Data Protection Act, 2023: what
 * is collected and why, how long it is kept, the person's rights and the grievance contact (the
 * organisers' address from the server's settings). It keeps the spec's four statements: nothing
 * collected unless given, never shared or sold, newsletters only on request, secure QR codes.
 * In English, Gujarati (`/gu/privacypolicy`) and Hindi (`/hi/privacypolicy`); the Act's name stays
 * as the law names it.
 */
import { TAX_RECORD_RETENTION } from '@festival/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '~/features/content-pages/components/legal-page';
import { useSiteConfig } from '~/features/reference-data/api/get-site-config';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: i18n._(msg`Privacy Notice`),
    description: i18n._(
      msg`How Startup Fest Gujarat handles your personal data under the Digital Personal Data Protection Act, 2023: what we collect and why, how long we keep it, your rights and whom to contact.`,
    ),
    path: '/privacypolicy',
  }),
};

const list = 'grid list-disc gap-2 pl-5';
const link = 'font-semibold text-brand-700 underline underline-offset-2';

/** The grievance contact: the organisers' address, known once the site's settings have loaded. */
function GrievanceContact({ contactPage }: { contactPage: string }) {
  const email = useSiteConfig().data?.organizerEmail;
  return email ? (
    <a href={`mailto:${email}`} className={link}>
      {email}
    </a>
  ) : (
    <Link to={contactPage} className={link}>
      <Trans>the contact page</Trans>
    </Link>
  );
}

/** The notice's sections in the page's language; `contactPage` is the contact page in that language. */
function useSections(contactPage: string): readonly LegalSection[] {
  const { t } = useLingui();
  const months = TAX_RECORD_RETENTION.months;
  return [
    {
      id: 'who',
      title: t`Who we are`,
      body: (
        <p>
          <Trans>
            Startup Fest Gujarat is run by a foundation based in Gujarat, India, which decides why and how
            your personal data is used (the “Data Fiduciary” under the Digital Personal Data Protection Act,
            2023, the “Act”). We do not collect personal information about you unless you provide it to us,
            for example when you register, buy a pass or send an inquiry.
          </Trans>
        </p>
      ),
    },
    {
      id: 'what-and-why',
      title: t`What we collect and why`,
      body: (
        <ul className={list}>
          <li>
            <Trans>
              <strong>Registration</strong>: your name, email, phone, city, state, country and, for startups,
              the company’s name, address, founder, sector, stage, team size and description, with any logo,
              brochure or product images you upload; for investors, the intended investment. We use them to
              register you, to print your event pass, to show your stall and to write to you about your
              registration.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Colleagues</strong>: the name, email and phone of colleagues you add, to issue their
              passes.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Orders and payments</strong>: what you bought, the amount, the order reference and the
              payment provider’s payment number. We never see card or bank details. We use them to take
              payment, issue passes, refund when due and keep the accounts the law requires.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Entry</strong>: when your pass is scanned at the entrance, to admit you once.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Inquiries</strong>: the name, email, phone and message you send through the contact
              form, to answer you.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Award voting</strong>: your email and the one-time code we send to it, to allow one vote
              per email address.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Security</strong>: your IP address, kept briefly in server logs and request counters, to
              protect the site from abuse.
            </Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'basis',
      title: t`Consent and legitimate uses`,
      body: (
        <p>
          <Trans>
            We process your data with your consent, which you give by accepting the terms and submitting a
            form, and for the legitimate uses the Act allows, such as the purpose you gave the data for and
            keeping records the law requires. You can withdraw your consent at any time, as easily as you gave
            it (see{' '}
            <a href="#rights" className={link}>
              your rights
            </a>
            ); this does not affect what was done before, and we then stop using your data except where the
            law requires us to keep it.
          </Trans>
        </p>
      ),
    },
    {
      id: 'sharing',
      title: t`Sharing`,
      body: (
        <>
          <p>
            <Trans>
              The information you give us is not shared with or sold to anyone else. Only the services that
              help us run the festival receive what they need, under contract and only for our purposes: our
              payment provider (the order and the payment) and our email provider (the messages we send you).
            </Trans>
          </p>
          <p>
            <Trans>
              We send newsletters only when you explicitly ask for them, and every newsletter lets you opt
              out.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: t`How long we keep it`,
      body: (
        <ul className={list}>
          <li>
            <Trans>
              Registrations, uploads, passes, inquiries and votes: until the end of the festival edition they
              belong to and for up to 12 months after it, to answer questions about it; then they are deleted.
            </Trans>
          </li>
          <li>
            <Trans>
              Orders, payments and invoices: as long as Indian tax law requires (GST records for {months}{' '}
              months after the annual return for their year is due (CGST Act, section 36)), even after you ask
              us to delete your other data.
            </Trans>
          </li>
          <li>
            <Trans>
              Server logs and request counters: only as long as needed to look into abuse of the site.
            </Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'rights',
      title: t`Your rights`,
      body: (
        <>
          <p>
            <Trans>Under the Act you can ask us:</Trans>
          </p>
          <ul className={list}>
            <li>
              <Trans>for a summary of the personal data we hold about you and what we do with it;</Trans>
            </li>
            <li>
              <Trans>to correct, complete or update it;</Trans>
            </li>
            <li>
              <Trans>to erase it, unless the law requires us to keep it (as with invoices);</Trans>
            </li>
            <li>
              <Trans>to withdraw your consent;</Trans>
            </li>
            <li>
              <Trans>to have your grievance heard and answered;</Trans>
            </li>
            <li>
              <Trans>
                to let a person you nominate exercise these rights if you die or cannot do so yourself.
              </Trans>
            </li>
          </ul>
          <p>
            <Trans>
              Write to the grievance contact below from the email address you registered with; we answer as
              soon as we can. If you are not satisfied with our answer, you may complain to the Data
              Protection Board of India. The Act also asks you to give true information and not to file false
              complaints.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: t`Security and event passes`,
      body: (
        <p>
          <Trans>
            Your data is kept in access-controlled systems that only the organisers can sign in to. Event
            passes carry secure QR codes that are used only to check you in at the venue.
          </Trans>
        </p>
      ),
    },
    {
      id: 'children',
      title: t`Children`,
      body: (
        <p>
          <Trans>
            Registration is for adults. We do not knowingly process the data of anyone under 18 without the
            verifiable consent of a parent or lawful guardian.
          </Trans>
        </p>
      ),
    },
    {
      id: 'contact',
      title: t`Grievance contact`,
      body: (
        <p>
          <Trans>
            Questions, requests and complaints about your personal data:{' '}
            <GrievanceContact contactPage={contactPage} />. You can also reach us through the{' '}
            <Link to={contactPage} className={link}>
              contact page
            </Link>
            .
          </Trans>
        </p>
      ),
    },
  ];
}

export default function PrivacyNotice() {
  const { t } = useLingui();
  const locale = usePageLocale();
  const sections = useSections(localizedPath('/contact', locale));
  return (
    <LegalPage
      title={t`Privacy Notice`}
      updated="2026-11-23"
      intro={
        <p>
          <Trans>
            This notice explains, as India’s Digital Personal Data Protection Act, 2023 requires, what
            personal data Startup Fest Gujarat collects, why, how long it is kept, your rights and whom to
            contact. See also our{' '}
            <Link to={localizedPath('/terms', locale)} className={link}>
              terms and conditions
            </Link>
            .
          </Trans>
        </p>
      }
      sections={sections}
    />
  );
}
