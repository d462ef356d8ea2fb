import { cmsPagePrefill } from '~/features/cms/api/get-cms-page';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { CmsPageContent } from '~/features/cms/components/cms-page-content';
import { VoteDialog } from '~/features/voting/components/vote-dialog';
import type { PrefillHandle } from '~/lib/query-prefill';
import type { PageMetaHandle } from '~/lib/seo';
import type { Route } from './+types/cms-page';

/** The server renders the page with its content, and answers 404 for an unknown id (lib/query-prefill.ts). */
export const handle: PrefillHandle & PageMetaHandle = {
  prefill: (params) => [cmsPagePrefill(params.id ?? '')],
  meta: ({ params }) => ({
    title: 'Award Nominee',
    description: 'Read about this Startup Fest Gujarat award nominee and cast your vote with your email.',
    path: `/cms/${params.id}`,
  }),
};

/** The spec's /cms/{id} page: the nominee's page and the VOTE NOW button opening the vote popup. */
export default function CmsPage({ params }: Route.ComponentProps) {
  const [voting, setVoting] = useState(false);
  const nomineeId = Number(params.id);
  return (
    // At least a screen tall: after a client-side navigation the content arrives after the first
    // paint, and the footer must not start on screen and then jump (layout shift).
    <div className="mx-auto min-h-dvh w-full max-w-3xl px-4 py-12 sm:py-16">
      <CmsPageContent id={params.id}>
        <div className="mt-10 flex justify-center border-t border-slate-200 pt-8">
          <Button className="px-8 text-base tracking-wide" onClick={() => setVoting(true)}>
            VOTE NOW
          </Button>
        </div>
        <VoteDialog nomineeId={nomineeId} open={voting} onOpenChange={setVoting} />
      </CmsPageContent>
    </div>
  );
}
