/**
 * "Edit GST details" in an order's GST section, for owners and finance (the server checks again)
 * while the tax invoice is not issued: the buyer's GSTIN, legal name, billing address and state,
 * or none (a valid GSTIN chooses the state). The place of supply and the CGST + SGST / IGST
 * split follow; the total does not move.
 */
import {
  GST_STATES,
  GstInvoiceRequestSchema,
  type GstInvoiceRequest,
  type OrderDetail,
  type OrganizerRole,
} from '@festival/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert } from '~/components/ui/field';
import { formatPaise } from '~/components/console/format';
import { FormInput, FormSelect, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { errorMessage } from '~/lib/console/admin-client';
import { useStateFollowsGstin } from '~/lib/gstin-state';
import { useChangeGstDetails } from '../api/order-changes';

const STATE_OPTIONS = GST_STATES.map((state) => ({
  value: state.code,
  label: `${state.name} (${state.code})`,
}));

/** Whether `role` may change `order`'s GST details now: before its invoice, while it is pending or paid. */
export function canChangeGstDetails(order: OrderDetail, role: OrganizerRole): boolean {
  return (
    (role === 'owner' || role === 'finance') &&
    (order.status === 'pending' || order.status === 'paid') &&
    order.gst.tax !== null &&
    !order.gst.documents.some((document) => document.kind === 'invoice')
  );
}

export function GstDetailsAction({ order, role }: { order: OrderDetail; role: OrganizerRole }) {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState('');
  const change = useChangeGstDetails(order.reference);
  if (!canChangeGstDetails(order, role)) return null;
  return (
    <div className="mt-4 grid gap-2">
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => setOpen(true)}>
          Edit GST details
        </Button>
        {order.gst.buyerGstin ? (
          <Button
            variant="outline"
            pending={change.isPending && !open}
            pendingLabel="Removing…"
            onClick={() =>
              change.mutate(
                { buyer: null },
                { onSuccess: () => setNotice('GST details removed: a consumer’s invoice.') },
              )
            }
          >
            Remove GST details
          </Button>
        ) : null}
      </div>
      {change.error && !open ? <FormAlert>{errorMessage(change.error)}</FormAlert> : null}
      <p role="status" className="text-sm text-emerald-800 empty:hidden">
        {notice}
      </p>
      {open ? (
        <GstDetailsDialog
          order={order}
          onClose={() => setOpen(false)}
          onSave={async (buyer) => {
            await change.mutateAsync({ buyer });
            setNotice('GST details saved; the place of supply and the tax split follow them.');
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

function GstDetailsDialog({
  order,
  onClose,
  onSave,
}: {
  order: OrderDetail;
  onClose: () => void;
  onSave: (buyer: GstInvoiceRequest) => Promise<void>;
}) {
  const form = useZodForm(GstInvoiceRequestSchema, {
    defaultValues: {
      companyName: '',
      gstin: order.gst.buyerGstin ?? '',
      address: '',
      stateCode: (order.gst.buyerGstin?.slice(0, 2) ?? '') as never,
    },
  });
  useStateFollowsGstin(useWatch({ control: form.control, name: 'gstin' }), (code) =>
    form.setValue('stateCode', code, {
      shouldDirty: true,
      shouldValidate: form.getFieldState('stateCode').invalid,
    }),
  );
  const formId = `gst-details-${order.reference}`;
  const { onSubmit, failure } = useServerSubmit(form, onSave);
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Buyer’s GST details"
      description={`For the tax invoice of ${order.reference}, which is not issued yet. The total stays ${formatPaise(order.gst.tax?.total ?? order.amount)}.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            pending={form.formState.isSubmitting}
            pendingLabel="Saving…"
          >
            Save GST details
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <FormInput form={form} name="companyName" label="Legal name" required autoComplete="off" />
        <FormInput form={form} name="gstin" label="GSTIN" required autoComplete="off" />
        <FormInput form={form} name="address" label="Billing address" required autoComplete="off" />
        <FormSelect
          form={form}
          name="stateCode"
          label="State"
          placeholder="Choose a state"
          options={STATE_OPTIONS}
          required
        />
      </form>
    </Dialog>
  );
}
