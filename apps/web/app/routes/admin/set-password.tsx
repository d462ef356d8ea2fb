/**
 * Choosing a password from an emailed link: an invitation (valid 7 days) or a password reset
 * (valid 60 minutes). The link carries its token in the fragment (`#token=…`), which no browser
 * sends to a server; the page takes it out of the address bar as it opens, then sends it with
 * the new password to better-auth's `/reset-password`. Afterwards the organizer signs in, and the
 * console asks a role that needs two-factor to set it up.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/console/admin-client';
import { resetPassword } from '~/features/admin/api/auth';
import { adminMeta } from '~/features/admin/meta';
import { FormInput, useZodForm } from '~/components/console/form-fields';

export const meta = () => adminMeta('Choose your password');

const SetPasswordSchema = z
  .object({
    newPassword: z.string().min(12, 'Use at least 12 characters.').max(128, 'Use at most 128 characters.'),
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords differ.',
  });

/** better-auth's code for a link that was used, replaced by a newer one, or has lapsed. */
const INVALID_TOKEN = 'INVALID_TOKEN';

/** The token in the address's fragment (`#token=…`), or null. */
function tokenFromFragment(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

export default function SetPassword() {
  // The console renders in the browser only (the layout's clientLoader), so the fragment is
  // there to read; null when the address carries no token.
  const [token] = useState(tokenFromFragment);
  const [lapsed, setLapsed] = useState(false);
  useEffect(() => {
    // Keep the token out of the history and of anything that copies the address.
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  return (
    <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-brand-900">Choose your password</h1>
      {token === null || lapsed ? (
        <LinkUnusable lapsed={lapsed} />
      ) : (
        <PasswordForm token={token} onLapsed={() => setLapsed(true)} />
      )}
    </div>
  );
}

function LinkUnusable({ lapsed }: { lapsed: boolean }) {
  return (
    <div role="alert" className="mt-4 space-y-3 text-sm text-slate-700">
      <p>
        {lapsed
          ? 'This link has been used, replaced by a newer one, or has expired.'
          : 'This address carries no link code. Open the link from your email again, in full.'}
      </p>
      <p>
        Invited? Ask the owner who invited you to send the invitation again. Already have an account?{' '}
        <Link to="/admin/forgot-password" className="font-semibold text-brand-700 underline">
          Ask for a new reset link
        </Link>
        .
      </p>
    </div>
  );
}

function PasswordForm({ token, onLapsed }: { token: string; onLapsed: () => void }) {
  const navigate = useNavigate();
  const form = useZodForm(SetPasswordSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await resetPassword(token, newPassword);
      await navigate('/admin/sign-in?reason=password-set');
    } catch (error) {
      const code =
        error instanceof ApiError ? (error.body as { code?: unknown } | undefined)?.code : undefined;
      if (code === INVALID_TOKEN) onLapsed();
      // A weak password's reason belongs to its field, once.
      else if (code === 'WEAK_PASSWORD')
        form.setError('newPassword', { type: 'server', message: errorMessage(error) });
      else setFailure(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4">
      <FormInput
        form={form}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters; a few unrelated words work well. Common and guessable passwords are refused."
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
      <Button
        type="submit"
        variant="secondary"
        className="w-full"
        pending={form.formState.isSubmitting}
        pendingLabel="Saving…"
      >
        Save password
      </Button>
    </form>
  );
}
