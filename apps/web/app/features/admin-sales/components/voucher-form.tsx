/**
 * Creates vouchers: one code, or N codes generated with a prefix, for some
 * ticket types, with a price mode (set price, amount off, percent off, comp), a number of
 * uses, an optional validity window (India time) and optional reserved seats. Amounts are
 * typed in rupees; the values are turned into the API's body and checked by the shared
 * VoucherCreateSchema, so the form's rules and messages are the server's.
 */
import {
  PARTICIPANT_CATEGORY_NAMES,
  VOUCHER_PRICE_MODES,
  VoucherCreateSchema,
  type AdminTicketType,
  type VoucherPriceMode,
} from '@festival/shared';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Checkbox, FormAlert } from '~/components/ui/field';
import { FormInput, FormSelect, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { useCreateVouchers } from '../api/vouchers';
import { indiaLocalToIso, rupeesToPaise } from '../lib/values';

const MODE_LABELS: Record<VoucherPriceMode, string> = {
  set_price: 'Set price: each seat costs the amount',
  subtract: 'Amount off each seat',
  percent: 'Percent off each seat',
  comp: '100 % comp: free',
};
const MODE_OPTIONS = VOUCHER_PRICE_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }));
const KIND_OPTIONS = [
  { value: 'single', label: 'One code I choose' },
  { value: 'bulk', label: 'Several generated codes' },
];

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

const VoucherFormSchema = z
  .object({
    kind: z.enum(['single', 'bulk']),
    code: z.string(),
    prefix: z.string(),
    count: z.string(),
    ticketTypeIds: z.array(z.string()),
    priceMode: z.enum(VOUCHER_PRICE_MODES),
    value: z.string(),
    maxUses: z.string(),
    validFrom: z.string(),
    validUntil: z.string(),
    reservedSeats: z.string(),
  })
  .transform((values): z.input<typeof VoucherCreateSchema> => {
    const terms = {
      ticketTypeIds: values.ticketTypeIds.map(Number),
      priceMode: values.priceMode,
      value:
        values.priceMode === 'comp'
          ? 0
          : values.priceMode === 'percent'
            ? whole(values.value)
            : rupeesToPaise(values.value),
      maxUses: whole(values.maxUses),
      validFrom: indiaLocalToIso(values.validFrom),
      validUntil: indiaLocalToIso(values.validUntil),
      reservedSeats: values.reservedSeats.trim() === '' ? 0 : whole(values.reservedSeats),
    };
    return values.kind === 'single'
      ? { kind: 'single', code: values.code, ...terms }
      : { kind: 'bulk', prefix: values.prefix, count: whole(values.count), ...terms };
  })
  .pipe(VoucherCreateSchema);

type FormValues = z.input<typeof VoucherFormSchema>;

const INITIAL: FormValues = {
  kind: 'single',
  code: '',
  prefix: '',
  count: '10',
  ticketTypeIds: [],
  priceMode: 'subtract',
  value: '',
  maxUses: '1',
  validFrom: '',
  validUntil: '',
  reservedSeats: '',
};

export function VoucherDialog({
  ticketTypes,
  onClose,
}: {
  ticketTypes: AdminTicketType[];
  onClose: () => void;
}) {
  const create = useCreateVouchers();
  const form = useZodForm(VoucherFormSchema, { defaultValues: INITIAL });
  const [created, setCreated] = useState<string[] | null>(null);
  const kind = form.watch('kind');
  const mode = form.watch('priceMode');
  const chosen = form.watch('ticketTypeIds');
  const ticketError = form.formState.errors.ticketTypeIds?.message;

  const { onSubmit, failure } = useServerSubmit(form, async (body) => {
    const answer = await create.mutateAsync(body);
    setCreated(answer.codes);
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      title="New vouchers"
      description="Amounts in rupees; times in India time (IST). A use is one seat."
      footer={
        created ? (
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              form="voucher-new"
              variant="secondary"
              pending={create.isPending}
              pendingLabel="Creating…"
            >
              Create
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div role="status">
          <p className="mb-2 font-semibold">
            {created.length === 1 ? 'Voucher created:' : `${created.length} vouchers created:`}
          </p>
          <textarea
            aria-label="Codes created"
            readOnly
            rows={Math.min(10, created.length)}
            className="w-full rounded-lg border border-slate-300 p-2 font-mono text-sm"
            value={created.join('\n')}
          />
        </div>
      ) : (
        <form
          id="voucher-new"
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => void onSubmit(event)}
        >
          {failure ? (
            <div className="sm:col-span-2">
              <FormAlert>{failure}</FormAlert>
            </div>
          ) : null}
          <FormSelect
            form={form}
            name="kind"
            label="Codes"
            required
            options={KIND_OPTIONS}
            placeholder="Choose"
          />
          {kind === 'single' ? (
            <FormInput
              form={form}
              name="code"
              label="Code"
              required
              autoComplete="off"
              hint="3–32 letters, digits or hyphens; buyers type it at checkout."
            />
          ) : (
            <div className="grid grid-cols-2 gap-4">
              <FormInput form={form} name="prefix" label="Prefix" autoComplete="off" hint="Optional" />
              <FormInput
                form={form}
                name="count"
                label="How many"
                type="number"
                inputMode="numeric"
                required
              />
            </div>
          )}
          <fieldset
            className="sm:col-span-2"
            aria-describedby={ticketError ? 'voucher-tickets-error' : undefined}
          >
            <legend className="mb-2 text-sm font-semibold text-slate-900">
              Ticket types it applies to <span aria-hidden="true">*</span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {ticketTypes.map((ticket) => (
                <Checkbox
                  key={ticket.id}
                  label={`${ticket.name} (${PARTICIPANT_CATEGORY_NAMES[ticket.participantCategoryId as 1] ?? ''})`}
                  checked={chosen.includes(String(ticket.id))}
                  onChange={(event) => {
                    const id = String(ticket.id);
                    const next = event.target.checked
                      ? [...chosen, id]
                      : chosen.filter((other) => other !== id);
                    form.setValue('ticketTypeIds', next, { shouldValidate: form.formState.isSubmitted });
                  }}
                />
              ))}
            </div>
            {ticketError ? (
              <p id="voucher-tickets-error" className="mt-1 text-sm text-red-700">
                {ticketError}
              </p>
            ) : null}
          </fieldset>
          <FormSelect
            form={form}
            name="priceMode"
            label="Price"
            required
            options={MODE_OPTIONS}
            placeholder="Choose"
          />
          {mode === 'comp' ? (
            <p className="self-end text-sm text-slate-700">
              Orders with this voucher cost ₹0 and need no payment.
            </p>
          ) : (
            <FormInput
              form={form}
              name="value"
              required
              inputMode="decimal"
              {...(mode === 'percent'
                ? { label: 'Percent off', hint: '1–99' }
                : { label: mode === 'set_price' ? 'Price per seat' : 'Amount off per seat', prefix: '₹' })}
            />
          )}
          <FormInput
            form={form}
            name="maxUses"
            label="Maximum uses (seats) per code"
            type="number"
            inputMode="numeric"
            min={1}
            required
          />
          <FormInput
            form={form}
            name="reservedSeats"
            label="Reserved seats"
            type="number"
            inputMode="numeric"
            min={0}
            hint="Optional, one ticket type only: held for this voucher, out of sale for everyone else."
          />
          <FormInput form={form} name="validFrom" label="Valid from" type="datetime-local" hint="Optional" />
          <FormInput
            form={form}
            name="validUntil"
            label="Valid until"
            type="datetime-local"
            hint="Optional"
          />
        </form>
      )}
    </Dialog>
  );
}
