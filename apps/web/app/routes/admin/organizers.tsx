/**
 * Organizers (owners only): the list, inviting one by email (they choose their own password
 * from the link, then set up two-factor if their role needs it), sending an invitation again,
 * changing a role (after a confirmation), and disabling (which ends their sessions). The server
 * refuses to demote or disable the last owner; its message is shown.
 */
import {
  ORGANIZER_ROLES,
  OrganizerInviteSchema,
  ROLES_REQUIRING_TWO_FACTOR,
  type OrganizerRole,
  type OrganizerSummary,
} from '@festival/shared';
import { useMemo, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import {
  useInviteOrganizer,
  useOrganizers,
  useResendInvitation,
  useUpdateOrganizer,
} from '~/features/admin/api/organizers';
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
  const resend = useResendInvitation();
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<OrganizerSummary | null>(null);
  const [changingRole, setChangingRole] = useState<{
    organizer: OrganizerSummary;
    role: OrganizerRole;
  } | null>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const { organizer: me } = useOrganizer();
  const asking = disabling !== null || changingRole !== null;

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
            onChange={(role) => {
              update.reset();
              setChangingRole({ organizer: row.original, role });
            }}
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
            <div className="flex flex-wrap items-center gap-2">
              {row.original.passwordSet ? null : (
                <>
                  <span>Invited</span>
                  <Button
                    variant="outline"
                    className="min-h-9 px-3 py-1"
                    pending={resend.isPending && resend.variables === row.original.id}
                    pendingLabel="Sending…"
                    onClick={() => {
                      update.reset();
                      resend.mutate(row.original.id, {
                        onSuccess: (organizer) => setInvited(organizer.email),
                      });
                    }}
                  >
                    Send again<span className="sr-only"> to {row.original.name}</span>
                  </Button>
                </>
              )}
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
            </div>
          ),
      },
    ],
    [update, resend, me.id],
  );

  return (
    <>
      <PageHeader
        title="Organizers"
        description="Who can sign in to the console, and what their role lets them do."
        actions={
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Invite organizer
          </Button>
        }
      />
      {resend.isError ? (
        <div className="mb-4">
          <FormAlert>{errorMessage(resend.error)}</FormAlert>
        </div>
      ) : null}
      {update.isSuccess && !asking ? (
        <p role="status" className="mb-4 text-sm text-green-800">
          Saved: {update.data.name} is now {update.data.disabled ? 'disabled' : update.data.role}.
        </p>
      ) : invited ? (
        <p role="status" className="mb-4 text-sm text-green-800">
          Invitation sent to {invited}. The link works for 7 days.
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
      <InviteOrganizerDialog
        open={adding}
        onOpenChange={setAdding}
        onInvited={(email) => {
          update.reset();
          setInvited(email);
        }}
      />
      <ConfirmDialog
        open={changingRole !== null}
        onOpenChange={(open) => {
          if (!open) setChangingRole(null);
        }}
        title={`Make ${changingRole?.organizer.name ?? ''} ${changingRole?.role ?? ''}?`}
        description={changingRole ? roleChangeWords(changingRole.organizer, changingRole.role) : ''}
        confirmLabel="Change role"
        pending={update.isPending}
        error={update.isError && changingRole ? errorMessage(update.error) : null}
        onConfirm={() => {
          if (!changingRole) return;
          setInvited(null);
          update.mutate(
            { id: changingRole.organizer.id, change: { role: changingRole.role } },
            { onSuccess: () => setChangingRole(null) },
          );
        }}
      />
      <ConfirmDialog
        open={disabling !== null}
        onOpenChange={(open) => {
          if (!open) setDisabling(null);
        }}
        title={`Disable ${disabling?.name ?? ''}?`}
        description="They are signed out at once and can no longer sign in. Their past changes stay in the audit log."
        confirmLabel="Disable"
        pending={update.isPending}
        error={update.isError && disabling ? errorMessage(update.error) : null}
        onConfirm={() => {
          if (!disabling) return;
          setInvited(null);
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

/** What a role change does, for its confirmation. */
function roleChangeWords(organizer: OrganizerSummary, role: OrganizerRole): string {
  const from = `${organizer.name} (${organizer.email}) goes from ${organizer.role} to ${role}: what they can open and change follows at once, on their next page.`;
  const needsTwoFactor =
    ROLES_REQUIRING_TWO_FACTOR.includes(role) && !organizer.twoFactorEnabled
      ? ' The new role needs two-factor authentication: the console asks them to set it up before anything else.'
      : '';
  return `${from}${needsTwoFactor} The change is recorded in the audit log.`;
}

function InviteOrganizerDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (email: string) => void;
}) {
  const invite = useInviteOrganizer();
  const form = useZodForm(OrganizerInviteSchema, {
    defaultValues: { name: '', email: '', role: 'manager' },
  });
  const { onSubmit, failure } = useServerSubmit(form, async (input) => {
    const organizer = await invite.mutateAsync(input);
    form.reset();
    onOpenChange(false);
    onInvited(organizer.email);
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite organizer"
      description="They receive an email with a link to choose their own password (valid 7 days). Owners, managers and finance then set up two-factor authentication at their first sign-in."
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
        <FormAlert>{failure}</FormAlert>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="secondary"
            pending={form.formState.isSubmitting}
            pendingLabel="Sending…"
          >
            Send invitation
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
