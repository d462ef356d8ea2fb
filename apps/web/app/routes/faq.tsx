/**
 * /faq: the title, subtitle and the organizers' questions in an accordion. In English at `/faq`,
 * Gujarati at `/gu/faq` and Hindi at `/hi/faq` (lib/i18n/localized-routes.ts): the page's own
 * words are translated; the questions and answers show as the organizers entered them.
 */
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { faqPrefill } from '~/features/faq/api/get-faq';
import { FaqList } from '~/features/faq/components/faq-list';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';

/** The server renders the page with its questions (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: () => [faqPrefill()],
  meta: ({ i18n }) => ({
    title: i18n._(msg`FAQ`),
    description: i18n._(
      msg`Frequently asked questions about Startup Fest Gujarat: registration, passes, stalls, pitching and the venue.`,
    ),
    path: '/faq',
  }),
};

/** The spec's /faq page: title, subtitle and the server's questions in an accordion. */
export default function Faq() {
  return (
    // At least a screen tall: after a client-side navigation the content arrives after the first
    // paint, and the footer must not start on screen and then jump (layout shift).
    <div className="mx-auto min-h-dvh w-full max-w-3xl px-4 py-12 sm:py-16">
      <header className="text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">
          <Trans>Frequently asked questions</Trans>
        </h1>
        <p className="mt-3 text-slate-600">
          <Trans>Everything you need to know about the Event</Trans>
        </p>
      </header>
      <div className="mt-10">
        <FaqList />
      </div>
    </div>
  );
}
