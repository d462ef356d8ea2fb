/**
 * Creates or edits a ticket type. Prices are typed in rupees and sales times in India time; the
 * form turns them into paise and ISO instants and checks the result with the shared
 * CreateTicketTypeSchema, so its rules and messages are the server's. The server's refusals (a
 * capacity below seats sold plus reserved, a name taken) show on their field and above the form.
 * The name and remarks are typed in English, with optional Gujarati and Hindi beside them.
 */
import {
  CreateTicketTypeSchema,
  DEFAULT_GST_RATE_BP,
  DEFAULT_SAC_CODE,
  GST_RATES_BP,
  PARTICIPANT_CATEGORY_NAMES,
  type AdminTicketType,
  type PlaceOfSupplyRule,
  type TranslationLocale,
} from '@festival/shared';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert } from '~/components/ui/field';
import { FormInput, FormSelect, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { TranslatedFieldGroups } from '~/components/console/translations';
import { useCreateTicketType, useUpdateTicketType } from '../api/ticket-types';
import { indiaLocalToIso, isoToIndiaLocal, paiseToRupeesText, rupeesToPaise } from '../lib/values';

const CATEGORY_OPTIONS = Object.entries(PARTICIPANT_CATEGORY_NAMES).map(([value, label]) => ({
  value,
  label,
}));
const SOLD_PER_OPTIONS = [
  { value: 'attendee', label: 'Per attendee: a pass, one per registered person' },
  { value: 'company', label: 'Per company: a stall package, one per order' },
];
const GST_RATE_OPTIONS = GST_RATES_BP.map((rate) => ({
  value: String(rate),
  label: rate === 0 ? '0 % (exempt)' : `${rate / 100} %`,
}));
const PLACE_OF_SUPPLY_OPTIONS = [
  { value: 'event', label: 'Where the event is held: admission (IGST Act s.12(6))' },
  { value: 'recipient', label: 'Buyer’s state when they give a GSTIN: stall packages (s.12(7))' },
];
const VISIBILITY_OPTIONS = [
  { value: 'visible', label: 'Visible: listed and sold' },
  { value: 'hidden', label: 'Hidden: neither listed nor sold' },
];

/** An amount as typed: rupees with at most two decimals, commas and a ₹ sign allowed. */
const isRupees = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.replace(/[₹,\s]/g, ''));

/**
 * The form's values as typed: text is checked here for what only the form knows (an amount in
 * rupees, a whole number of seats), then turned into the API's body (paise, ISO instants) and
 * checked by the shared schema with the server's rules and messages.
 */
const TicketTypeFormSchema = z
  .object({
    participantCategoryId: z.string().min(1, 'Choose a participant category'),
    name: CreateTicketTypeSchema.shape.name,
    amount: z
      .string()
      .trim()
      .min(1, 'Enter a price')
      .refine(isRupees, 'Enter the price in rupees, e.g. 750 or 499.50'),
    listPrice: z
      .string()
      .trim()
      .refine((text) => text === '' || isRupees(text), 'Enter the list price in rupees, e.g. 1500'),
    listPriceReason: z.string().trim(),
    remarks: CreateTicketTypeSchema.shape.remarks,
    translations: CreateTicketTypeSchema.shape.translations,
    soldPer: CreateTicketTypeSchema.shape.soldPer.unwrap(),
    passesIncluded: z.string().trim().regex(/^\d+$/, 'Passes included must be a whole number'),
    capacity: z
      .string()
      .trim()
      .min(1, 'Enter the number of seats')
      .regex(/^\d+$/, 'Capacity must be a whole number of seats'),
    salesStartAt: z.string(),
    salesEndAt: z.string(),
    visibility: CreateTicketTypeSchema.shape.visibility,
    sacCode: z.string().trim(),
    gstRateBp: z.string().min(1, 'Choose a GST rate'),
    placeOfSupply: z.string().min(1, 'Choose where the ticket is supplied'),
  })
  .transform((values): z.input<typeof CreateTicketTypeSchema> => ({
    participantCategoryId: Number(values.participantCategoryId),
    name: values.name,
    amount: rupeesToPaise(values.amount),
    listPrice: values.listPrice === '' ? null : rupeesToPaise(values.listPrice),
    listPriceReason: values.listPriceReason === '' ? null : values.listPriceReason,
    remarks: values.remarks,
    translations: values.translations,
    soldPer: values.soldPer,
    // A pass is one pass; only a stall package includes several.
    passesIncluded: values.soldPer === 'company' ? Number(values.passesIncluded) : 1,
    capacity: Number(values.capacity),
    salesStartAt: indiaLocalToIso(values.salesStartAt),
    salesEndAt: indiaLocalToIso(values.salesEndAt),
    visibility: values.visibility,
    sortOrder: 0,
    sacCode: values.sacCode,
    gstRateBp: Number(values.gstRateBp),
    placeOfSupply: values.placeOfSupply as PlaceOfSupplyRule,
  }))
  .pipe(CreateTicketTypeSchema);

type FormValues = z.input<typeof TicketTypeFormSchema>;

/** A language's name and remarks as the form edits them: '' where not translated. */
function translationOf(ticket: AdminTicketType | undefined, locale: TranslationLocale) {
  return {
    name: ticket?.translations[locale]?.name ?? '',
    remarks: ticket?.translations[locale]?.remarks ?? '',
  };
}

function initialValues(ticket: AdminTicketType | undefined): FormValues {
  return {
    participantCategoryId: ticket ? String(ticket.participantCategoryId) : '',
    name: ticket?.name ?? '',
    amount: ticket ? paiseToRupeesText(ticket.amount) : '',
    listPrice: ticket?.listPrice ? paiseToRupeesText(ticket.listPrice) : '',
    listPriceReason: ticket?.listPriceReason ?? '',
    remarks: ticket?.remarks ?? '',
    translations: { gu: translationOf(ticket, 'gu'), hi: translationOf(ticket, 'hi') },
    soldPer: ticket?.soldPer ?? 'attendee',
    passesIncluded: String(ticket?.passesIncluded ?? 1),
    capacity: ticket ? String(ticket.capacity) : '',
    salesStartAt: isoToIndiaLocal(ticket?.salesStartAt ?? null),
    salesEndAt: isoToIndiaLocal(ticket?.salesEndAt ?? null),
    visibility: ticket?.visibility ?? 'visible',
    sacCode: ticket?.sacCode ?? DEFAULT_SAC_CODE,
    gstRateBp: String(ticket?.gstRateBp ?? DEFAULT_GST_RATE_BP),
    placeOfSupply: ticket?.placeOfSupply ?? 'event',
  };
}

export function TicketTypeDialog({ ticket, onClose }: { ticket?: AdminTicketType; onClose: () => void }) {
  const create = useCreateTicketType();
  const update = useUpdateTicketType(ticket?.id ?? 0);
  const form = useZodForm(TicketTypeFormSchema, { defaultValues: initialValues(ticket) });
  const formId = `ticket-type-${ticket?.id ?? 'new'}`;
  const pending = create.isPending || update.isPending;
  const soldPerCompany = useWatch({ control: form.control, name: 'soldPer' }) === 'company';

  const { onSubmit, failure: formError } = useServerSubmit(form, async (body) => {
    // The sort order is not edited here: an edit keeps the type's place in the list.
    if (ticket) await update.mutateAsync({ ...body, sortOrder: ticket.sortOrder });
    else await create.mutateAsync(body);
    onClose();
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      title={ticket ? `Edit ${ticket.name}` : 'New ticket type'}
      description="Prices in rupees; sales times in India time (IST)."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="secondary" pending={pending} pendingLabel="Saving…">
            {ticket ? 'Save changes' : 'Create ticket type'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => void onSubmit(event)}
      >
        {formError ? (
          <div className="sm:col-span-2">
            <FormAlert>{formError}</FormAlert>
          </div>
        ) : null}
        <TranslatedFieldGroups
          className="sm:col-span-2"
          english={
            <>
              <FormInput form={form} name="name" label="Name" required autoComplete="off" />
              <FormInput
                form={form}
                name="remarks"
                label="Remarks"
                hint="Shown under the name, e.g. what is included."
              />
            </>
          }
          translation={(locale, language) => (
            <>
              <FormInput
                form={form}
                name={`translations.${locale}.name`}
                label={`Name in ${language}`}
                hint="Optional: left empty, pages, emails and passes show the English."
                autoComplete="off"
                lang={locale}
              />
              <FormInput
                form={form}
                name={`translations.${locale}.remarks`}
                label={`Remarks in ${language}`}
                hint="Optional, as the English remarks."
                lang={locale}
              />
            </>
          )}
        />
        <FormSelect
          form={form}
          name="participantCategoryId"
          label="Participant category"
          required
          options={CATEGORY_OPTIONS}
          placeholder="Choose a category"
          hint={
            ticket && ticket.sold + ticket.reserved > 0
              ? 'Cannot change once the type has orders.'
              : undefined
          }
        />
        <FormSelect
          form={form}
          name="visibility"
          label="Visibility"
          required
          options={VISIBILITY_OPTIONS}
          placeholder="Choose"
        />
        <FormInput form={form} name="amount" label="Price" prefix="₹" inputMode="decimal" required />
        <FormInput
          form={form}
          name="listPrice"
          label="List price"
          prefix="₹"
          inputMode="decimal"
          hint="Optional: shown struck through, above the price."
        />
        <FormInput
          form={form}
          name="listPriceReason"
          label="Why the price is lower"
          maxLength={40}
          hint="Optional, with a list price: “Early bird”. The site adds “until” the sales end, if set."
        />
        <FormSelect
          form={form}
          name="soldPer"
          label="Sold"
          required
          options={SOLD_PER_OPTIONS}
          placeholder="Choose"
          hint={
            ticket && ticket.sold + ticket.reserved > 0
              ? 'Cannot change once the type has orders.'
              : 'A stall package covers its company’s attendees up to the passes it includes.'
          }
        />
        {soldPerCompany ? (
          <FormInput
            form={form}
            name="passesIncluded"
            label="Passes included"
            type="number"
            inputMode="numeric"
            min={1}
            required
            hint="Attendees one package admits, e.g. Gold 4, Platinum 6."
          />
        ) : null}
        <FormInput
          form={form}
          name="capacity"
          label={soldPerCompany ? 'Capacity (stalls)' : 'Capacity (seats)'}
          type="number"
          inputMode="numeric"
          min={0}
          required
          hint={ticket ? `${ticket.sold} sold and ${ticket.reserved} reserved now.` : undefined}
        />
        <FormInput
          form={form}
          name="sacCode"
          label="SAC code"
          inputMode="numeric"
          required
          hint="998596: events and exhibitions."
        />
        <FormSelect
          form={form}
          name="gstRateBp"
          label="GST rate"
          required
          options={GST_RATE_OPTIONS}
          placeholder="Choose a rate"
        />
        <FormSelect
          form={form}
          name="placeOfSupply"
          label="Place of supply"
          required
          className="sm:col-span-2"
          options={PLACE_OF_SUPPLY_OPTIONS}
          placeholder="Choose"
        />
        <FormInput
          form={form}
          name="salesStartAt"
          label="Sales start"
          type="datetime-local"
          hint="Empty: on sale now."
        />
        <FormInput
          form={form}
          name="salesEndAt"
          label="Sales end"
          type="datetime-local"
          hint="Empty: until the event."
        />
      </form>
    </Dialog>
  );
}
