/**
 * The check-in list form: name, the ticket types (with their category) and days of the edition it admits,
 * whether exits are scanned and whether re-entry is allowed.
 */
import {
  CreateCheckinListSchema,
  type AdminTicketType,
  type CheckinList,
  type CheckinLists,
} from '@festival/shared';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert } from '~/components/ui/field';
import { FormInput, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { ticketTypeLabel } from './ticket-type-label';

/** Checkbox groups give strings (or one string, or false); the shared schema wants numbers. */
const numbers = (message: string) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value : value ? [value] : []).map(Number),
    z.array(z.number()).min(1, message),
  );

const ListFormSchema = CreateCheckinListSchema.extend({
  ticketTypeIds: numbers('Choose at least one ticket type'),
  days: numbers('Choose at least one day'),
});

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', timeZone: 'UTC' });

export function CheckinListForm({
  list,
  ticketTypes,
  editionDays,
  onSave,
}: {
  list: CheckinList | null;
  ticketTypes: AdminTicketType[];
  editionDays: CheckinLists['editionDays'];
  onSave: (values: z.output<typeof ListFormSchema>) => Promise<unknown>;
}) {
  const form = useZodForm(ListFormSchema, {
    defaultValues: {
      name: list?.name ?? '',
      ticketTypeIds: (
        list?.ticketTypeIds ?? ticketTypes.filter((type) => !type.archivedAt).map((type) => type.id)
      ).map(String),
      days: (list?.days ?? editionDays.map((day) => day.day)).map(String),
      allowExit: list?.allowExit ?? false,
      allowReentry: list?.allowReentry ?? false,
    } as never,
  });
  const { onSubmit, failure } = useServerSubmit(form, async (values) => {
    await onSave(values);
  });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <FormInput form={form} name="name" label="Name" required placeholder="e.g. Main gate" />
      <fieldset aria-describedby={errors.ticketTypeIds ? 'ticket-types-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold">Ticket types it admits</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ticketTypes.map((type) => (
            <Checkbox
              key={type.id}
              label={ticketTypeLabel(type)}
              value={String(type.id)}
              {...form.register('ticketTypeIds')}
            />
          ))}
        </div>
        {errors.ticketTypeIds && (
          <p id="ticket-types-error" className="mt-1 text-sm text-red-700">
            {errors.ticketTypeIds.message}
          </p>
        )}
      </fieldset>
      <fieldset aria-describedby={errors.days ? 'days-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold">Days</legend>
        <div className="flex flex-wrap gap-4">
          {editionDays.map((day) => (
            <Checkbox
              key={day.day}
              label={`Day ${day.day}, ${dayFormat.format(new Date(day.date))}`}
              value={String(day.day)}
              {...form.register('days')}
            />
          ))}
        </div>
        {errors.days && (
          <p id="days-error" className="mt-1 text-sm text-red-700">
            {errors.days.message}
          </p>
        )}
      </fieldset>
      <Checkbox label="Scan exits too (entry and exit)" {...form.register('allowExit')} />
      <Checkbox label="Allow re-entry after an exit" {...form.register('allowReentry')} />
      <FormAlert>{failure}</FormAlert>
      <div>
        <Button
          type="submit"
          variant="secondary"
          pending={form.formState.isSubmitting}
          pendingLabel="Saving…"
        >
          {list ? 'Save list' : 'Create list'}
        </Button>
      </div>
    </form>
  );
}
