/**
 * What organizers do to one attendee of a paid order, offered only to the roles the server
 * allows (it checks again): change their ticket (change-ticket-dialog.tsx); cancel them, after a
 * confirmation that states what goes back to the buyer (asked of the server, which computes it)
 * and that their pass stops working; or transfer their pass to another person, who gets a new
 * one by email while the old code stops working.
 */
import {
  CancelAttendeeRequestSchema,
  PassTransferRequestSchema,
  type OrderDetail,
  type OrganizerRole,
} from '@festival/shared';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert } from '~/components/ui/field';
import { LoadingSkeleton } from '~/components/ui/load-state';
import { formatPaise } from '~/components/console/format';
import { FormInput, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { errorMessage } from '~/lib/console/admin-client';
import { useAttendeeCancellationQuote, useCancelAttendee, useTransferPass } from '../api/order-changes';
import { ChangeTicketDialog } from './change-ticket-dialog';
import { ReasonFields } from './reason-fields';

type Attendee = OrderDetail['attendees'][number];

const holdsValidPass = (attendee: Attendee) => attendee.passCode !== null && !attendee.passRevoked;

/** Whether `role` may cancel `attendee` of `order` now: a paid order with another valid pass left. */
export function canCancelAttendee(order: OrderDetail, attendee: Attendee, role: OrganizerRole): boolean {
  return (
    (role === 'owner' || role === 'finance') &&
    order.status === 'paid' &&
    holdsValidPass(attendee) &&
    order.attendees.filter(holdsValidPass).length > 1
  );
}

/**
 * Whether `role` may change `attendee`'s ticket now: a valid pass of a paid order (the server's
 * quote says when the order's line cannot change, and why).
 */
export function canChangeTicket(order: OrderDetail, attendee: Attendee, role: OrganizerRole): boolean {
  return (role === 'owner' || role === 'finance') && order.status === 'paid' && holdsValidPass(attendee);
}

/** Whether `role` may transfer `attendee`'s pass now: a valid pass of a paid order. */
export function canTransferPass(order: OrderDetail, attendee: Attendee, role: OrganizerRole): boolean {
  return (role === 'owner' || role === 'manager') && order.status === 'paid' && holdsValidPass(attendee);
}

export function AttendeeActions({
  order,
  attendee,
  role,
  onDone,
}: {
  order: OrderDetail;
  attendee: Attendee;
  role: OrganizerRole;
  onDone: (notice: string) => void;
}) {
  const [open, setOpen] = useState<'change' | 'cancel' | 'transfer' | null>(null);
  const changeTicket = canChangeTicket(order, attendee, role);
  const cancel = canCancelAttendee(order, attendee, role);
  const transfer = canTransferPass(order, attendee, role);
  if (!changeTicket && !cancel && !transfer) return null;
  return (
    <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
      {changeTicket ? (
        <Button variant="outline" onClick={() => setOpen('change')}>
          Change ticket<span className="sr-only"> of {attendee.name}</span>
        </Button>
      ) : null}
      {transfer ? (
        <Button variant="outline" onClick={() => setOpen('transfer')}>
          Transfer pass<span className="sr-only"> of {attendee.name}</span>
        </Button>
      ) : null}
      {cancel ? (
        <Button variant="outline" onClick={() => setOpen('cancel')}>
          Cancel attendee<span className="sr-only"> {attendee.name}</span>
        </Button>
      ) : null}
      {open === 'change' ? (
        <ChangeTicketDialog order={order} attendee={attendee} onClose={() => setOpen(null)} onDone={onDone} />
      ) : null}
      {open === 'cancel' ? (
        <CancelAttendeeDialog
          order={order}
          attendee={attendee}
          onClose={() => setOpen(null)}
          onDone={onDone}
        />
      ) : null}
      {open === 'transfer' ? (
        <TransferPassDialog order={order} attendee={attendee} onClose={() => setOpen(null)} onDone={onDone} />
      ) : null}
    </div>
  );
}

function TransferPassDialog({
  order,
  attendee,
  onClose,
  onDone,
}: {
  order: OrderDetail;
  attendee: Attendee;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const transfer = useTransferPass(order.reference, attendee.registrationId);
  const form = useZodForm(PassTransferRequestSchema, {
    defaultValues: { name: '', email: '', countryCode: '+91', contactNo: '' },
  });
  const formId = `transfer-pass-${attendee.registrationId}`;
  const { onSubmit, failure } = useServerSubmit(form, async (values) => {
    const result = await transfer.mutateAsync(values);
    onDone(
      `Pass ${result.revokedPassCode} revoked; ${result.holderName} has the new pass ${result.newPassCode}, sent to ${result.holderEmail}.`,
    );
    onClose();
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Transfer ${attendee.name}’s pass`}
      description={`Pass ${attendee.passCode ?? ''} stops working at once: the gate refuses it, and the scanners after their next sync. The new holder gets a new pass by email. The order's seats and money do not change.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep the pass
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            pending={transfer.isPending}
            pendingLabel="Transferring…"
          >
            Transfer pass
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <FormInput form={form} name="name" label="New holder’s name" required autoComplete="off" />
        <FormInput form={form} name="email" label="Email" type="email" required autoComplete="off" />
        <div className="grid grid-cols-[6rem_minmax(0,1fr)] items-end gap-3">
          <FormInput form={form} name="countryCode" label="Country code" required autoComplete="off" />
          <FormInput form={form} name="contactNo" label="Phone" inputMode="tel" required autoComplete="off" />
        </div>
      </form>
    </Dialog>
  );
}

function CancelAttendeeDialog({
  order,
  attendee,
  onClose,
  onDone,
}: {
  order: OrderDetail;
  attendee: Attendee;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const quote = useAttendeeCancellationQuote(order.reference, attendee.registrationId, true);
  const cancel = useCancelAttendee(order.reference, attendee.registrationId);
  const schema = z.object({
    reason: CancelAttendeeRequestSchema.shape.reason,
    // An order paid by bank transfer is refunded by bank transfer, recorded with its reference.
    bankReference: order.paidOffline
      ? CancelAttendeeRequestSchema.shape.bankReference.unwrap()
      : z
          .string()
          .optional()
          .transform(() => undefined),
  });
  const form = useZodForm(schema, { defaultValues: { reason: '', bankReference: '' } });
  const formId = `cancel-attendee-${attendee.registrationId}`;
  const { onSubmit, failure } = useServerSubmit(form, async (values) => {
    const result = await cancel.mutateAsync(values);
    onDone(
      result.refund > 0
        ? `${attendee.name} cancelled: pass ${result.revokedPassCode} revoked, ${formatPaise(result.refund)} ${order.paidOffline ? 'refund recorded' : 'refund requested'}${result.creditNote ? `, credit note ${result.creditNote}` : ''}.`
        : `${attendee.name} cancelled: pass ${result.revokedPassCode} revoked; nothing was left to refund.`,
    );
    onClose();
  });
  const refund = quote.data?.refund ?? 0;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Cancel ${attendee.name}?`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep attendee
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            disabled={!quote.data}
            pending={cancel.isPending}
            pendingLabel="Cancelling…"
          >
            {refund > 0 ? `Cancel and refund ${formatPaise(refund)}` : 'Cancel attendee'}
          </Button>
        </>
      }
    >
      {quote.isPending ? (
        <LoadingSkeleton label="Working out the refund…" />
      ) : quote.error ? (
        <FormAlert>{errorMessage(quote.error)}</FormAlert>
      ) : (
        <form id={formId} noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <div className="grid gap-2 text-sm text-slate-800">
            <p>
              Pass <span className="font-mono font-semibold">{quote.data.passCode}</span> stops working at
              once: the gate refuses it, and the scanners after their next sync. The seat goes back on sale,
              to the waiting list first.
            </p>
            <p>
              {refund > 0 ? (
                <>
                  <strong>{formatPaise(refund)}</strong> goes back to the buyer
                  {order.paidOffline
                    ? ' by bank transfer, which you make and record here'
                    : ' through the payment provider'}
                  , with a credit note for this one pass.
                </>
              ) : (
                'Nothing goes back to the buyer: nothing is left to refund on this order.'
              )}{' '}
              {attendee.name} is told by email.
            </p>
            {quote.data.checkedIn ? (
              <p className="font-semibold text-amber-800">This pass was already scanned in at the gate.</p>
            ) : null}
          </div>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <ReasonFields
            form={form}
            hint="Kept with the refund and in the audit log."
            transfer={order.paidOffline ? 'refund' : null}
          />
        </form>
      )}
    </Dialog>
  );
}
