/**
 * What every change of a paid order asks for besides the change itself (a refund, a cancelled
 * attendee, a changed ticket): the reason, kept in the audit log, and, when the money moves by
 * bank transfer, that transfer's UTR. The server requires the same (the shared schemas).
 */
import type { FieldValues, Path } from 'react-hook-form';
import { FormInput, type AnyForm } from '~/components/console/form-fields';

/** Whose bank transfer the UTR is of: the organizers' refund, or the buyer's payment. */
export type TransferKind = 'refund' | 'payment';

const TRANSFER_LABELS: Record<TransferKind, string> = {
  refund: 'Bank reference (UTR) of the refund transfer',
  payment: 'Bank reference (UTR) of the buyer’s transfer',
};

/** The reason field, and the UTR field of `transfer` when there is one, registered on `form`. */
export function ReasonFields<
  T extends FieldValues & { reason: string; bankReference?: string | undefined },
  O extends FieldValues,
>({
  form,
  hint,
  transfer,
}: {
  form: AnyForm<T, O>;
  /** Where the reason is kept, e.g. "Kept in the audit log." */
  hint: string;
  /** The bank transfer to record, or null when the money moves through the provider (or not at all). */
  transfer: TransferKind | null;
}) {
  return (
    <>
      <FormInput form={form} name={'reason' as Path<T>} label="Reason" required hint={hint} />
      {transfer ? (
        <FormInput
          form={form}
          name={'bankReference' as Path<T>}
          label={TRANSFER_LABELS[transfer]}
          required
          autoComplete="off"
        />
      ) : null}
    </>
  );
}
