/**
 * Asking for a password reset from the sign-in page: an email address, then the same answer
 * whether or not it is an organizer's (the server mails a link, valid 60 minutes, only when it
 * is, and at most once in 5 minutes per address).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { requestPasswordReset } from '~/features/admin/api/auth';
import { adminMeta } from '~/features/admin/meta';
import { FormInput, useZodForm } from '~/components/console/form-fields';

export const meta = () => adminMeta('Reset your password');

const ResetRequestSchema = z.object({ email: z.email('Enter your email address.') });

export default function ForgotPassword() {
  const form = useZodForm(ResetRequestSchema, { defaultValues: { email: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      // 429: too many requests from this address; the server's words say so.
      setFailure(errorMessage(error));
    }
  });

  return (
    <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-brand-900">Reset your password</h1>
      {sentTo ? (
        <div role="status" className="mt-4 space-y-3 text-sm text-slate-700">
          <p>
            If <strong className="break-all">{sentTo}</strong> belongs to an organizer account, an email with
            a link to choose a new password is on its way.
          </p>
          <p>
            The link works once, for 60 minutes. No email after a few minutes? Check the spam folder, or ask
            an owner of the festival’s console.
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4">
          <p className="text-sm text-slate-700">
            Enter the email address you sign in with. We will send you a link to choose a new password; your
            two-factor setup stays as it is.
          </p>
          <FormInput form={form} name="email" label="Email" type="email" autoComplete="username" required />
          <FormAlert>{failure}</FormAlert>
          <Button
            type="submit"
            variant="secondary"
            className="w-full"
            pending={form.formState.isSubmitting}
            pendingLabel="Sending…"
          >
            Send reset link
          </Button>
        </form>
      )}
      <p className="mt-5 text-sm">
        <Link to="/admin/sign-in" className="font-semibold text-brand-700 underline">
          Back to sign-in
        </Link>
      </p>
    </div>
  );
}
