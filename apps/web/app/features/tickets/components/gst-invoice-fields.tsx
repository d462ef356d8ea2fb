/**
 * "I need a GST invoice": the buyer's company name, GSTIN (its check character is
 * verified), billing address and state, validated with the shared schema as the server does.
 * The state follows the GSTIN: its first two digits are the state's GST code, so a valid GSTIN
 * chooses the state (still shown, and a different one chosen after is refused, here and by the
 * server). The parent reads the values with `form.handleSubmit` when the buyer presses Checkout.
 */
import { GST_STATES, type GstInvoiceRequest, type GstInvoiceRequestSchema } from '@festival/shared';
import type { z } from 'zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Input, Select, Textarea } from '~/components/ui/field';
import { useStateFollowsGstin } from '~/lib/gstin-state';
import { lazyResolver } from '~/lib/lazy-resolver';

const gstInvoiceResolver = lazyResolver(() =>
  import('../lib/gst-invoice-resolver').then((module) => module.gstInvoiceResolver),
);

type GstInvoiceInput = z.input<typeof GstInvoiceRequestSchema>;
export type GstInvoiceForm = UseFormReturn<GstInvoiceInput, unknown, GstInvoiceRequest>;

const STATE_OPTIONS = GST_STATES.map((state) => ({ value: state.code, label: state.name }));

export function useGstInvoiceForm(): GstInvoiceForm {
  const form = useForm<GstInvoiceInput, unknown, GstInvoiceRequest>({
    // No state until the buyer picks one: the select's empty option.
    defaultValues: { companyName: '', gstin: '', address: '', stateCode: '' as GstInvoiceInput['stateCode'] },
    mode: 'onTouched',
    resolver: gstInvoiceResolver,
  });
  useEffect(() => {
    void gstInvoiceResolver.preload();
  }, []);
  // The state select follows a valid GSTIN (validated if already shown wrong).
  useStateFollowsGstin(useWatch({ control: form.control, name: 'gstin' }), (code) =>
    form.setValue('stateCode', code, {
      shouldDirty: true,
      shouldValidate: form.getFieldState('stateCode').invalid,
    }),
  );
  return form;
}

export function GstInvoiceFields({ form }: { form: GstInvoiceForm }) {
  const { t } = useLingui();
  const { errors } = form.formState;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="sr-only">
        <Trans>GST invoice details</Trans>
      </legend>
      <Input
        label={t`Company name (as registered for GST)`}
        required
        autoComplete="organization"
        error={errors.companyName?.message}
        className="sm:col-span-2"
        {...form.register('companyName')}
      />
      <Input
        label={t`GSTIN`}
        required
        autoComplete="off"
        hint={t`15 characters, e.g. 24AAACC1206D1ZM`}
        error={errors.gstin?.message}
        {...form.register('gstin')}
      />
      <Select
        label={t`State`}
        required
        placeholder={t`Choose the GSTIN’s state`}
        hint={t`Set from the GSTIN’s first two digits`}
        options={STATE_OPTIONS}
        error={errors.stateCode?.message}
        {...form.register('stateCode')}
      />
      <Textarea
        label={t`Billing address`}
        required
        rows={2}
        autoComplete="street-address"
        error={errors.address?.message}
        className="sm:col-span-2"
        {...form.register('address')}
      />
    </fieldset>
  );
}
