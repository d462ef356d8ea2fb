/**
 * The organizer's settings form: supplier details for tax invoices (legal name,
 * address, state, GSTIN checked with its check character), whether prices include GST, where
 * the festival is held, the public contact details /contact shows, and
 * the most seats orders awaiting payment may hold per buyer email and per client address.
 * Validated by the shared UpdateSettingsSchema, as the server does.
 */
import {
  GST_STATES,
  MAX_UNPAID_SEATS_LIMIT,
  RESERVATION_MINUTES,
  UpdateSettingsSchema,
  type Settings,
  type UpdateSettingsInput,
} from '@festival/shared';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert, Input, Textarea } from '~/components/ui/field';
import { FormInput, FormSelect, useServerSubmit, useZodForm } from '~/components/console/form-fields';

const STATE_OPTIONS = GST_STATES.map((state) => ({
  value: state.code,
  label: `${state.name} (${state.code})`,
}));

export function SettingsForm({
  settings,
  onSave,
}: {
  settings: Settings;
  onSave: (body: UpdateSettingsInput) => Promise<unknown>;
}) {
  const form = useZodForm(UpdateSettingsSchema, {
    defaultValues: {
      legalName: settings.legalName,
      address: settings.address,
      stateCode: settings.stateCode as UpdateSettingsInput['stateCode'],
      gstin: settings.gstin ?? '',
      pricesIncludeGst: settings.pricesIncludeGst,
      eventStateCode: settings.eventStateCode as UpdateSettingsInput['eventStateCode'],
      publicEmail: settings.publicEmail ?? '',
      publicPhone: settings.publicPhone ?? '',
      maxUnpaidSeatsPerEmail: settings.maxUnpaidSeatsPerEmail,
      maxUnpaidSeatsPerAddress: settings.maxUnpaidSeatsPerAddress,
    },
  });
  const [saved, setSaved] = useState(false);
  const { onSubmit, failure } = useServerSubmit(form, async (values) => {
    setSaved(false);
    await onSave(values);
    setSaved(true);
  });
  const { errors } = form.formState;
  const seatLimit = {
    type: 'number',
    inputMode: 'numeric',
    min: 1,
    max: MAX_UNPAID_SEATS_LIMIT,
    required: true,
  } as const;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-bold text-brand-900">Supplier on tax invoices</legend>
        <FormInput form={form} name="legalName" label="Legal name" required />
        <Textarea
          label="Address"
          required
          rows={3}
          error={errors.address?.message}
          {...form.register('address')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormSelect
            form={form}
            name="stateCode"
            label="State"
            placeholder="Choose a state"
            options={STATE_OPTIONS}
            required
          />
          <FormInput
            form={form}
            name="gstin"
            label="GSTIN"
            hint="15 characters; its check character is verified. Without a GSTIN no tax invoice is issued."
            autoComplete="off"
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-bold text-brand-900">Prices and place of supply</legend>
        <Checkbox
          label="Ticket prices include GST"
          hint="When ticked, buyers pay the listed price and GST is part of it; otherwise GST is added at checkout."
          {...form.register('pricesIncludeGst')}
        />
        <FormSelect
          form={form}
          name="eventStateCode"
          label="State where the festival is held"
          hint="Admission is supplied where the event is held (IGST Act s.12(6))."
          placeholder="Choose a state"
          options={STATE_OPTIONS}
          required
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold text-brand-900">Public contact (shown on /contact)</legend>
        <FormInput form={form} name="publicEmail" type="email" label="Contact email" />
        <FormInput form={form} name="publicPhone" type="tel" label="Contact phone" />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold text-brand-900">Seats awaiting payment</legend>
        <p className="text-sm text-slate-600 sm:col-span-2">
          A checkout holds its seats for {RESERVATION_MINUTES} minutes until it is paid. These limits stop one
          visitor from holding a ticket type without paying; paid orders count nothing.
        </p>
        <Input
          label="Most seats per buyer email"
          hint="A startup often registers several attendees in one order."
          error={errors.maxUnpaidSeatsPerEmail?.message}
          {...seatLimit}
          {...form.register('maxUnpaidSeatsPerEmail', { valueAsNumber: true })}
        />
        <Input
          label="Most seats per client address"
          hint="Many buyers can share one address (an office, a mobile network, the venue's Wi-Fi): keep it higher."
          error={errors.maxUnpaidSeatsPerAddress?.message}
          {...seatLimit}
          {...form.register('maxUnpaidSeatsPerAddress', { valueAsNumber: true })}
        />
      </fieldset>
      <FormAlert>{failure}</FormAlert>
      <p role="status" className="text-sm text-green-800">
        {saved ? 'Saved. New orders use these settings; issued invoices keep theirs.' : ''}
      </p>
      <div>
        <Button
          type="submit"
          variant="secondary"
          pending={form.formState.isSubmitting}
          pendingLabel="Saving…"
        >
          Save settings
        </Button>
      </div>
    </form>
  );
}
