/**
 * Corrects a registration's contact fields (owners and managers) with the registration form's
 * own schema and messages (UpdateRegistrationContactSchema); the server's 409 for an email
 * already registered in the category shows above the form.
 */
import { UpdateRegistrationContactSchema, type RegistrationDetail } from '@festival/shared';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert } from '~/components/ui/field';
import { FormInput, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { useUpdateContact } from '../api/registrations';

export function EditContactButton({ registration }: { registration: RegistrationDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Edit contact
      </Button>
      {open ? <ContactDialog registration={registration} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ContactDialog({ registration, onClose }: { registration: RegistrationDetail; onClose: () => void }) {
  const update = useUpdateContact(registration.id);
  const form = useZodForm(UpdateRegistrationContactSchema, {
    defaultValues: {
      name: registration.name,
      email: registration.email,
      countryCode: registration.countryCode,
      contactNo: registration.contactNo,
    },
  });
  const formId = `contact-form-${registration.id}`;
  const { onSubmit, failure: formError } = useServerSubmit(form, async (values) => {
    await update.mutateAsync(values);
    onClose();
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit contact details"
      description={`${registration.name}, ${registration.role}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            pending={update.isPending}
            pendingLabel="Saving…"
          >
            Save
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <FormInput form={form} name="name" label="Contact Person Name" required autoComplete="off" />
        <FormInput form={form} name="email" label="Email" type="email" required autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <FormInput form={form} name="countryCode" label="Country Code" required hint="e.g. +91" />
          <FormInput form={form} name="contactNo" label="Contact Number" type="tel" required />
        </div>
      </form>
    </Dialog>
  );
}
