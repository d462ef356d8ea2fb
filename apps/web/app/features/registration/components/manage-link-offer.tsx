/**
 * Registering again with an email whose earlier registration is unpaid (issue 9 §1): instead
 * of a dead end, the server's message and a "Send me a link" action that emails the manage
 * link, where the earlier registration can be paid.
 */
import { useMutation } from '@tanstack/react-query';
import { Button } from '~/components/ui/button';
import { requestManageLink } from '../api/request-manage-link';

export interface ManageLinkOfferProps {
  message: string;
  email: string;
}

export function ManageLinkOffer({ message, email }: ManageLinkOfferProps) {
  const send = useMutation({ mutationFn: () => requestManageLink(email) });
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950"
    >
      <p>{message}</p>
      {send.isSuccess ? (
        <p className="font-semibold">{send.data}</p>
      ) : (
        <div>
          <Button
            variant="secondary"
            pending={send.isPending}
            pendingLabel="Sending…"
            onClick={() => send.mutate()}
          >
            Send me a link
          </Button>
        </div>
      )}
      {send.isError ? <p>{send.error.message}</p> : null}
    </div>
  );
}
