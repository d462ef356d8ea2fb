/**
 * /contact: the heading, intro, the organisers' email and phone, the venue map on demand and the
 * inquiry form. In English, Gujarati (`/gu/contact`) and Hindi (`/hi/contact`); the form's
 * messages and the shared schema's validation messages are the registration catalog's
 * (lingui.config.ts), so the page is inside that catalog's layouts (routes.ts).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { LoadingSkeleton } from '~/components/ui/load-state';
import { ContactDetails } from '~/features/contact/components/contact-details';
import { VenueMap } from '~/features/contact/components/venue-map';
import type { PageMetaHandle } from '~/lib/seo';
import { useEditionFacts } from '~/lib/current-edition';

export const handle: PageMetaHandle = {
  meta: ({ i18n }) => ({
    title: i18n._(msg`Contact`),
    description: i18n._(
      msg`Questions about Startup Fest Gujarat, stalls, passes or partnerships? Write to the organisers and the team will get back to you.`,
    ),
    path: '/contact',
  }),
};

// The form (with react-hook-form, about 12 KB gzipped) is prerendered with the page, but its code
// loads after the page's and it hydrates in a task of its own (as /register's forms do).
// Its Submit stays disabled until then (components/ui/button.tsx), so a press cannot send the
// browser's own GET with what was typed.
const ContactForm = lazy(() =>
  import('~/features/contact/components/contact-form').then((module) => ({ default: module.ContactForm })),
);

/** When and where the festival takes place, once the edition is known (organizers' data as entered). */
function WhenWhere() {
  const edition = useEditionFacts();
  if (!edition) return null;
  const { days, venue } = edition;
  return (
    <>
      {' '}
      <Trans>
        The festival takes place on {days} at {venue}.
      </Trans>
    </>
  );
}

/** The spec's /contact page: heading, intro, the organisers' email and phone, the venue map on demand and the inquiry form. */
export default function Contact() {
  const { t } = useLingui();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase">
          <Trans>Contact</Trans>
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">
          <Trans>Get In Touch For Event Inquiries</Trans>
        </h1>
        <p className="mt-4 text-slate-700">
          <Trans>
            Have a question about pitching, exhibiting, passes or partnering with Startup Fest Gujarat? Send
            us a message and the organising team will get back to you.
          </Trans>
          <WhenWhere />
        </p>
        <ContactDetails />
      </header>
      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-8">
          {/* The fallback shows only after a navigation within the site, until the code has loaded. */}
          <Suspense fallback={<LoadingSkeleton label={t`Loading the form`} />}>
            <ContactForm />
          </Suspense>
        </div>
        <VenueMap />
      </div>
    </div>
  );
}
