/**
 * Organizers (owners only): the list, adding one with an initial password the owner
 * passes on out of band, changing a role, and disabling (which ends their sessions). The server
 * refuses to demote or disable the last owner; its message is shown.
 */
import {
  ORGANIZER_ROLES,
  OrganizerCreateSchema,
  type OrganizerRole,
  type OrganizerSummary,
} from '@festival/shared';
import { useMemo, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { useAddOrganizer, useOrganizers, useUpdateOrganizer } from '~/features/admin/api/organizers';
import { useOrganizer } from '~/lib/console/use-organizer';
import { adminMeta } from '~/features/admin/meta';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { DataTable, type AdminColumn } from '~/components/console/data-table';
import { DateTime } from '~/components/console/date-time';
import { FormInput, FormSelect, useServerSubmit, useZodForm } from '~/components/console/form-fields';
import { PageHeader } from '~/components/console/page-header';

export const meta = () => adminMeta('Organizers');

const ROLE_OPTIONS = ORGANIZER_ROLES.map((role) => ({ value: role, label: role }));

export default function OrganizersPage() {
  const organizers = useOrganizers();
  const update = useUpdateOrganizer();
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<OrganizerSummary | null>(null);
  const { organizer: me } = useOrganizer();

  const columns = useMemo<AdminColumn<OrganizerSummary>[]>(
    () => [
      { accessorKey: 'name', header: 'Name' },
      { accessorKey: 'email', header: 'Email' },
      {
        id: 'role',
        header: 'Role',
        cell: ({ row }) => (
          <RoleSelect
            organizer={row.original}
            disabled={row.original.disabled || update.isPending}
            onChange={(role) => update.mutate({ id: row.original.id, change: { role } })}
          />
        ),
      },
      {
        id: 'twoFactor',
        header: 'Two-factor',
        cell: ({ row }) => (row.original.twoFactorEnabled ? 'On' : 'Off'),
      },
      { id: 'createdAt', header: 'Added', cell: ({ row }) => <DateTime value={row.original.createdAt} /> },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) =>
          row.original.disabled ? (
            'Disabled'
          ) : row.original.id === me.id ? (
            'Active (you)'
          ) : (
            <Button
              variant="outline"
              className="min-h-9 px-3 py-1"
              onClick={() => {
                update.reset();
                setDisabling(row.original);
              }}
            >
              Disable<span className="sr-only"> {row.original.name}</span>
            </Button>
          ),
      },
    ],
    [update, me.id],
  );

  return (
    <>
      <PageHeader
        title="Organizers"
        description="Who can sign in to the console, and what their role lets them do."
        actions={
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add organizer
          </Button>
        }
      />
      {update.isError && !disabling ? (
        <div className="mb-4">
          <FormAlert>{errorMessage(update.error)}</FormAlert>
        </div>
      ) : null}
      {update.isSuccess && !disabling ? (
        <p role="status" className="mb-4 text-sm text-green-800">
          Saved: {update.data.name} is now {update.data.disabled ? 'disabled' : update.data.role}.
        </p>
      ) : null}
      <DataTable
        caption="Organizers"
        columns={columns}
        rows={organizers.data?.items}
        rowId={(row) => row.id}
        loading={organizers.isPending}
        error={organizers.error}
        onRetry={() => void organizers.refetch()}
        emptyMessage="No organizers yet."
      />
      <AddOrganizerDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={disabling !== null}
        onOpenChange={(open) => {
          if (!open) setDisabling(null);
        }}
        title={`Disable ${disabling?.name ?? ''}?`}
        description="They are signed out at once and can no longer sign in. Their past changes stay in the audit log."
        confirmLabel="Disable"
        pending={update.isPending}
        error={update.isError ? errorMessage(update.error) : null}
        onConfirm={() => {
          if (!disabling) return;
          update.mutate(
            { id: disabling.id, change: { disabled: true } },
            { onSuccess: () => setDisabling(null) },
          );
        }}
      />
    </>
  );
}

function RoleSelect({
  organizer,
  disabled,
  onChange,
}: {
  organizer: OrganizerSummary;
  disabled: boolean;
  onChange: (role: OrganizerRole) => void;
}) {
  return (
    <select
      aria-label={`Role of ${organizer.name}`}
      value={organizer.role}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as OrganizerRole)}
      className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
    >
      {ORGANIZER_ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </select>
  );
}

function AddOrganizerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddOrganizer();
  const form = useZodForm(OrganizerCreateSchema, {
    defaultValues: { name: '', email: '', role: 'manager', password: '' },
  });
  const { onSubmit, failure } = useServerSubmit(form, async (input) => {
    await add.mutateAsync(input);
    form.reset();
    onOpenChange(false);
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add organizer"
      description="Pass the initial password on in person or by phone; they change it after signing in."
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <FormInput form={form} name="name" label="Name" autoComplete="off" required />
        <FormInput form={form} name="email" label="Email" type="email" autoComplete="off" required />
        <FormSelect
          form={form}
          name="role"
          label="Role"
          options={ROLE_OPTIONS}
          placeholder="Choose a role"
          required
        />
        <FormInput
          form={form}
          name="password"
          label="Initial password"
          type="text"
          autoComplete="new-password"
          hint="At least 12 characters; common passwords are refused."
          required
        />
        <FormAlert>{failure}</FormAlert>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="secondary"
            pending={form.formState.isSubmitting}
            pendingLabel="Adding…"
          >
            Add organizer
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
