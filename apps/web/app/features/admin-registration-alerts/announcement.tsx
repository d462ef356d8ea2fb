/**
 * The announcement the "Tell me when registration opens" list exists for: one button that
 * emails every waiting address that registration is open, after a confirmation. It is offered
 * only while the current edition's sales are open and someone waits; otherwise the panel says
 * why not. The server decides again when the button is pressed (409 when sales closed meanwhile).
 */
import type { RegistrationAlertList } from '@festival/shared';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/console/admin-client';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { formatDateTime } from '~/components/console/format';
import { useAnnounceRegistrationOpen } from './api';

const emails = (count: number) => `${count} ${count === 1 ? 'email' : 'emails'}`;
const addresses = (count: number) => `${count} ${count === 1 ? 'address' : 'addresses'}`;

/** Why the list cannot be announced now, or null when it can. */
function refusal({ editionName, sales }: RegistrationAlertList['current'], waiting: number): string | null {
  switch (sales.state) {
    case 'upcoming':
      return sales.opensAt
        ? `Registration for ${editionName} opens on ${formatDateTime(sales.opensAt)} (India time). The emails can be sent once it is open.`
        : `Registration for ${editionName} has not opened yet: no ticket type is on sale. The emails can be sent once it is open.`;
    case 'closed':
      return `Registration for ${editionName} has closed, so there is nothing to announce.`;
    case 'ended':
      return `${editionName} is over, so there is nothing to announce.`;
    case 'open':
      return waiting === 0 ? 'Nobody is waiting: everyone on the list has been told.' : null;
  }
}

/** Shows the outcome in the page's status line (`onDone`), which outlives the dialog. */
export function Announcement({
  current,
  waiting,
  onDone,
}: {
  current: RegistrationAlertList['current'];
  waiting: number;
  onDone: (message: string) => void;
}) {
  const announce = useAnnounceRegistrationOpen();
  const [confirming, setConfirming] = useState(false);
  const reason = refusal(current, waiting);

  return (
    <section aria-labelledby="announce-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="announce-heading" className="text-base font-semibold text-brand-900">
        Tell them registration is open
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {addresses(waiting)} {waiting === 1 ? 'is' : 'are'} waiting to hear that registration opened.
      </p>
      <p id="announce-reason" className="mt-1 text-sm text-slate-600">
        {reason ??
          `Registration for ${current.editionName} is open. Each waiting address gets one email with the festival’s dates, venue and a link to register, and is marked notified.`}
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        disabled={reason !== null}
        aria-describedby="announce-reason"
        onClick={() => {
          announce.reset();
          setConfirming(true);
        }}
      >
        Email everyone waiting that registration is open
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Send ${emails(waiting)}?`}
        description={`${waiting === 1 ? 'The address waiting gets' : `Each of the ${addresses(waiting)} waiting gets`} one email saying registration for ${current.editionName} is open, and is marked notified. Nobody is emailed twice, even if someone else sends at the same time.`}
        confirmLabel={`Send ${emails(waiting)}`}
        pending={announce.isPending}
        error={announce.error ? errorMessage(announce.error) : null}
        onConfirm={() =>
          announce.mutate(undefined, {
            onSuccess: ({ emailed }) => {
              setConfirming(false);
              onDone(
                emailed === 0
                  ? 'Nobody was waiting any more: no email was sent.'
                  : `${emails(emailed)} on the way; ${emailed === 1 ? 'the address is' : 'the addresses are'} marked notified.`,
              );
            },
          })
        }
      />
    </section>
  );
}
