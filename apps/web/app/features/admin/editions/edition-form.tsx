/**
 * The edition form of the console (issue 8 §2 Editions): name, first day's opening and last
 * day's closing in India time (datetime-local fields, sent as instants with +05:30), venue, map
 * link and video. Used to edit the current edition and to create the next one.
 */
import { EDITION_CLOSED_MESSAGE, EVENT_TIME_ZONE, requiredText, type Edition } from '@festival/shared';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert } from '~/components/ui/field';
import { FormInput, useServerSubmit, useZodForm } from '../ui/form-fields';

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const httpsUrl = (message: string) => z.url({ protocol: /^https$/, error: message });

/** The form's rules: those of the shared UpdateEditionSchema, on India-time fields. */
export const EditionFormSchema = z
  .object({
    name: requiredText('Name is required', 150),
    startsAt: z.string().regex(LOCAL_DATE_TIME, 'Enter the start date and time'),
    endsAt: z.string().regex(LOCAL_DATE_TIME, 'Enter the end date and time'),
    venue: requiredText('Venue is required', 200),
    venueMapUrl: httpsUrl('Enter the map link (https://…)'),
    videoUrl: z.union([z.literal(''), httpsUrl('Enter the video embed address (https://…)')]),
    copyTicketTypes: z.boolean(),
  })
  .refine((value) => value.endsAt > value.startsAt, {
    path: ['endsAt'],
    message: 'The end must be after the start',
  });
export type EditionFormValues = z.infer<typeof EditionFormSchema>;

const localFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a datetime-local value in India time ("2024-10-20T10:00"). */
export const toLocal = (instant: string) => localFormat.format(new Date(instant)).replace(' ', 'T');
/** A datetime-local value in India time as an instant (India keeps +05:30 all year). */
export const toInstant = (local: string) => `${local}:00+05:30`;

/** The request body of the form's values. */
export function editionBody(values: EditionFormValues) {
  return {
    name: values.name,
    startsAt: toInstant(values.startsAt),
    endsAt: toInstant(values.endsAt),
    venue: values.venue,
    venueMapUrl: values.venueMapUrl,
    videoUrl: values.videoUrl || null,
  };
}

export function EditionForm({
  edition,
  creating,
  submitLabel,
  onSave,
  extra,
}: {
  /** The values to start from. */
  edition: Edition | null;
  /** Creating the next edition: offers copying the ticket types. */
  creating: boolean;
  submitLabel: string;
  onSave: (values: EditionFormValues) => Promise<unknown>;
  extra?: ReactNode;
}) {
  const form = useZodForm(EditionFormSchema, {
    defaultValues: {
      name: edition?.name ?? '',
      startsAt: edition ? toLocal(edition.startsAt) : '',
      endsAt: edition ? toLocal(edition.endsAt) : '',
      venue: edition?.venue ?? '',
      venueMapUrl: edition?.venueMapUrl ?? '',
      videoUrl: edition?.videoUrl ?? '',
      copyTicketTypes: true,
    },
  });
  const [saved, setSaved] = useState(false);

  const { onSubmit: submit, failure } = useServerSubmit(form, async (values) => {
    setSaved(false);
    await onSave(values);
    setSaved(true);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormInput form={form} name="name" label="Name" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="startsAt"
          type="datetime-local"
          label="Opens (first day, India time)"
          required
        />
        <FormInput
          form={form}
          name="endsAt"
          type="datetime-local"
          label="Closes (last day, India time)"
          hint={`After this, the site says "${EDITION_CLOSED_MESSAGE}" and stops selling passes.`}
          required
        />
      </div>
      <FormInput form={form} name="venue" label="Venue" required />
      <FormInput
        form={form}
        name="venueMapUrl"
        type="url"
        label="Map link"
        placeholder="https://…"
        required
      />
      <FormInput
        form={form}
        name="videoUrl"
        type="url"
        label="Video embed address"
        hint="For example https://www.youtube-nocookie.com/embed/… ; leave empty for none."
      />
      {creating ? (
        <Checkbox
          label="Copy the current edition’s ticket types (prices, capacities; sales dates left open)"
          {...form.register('copyTicketTypes')}
        />
      ) : null}
      {extra}
      <FormAlert>{failure}</FormAlert>
      <p role="status" className="text-sm text-green-800">
        {saved && !creating ? 'Saved. The site shows the change at the next visit.' : ''}
      </p>
      <div>
        <Button
          type="submit"
          variant="secondary"
          pending={form.formState.isSubmitting}
          pendingLabel="Saving…"
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
