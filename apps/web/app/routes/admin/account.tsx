/**
 * The signed-in organizer's own account: change the password (which signs out their other
 * sessions), see or set up two-factor, manage passkeys, and sign out everywhere. An organizer
 * whose password someone else set is kept here (the layout) until they choose their own; then
 * the console opens (or asks for two-factor first, when their role needs it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { ADMIN_QUERY_ROOT, errorMessage } from '~/lib/console/admin-client';
import { changePassword, revokeSessions } from '~/features/admin/api/auth';
import { PasskeysSection } from '~/features/admin/components/passkeys-section';
import { useOrganizer } from '~/lib/console/use-organizer';
import { adminMeta } from '~/features/admin/meta';
import { ConfirmDialog } from '~/components/console/confirm-dialog';
import { FormInput, useZodForm } from '~/components/console/form-fields';
import { PageHeader } from '~/components/console/page-header';

export const meta = () => adminMeta('Your account');

// The length rule of organizer passwords (packages/shared organizers.ts); the server also refuses common ones.
const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.'),
    newPassword: z.string().min(12, 'Use at least 12 characters.').max(128, 'Use at most 128 characters.'),
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords differ.',
  });

export default function AccountPage() {
  const { organizer, role } = useOrganizer();
  return (
    <>
      <PageHeader title="Your account" description={`${organizer.name}, ${organizer.email} (${role})`} />
      <div className="grid max-w-3xl gap-6">
        {organizer.mustChangePassword ? (
          <>
            <p
              role="alert"
              className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
            >
              Choose your own password before you continue: the one you signed in with was set by someone
              else. Enter it as the current password below.
            </p>
            <ChangePasswordSection />
          </>
        ) : null}
        <section
          aria-labelledby="two-factor-heading"
          className="rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 id="two-factor-heading" className="font-bold text-brand-900">
            Two-factor authentication
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {organizer.twoFactorEnabled
              ? 'On: signing in asks for a code from your authenticator app.'
              : 'Off.'}
          </p>
          {organizer.twoFactorEnabled ? null : (
            <Link
              to="/admin/two-factor"
              className="mt-2 inline-block text-sm font-semibold text-brand-700 underline"
            >
              Set up two-factor authentication
            </Link>
          )}
        </section>
        <PasskeysSection />
        {organizer.mustChangePassword ? null : <ChangePasswordSection />}
        <SignOutEverywhereSection />
      </div>
    </>
  );
}

function ChangePasswordSection() {
  const { organizer } = useOrganizer();
  const navigate = useNavigate();
  const form = useZodForm(ChangePasswordSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    setChanged(false);
    try {
      await changePassword(currentPassword, newPassword);
      form.reset();
      setChanged(true);
      // The console was closed until now: open it (the layout asks who is signed in again).
      if (organizer.mustChangePassword) await navigate('/admin');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <section aria-labelledby="password-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="password-heading" className="font-bold text-brand-900">
        Change password
      </h2>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 max-w-sm space-y-4">
        <FormInput
          form={form}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
        />
        <FormInput
          form={form}
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters; a few unrelated words work well."
          required
        />
        <FormInput
          form={form}
          name="confirmPassword"
          label="New password again"
          type="password"
          autoComplete="new-password"
          required
        />
        <FormAlert>{failure}</FormAlert>
        {changed ? (
          <p role="status" className="text-sm text-green-800">
            Password changed. Your other sessions were signed out.
          </p>
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          pending={form.formState.isSubmitting}
          pendingLabel="Changing…"
        >
          Change password
        </Button>
      </form>
    </section>
  );
}

function SignOutEverywhereSection() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function confirm() {
    setPending(true);
    setFailure(null);
    try {
      await queryClient.cancelQueries({ queryKey: [ADMIN_QUERY_ROOT] });
      await revokeSessions();
      // Leave the page first: a query still mounted would refetch, get 401 and report an expired session.
      await navigate('/admin/sign-in');
      queryClient.removeQueries({ queryKey: [ADMIN_QUERY_ROOT] });
    } catch (error) {
      setFailure(errorMessage(error));
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="sessions-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="sessions-heading" className="font-bold text-brand-900">
        Sessions
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Lost a device, or signed in on a shared computer? End every session of your account, this one
        included.
      </p>
      <Button variant="outline" className="mt-3" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out everywhere?"
        description="Every device signed in to your account, this one included, will have to sign in again."
        confirmLabel="Sign out everywhere"
        onConfirm={() => void confirm()}
        pending={pending}
        error={failure}
      />
    </section>
  );
}
