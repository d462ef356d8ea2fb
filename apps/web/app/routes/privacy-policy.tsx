/**
 * /privacypolicy: the privacy notice under India's Digital Personal Data Protection Act, 2023: what
 * is collected and why, how long it is kept, the person's rights and the grievance contact (the
 * organisers' address from the server's settings). It keeps the spec's four statements: nothing
 * collected unless given, never shared or sold, newsletters only on request, secure QR codes.
 */
import { TAX_RECORD_RETENTION } from '@festival/shared';
import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '~/features/content-pages/components/legal-page';
import { useSiteConfig } from '~/features/reference-data/api/get-site-config';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: 'Privacy Notice',
    description:
      'How Startup Fest Gujarat handles your personal data under the Digital Personal Data Protection Act, 2023: what we collect and why, how long we keep it, your rights and whom to contact.',
    path: '/privacypolicy',
  },
};

const list = 'grid list-disc gap-2 pl-5';
const link = 'font-semibold text-brand-700 underline underline-offset-2';

/** The grievance contact: the organisers' address, known once the site's settings have loaded. */
function GrievanceContact() {
  const email = useSiteConfig().data?.organizerEmail;
  return email ? (
    <a href={`mailto:${email}`} className={link}>
      {email}
    </a>
  ) : (
    <Link to="/contact" className={link}>
      the contact page
    </Link>
  );
}

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who',
    title: 'Who we are',
    body: (
      <p>
        Startup Fest Gujarat is run by a foundation based in Gujarat, India, which decides why and how your
        personal data is used (the “Data Fiduciary” under the Digital Personal Data Protection Act, 2023, the
        “Act”). We do not collect personal information about you unless you provide it to us, for example when
        you register, buy a pass or send an inquiry.
      </p>
    ),
  },
  {
    id: 'what-and-why',
    title: 'What we collect and why',
    body: (
      <ul className={list}>
        <li>
          <strong>Registration</strong>: your name, email, phone, city, state, country and, for startups, the
          company’s name, address, founder, sector, stage, team size and description, with any logo, brochure
          or product images you upload; for investors, the intended investment. We use them to register you,
          to print your event pass, to show your stall and to write to you about your registration.
        </li>
        <li>
          <strong>Colleagues</strong>: the name, email and phone of colleagues you add, to issue their passes.
        </li>
        <li>
          <strong>Orders and payments</strong>: what you bought, the amount, the order reference and the
          payment provider’s payment number. We never see card or bank details. We use them to take payment,
          issue passes, refund when due and keep the accounts the law requires.
        </li>
        <li>
          <strong>Entry</strong>: when your pass is scanned at the entrance, to admit you once.
        </li>
        <li>
          <strong>Inquiries</strong>: the name, email, phone and message you send through the contact form, to
          answer you.
        </li>
        <li>
          <strong>Award voting</strong>: your email and the one-time code we send to it, to allow one vote per
          email address.
        </li>
        <li>
          <strong>Security</strong>: your IP address, kept briefly in server logs and request counters, to
          protect the site from abuse.
        </li>
      </ul>
    ),
  },
  {
    id: 'basis',
    title: 'Consent and legitimate uses',
    body: (
      <p>
        We process your data with your consent, which you give by accepting the terms and submitting a form,
        and for the legitimate uses the Act allows, such as the purpose you gave the data for and keeping
        records the law requires. You can withdraw your consent at any time, as easily as you gave it (see{' '}
        <a href="#rights" className={link}>
          your rights
        </a>
        ); this does not affect what was done before, and we then stop using your data except where the law
        requires us to keep it.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing',
    body: (
      <>
        <p>
          The information you give us is not shared with or sold to anyone else. Only the services that help
          us run the festival receive what they need, under contract and only for our purposes: our payment
          provider (the order and the payment) and our email provider (the messages we send you).
        </p>
        <p>
          We send newsletters only when you explicitly ask for them, and every newsletter lets you opt out.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul className={list}>
        <li>
          Registrations, uploads, passes, inquiries and votes: until the end of the festival edition they
          belong to and for up to 12 months after it, to answer questions about it; then they are deleted.
        </li>
        <li>
          Orders, payments and invoices: as long as Indian tax law requires ({TAX_RECORD_RETENTION.text}),
          even after you ask us to delete your other data.
        </li>
        <li>Server logs and request counters: only as long as needed to look into abuse of the site.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the Act you can ask us:</p>
        <ul className={list}>
          <li>for a summary of the personal data we hold about you and what we do with it;</li>
          <li>to correct, complete or update it;</li>
          <li>to erase it, unless the law requires us to keep it (as with invoices);</li>
          <li>to withdraw your consent;</li>
          <li>to have your grievance heard and answered;</li>
          <li>to let a person you nominate exercise these rights if you die or cannot do so yourself.</li>
        </ul>
        <p>
          Write to the grievance contact below from the email address you registered with; we answer as soon
          as we can. If you are not satisfied with our answer, you may complain to the Data Protection Board
          of India. The Act also asks you to give true information and not to file false complaints.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security and event passes',
    body: (
      <p>
        Your data is kept in access-controlled systems that only the organisers can sign in to. Event passes
        carry secure QR codes that are used only to check you in at the venue.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Registration is for adults. We do not knowingly process the data of anyone under 18 without the
        verifiable consent of a parent or lawful guardian.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Grievance contact',
    body: (
      <p>
        Questions, requests and complaints about your personal data: <GrievanceContact />. You can also reach
        us through the{' '}
        <Link to="/contact" className={link}>
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export default function PrivacyNotice() {
  return (
    <LegalPage
      title="Privacy Notice"
      updated="23 November 2026"
      intro={
        <p>
          This notice explains, as India’s Digital Personal Data Protection Act, 2023 requires, what personal
          data Startup Fest Gujarat collects, why, how long it is kept, your rights and whom to contact. See
          also our{' '}
          <Link to="/terms" className={link}>
            terms and conditions
          </Link>
          .
        </p>
      }
      sections={SECTIONS}
    />
  );
}
