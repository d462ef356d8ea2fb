/**
 * "Transfer my pass" on the manage page: offered on the session's own pass when the festival
 * allows attendees to transfer (the server checks both again). The new holder gives a name,
 * email and phone; they get a new pass by email, and this one stops working at once.
 */
import type { ManageAttendee, ManageSession, PassTransfer } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert, Input } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { manageOverviewQueryOptions, passTransfersQueryOptions, transferOwnPass } from '../api/manage';

const EMPTY = { name: '', email: '', countryCode: '+91', contactNo: '' };

export function TransferPass({
  session,
  attendee,
  ownEmail,
}: {
  session: ManageSession;
  attendee: ManageAttendee;
  /** The session's email: only its own pass is offered. */
  ownEmail: string;
}) {
  const own = attendee.passCode !== null && attendee.email.toLowerCase() === ownEmail.toLowerCase();
  const allowed = useQuery({ ...passTransfersQueryOptions(session), enabled: own });
  const [open, setOpen] = useState(false);
  const [holder, setHolder] = useState(EMPTY);
  const { t } = useLingui();
  const [done, setDone] = useState<PassTransfer | undefined>();
  const queryClient = useQueryClient();
  const transfer = useMutation({
    mutationFn: () => transferOwnPass(session, attendee.passCode ?? '', holder),
    onSuccess: async (result) => {
      setOpen(false);
      setHolder(EMPTY);
      setDone(result);
      await queryClient.invalidateQueries({ queryKey: manageOverviewQueryOptions(session).queryKey });
    },
  });
  if (done) {
    return (
      <p role="status" className="mt-3 text-sm text-emerald-800">
        <Trans>
          Your pass {done.revokedPassCode} no longer works. {done.holderName} gets a new pass at{' '}
          {done.holderEmail}.
        </Trans>
      </p>
    );
  }
  if (!own || !allowed.data?.attendeesMayTransfer) return null;
  const errors = transfer.error instanceof ApiError ? transfer.error.fieldErrors : {};
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setHolder((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    transfer.mutate();
  };
  if (!open) {
    return (
      <Button variant="outline" className="mt-3" onClick={() => setOpen(true)}>
        <Trans>Transfer my pass</Trans>
      </Button>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t`Transfer my pass`}
      className="mt-4 grid gap-3 sm:max-w-md"
    >
      <p className="text-sm text-slate-700">
        <Trans>
          Give your pass to someone who will come in your place. They get a new pass by email, and your pass{' '}
          <span className="font-mono font-semibold">{attendee.passCode}</span> stops working at once.
        </Trans>
      </p>
      <Input label={t`Their name`} value={holder.name} onChange={set('name')} error={errors.name} required />
      <Input
        label={t`Their email`}
        type="email"
        value={holder.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      <div className="grid grid-cols-[6rem_minmax(0,1fr)] items-end gap-3">
        <Input
          label={t`Country code`}
          value={holder.countryCode}
          onChange={set('countryCode')}
          error={errors.countryCode}
          required
        />
        <Input
          label={t`Their phone`}
          inputMode="tel"
          value={holder.contactNo}
          onChange={set('contactNo')}
          error={errors.contactNo}
          required
        />
      </div>
      <FormAlert>{Object.keys(errors).length > 0 ? undefined : transfer.error?.message}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant="secondary"
          pending={transfer.isPending}
          pendingLabel={t`Transferring…`}
        >
          <Trans>Transfer pass</Trans>
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setOpen(false);
            transfer.reset();
          }}
        >
          <Trans>Keep my pass</Trans>
        </Button>
      </div>
    </form>
  );
}
