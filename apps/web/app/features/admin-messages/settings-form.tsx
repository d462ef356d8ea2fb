/**
 * The edition's message settings: the daily limit of the organizers' messages and the automatic
 * reminders (the unpaid reminder after a number of hours, the day-before email with the passes,
 * the waiting-list confirmation), each of which can be switched off. Validated by the shared
 * MessageSettingsSchema, as the server does; saved with PUT /api/admin/messages/settings.
 */
import {
  MAX_UNPAID_REMINDER_HOURS,
  MessageSettingsSchema,
  type MessageSettings,
  type MessageSettingsView,
} from '@festival/shared';
import { useState } from 'react';
import { FormInput, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert } from '~/components/ui/field';
import { useSaveMessageSettings } from './api';

export function MessageSettingsForm({ settings }: { settings: MessageSettingsView }) {
  const save = useSaveMessageSettings(settings.editionId);
  const form = useZodForm(MessageSettingsSchema, {
    defaultValues: {
      dailyCap: settings.dailyCap,
      unpaidReminder: settings.unpaidReminder,
      unpaidReminderHours: settings.unpaidReminderHours,
      dayBeforeReminder: settings.dayBeforeReminder,
      waitingListConfirmation: settings.waitingListConfirmation,
    },
  });
  const [saved, setSaved] = useState(false);
  const { onSubmit, failure } = useServerSubmit(form, async (values: MessageSettings) => {
    setSaved(false);
    await save.mutateAsync(values);
    setSaved(true);
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid max-w-2xl gap-4">
      <FormInput
        form={form}
        name="dailyCap"
        label="Daily limit of message emails"
        hint="Emails of your messages queued per day (India time). Reminders and passes do not count."
        type="number"
        inputMode="numeric"
        min={0}
        required
      />
      <fieldset className="grid gap-3">
        <legend className="mb-1 font-semibold text-brand-900">Automatic reminders</legend>
        <Checkbox
          label="Remind registrations that are not paid"
          hint="One email, the set hours after registering, with a sign-in link to Manage my registration where they can pay. Registrations made more than 7 days before that are not reminded."
          {...form.register('unpaidReminder')}
        />
        <FormInput
          form={form}
          name="unpaidReminderHours"
          label="Hours after registering"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_UNPAID_REMINDER_HOURS}
          className="max-w-40"
        />
        <Checkbox
          label="Send every attendee their passes the day before the festival"
          hint="From 09:00 India time on the day before the first day, with the printable PDF attached."
          {...form.register('dayBeforeReminder')}
        />
        <Checkbox
          label="Confirm to people that they joined a waiting list"
          hint="Says where they stand in line and what happens when seats come back."
          {...form.register('waitingListConfirmation')}
        />
      </fieldset>
      <FormAlert>{failure}</FormAlert>
      <p role="status" className="text-sm text-green-800">
        {saved ? 'Saved. Reminders due from now on follow these settings.' : ''}
      </p>
      <div>
        <Button
          type="submit"
          variant="secondary"
          pending={form.formState.isSubmitting}
          pendingLabel="Saving…"
        >
          Save message settings
        </Button>
      </div>
    </form>
  );
}
