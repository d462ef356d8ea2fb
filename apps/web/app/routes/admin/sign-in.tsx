/**
 * Signing in to the console: email and password (or, forgotten, a reset link by email), then (when better-auth answers
 * `twoFactorRedirect`) a code of the authenticator app or one of the backup codes; or a passkey,
 * which better-auth takes as the whole sign-in (no two-factor step follows it). Afterwards
 * the layout sends the organizer on: to enrol two-factor if their role needs it, else to the
 * page they came for (`?next=`) or their start page.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/console/admin-client';
import { signInWithEmail, verifyBackupCode, verifyTotp } from '~/features/admin/api/auth';
import { signInWithPasskey } from '~/features/admin/api/passkeys';
import { adminMeta } from '~/features/admin/meta';
import { afterSignIn } from '~/features/admin/nav';
import { FormInput, useZodForm } from '~/components/console/form-fields';

export const meta = () => adminMeta('Sign in');

const CredentialsSchema = z.object({
  email: z.email('Enter your email address.'),
  password: z.string().min(1, 'Enter your password.'),
});

const TotpSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});

const BackupSchema = z.object({
  code: z.string().trim().min(1, 'Enter one of your backup codes.'),
});

/** better-auth's code when the sign-in waiting for its second step has lapsed (or never began). */
const TWO_FACTOR_LAPSED = 'INVALID_TWO_FACTOR_COOKIE';

/** better-auth's code for a passkey the server does not know (deleted, or another site's). */
const PASSKEY_UNKNOWN = 'PASSKEY_NOT_FOUND';

/** The `code` of a refused request's body, if any. */
const errorCode = (error: unknown) =>
  error instanceof ApiError ? (error.body as { code?: unknown } | undefined)?.code : undefined;

/** The server's words for a refused sign-in, made specific where the status says more. */
function signInError(error: unknown, step: 'password' | 'code'): string {
  if (errorCode(error) === TWO_FACTOR_LAPSED) {
    return 'This sign-in has timed out. Choose “Start again” and enter your password.';
  }
  if (error instanceof ApiError && error.status === 401) {
    return step === 'password'
      ? 'That email and password do not match an organizer account.'
      : 'That code is not valid. Check the code and try again.';
  }
  // 429 (too many attempts) carries the server's words, with the minutes to wait.
  return errorMessage(error);
}

export default function SignIn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<'password' | 'totp' | 'backup'>('password');
  const done = () => navigate(afterSignIn(params.get('next'), '/admin'));
  const reason = params.get('reason');

  return (
    <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-brand-900">
        {step === 'password' ? 'Sign in to the organizer console' : 'Two-factor check'}
      </h1>
      {reason === 'expired' && step === 'password' ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Your session has ended. Sign in again to continue.
        </p>
      ) : null}
      {reason === 'password-set' && step === 'password' ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          Your password is saved. Sign in with it to continue.
        </p>
      ) : null}
      {step === 'password' ? (
        <>
          <PasswordStep onDone={() => void done()} onTwoFactor={() => setStep('totp')} />
          <PasskeyStep onDone={() => void done()} />
        </>
      ) : (
        <CodeStep
          key={step}
          kind={step}
          onDone={() => void done()}
          onSwitch={setStep}
          onRestart={() => setStep('password')}
        />
      )}
    </div>
  );
}

function PasswordStep({ onDone, onTwoFactor }: { onDone: () => void; onTwoFactor: () => void }) {
  const form = useZodForm(CredentialsSchema, { defaultValues: { email: '', password: '' } });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const answer = await signInWithEmail(email, password);
      if (answer.twoFactorRedirect) onTwoFactor();
      else onDone();
    } catch (error) {
      setFailure(signInError(error, 'password'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4">
      <FormInput form={form} name="email" label="Email" type="email" autoComplete="username" required />
      <FormInput
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <FormAlert>{failure}</FormAlert>
      <Button
        type="submit"
        variant="secondary"
        className="w-full"
        pending={form.formState.isSubmitting}
        pendingLabel="Signing in…"
      >
        Sign in
      </Button>
      <p className="text-sm">
        <Link to="/admin/forgot-password" className="font-semibold text-brand-700 underline">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}

function PasskeyStep({ onDone }: { onDone: () => void }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function signIn() {
    setPending(true);
    setFailure(null);
    try {
      await signInWithPasskey();
      onDone();
    } catch (error) {
      // A 401 also answers a passkey that checked no PIN or biometric: the server's words say so.
      setFailure(
        errorCode(error) === PASSKEY_UNKNOWN
          ? 'That passkey does not belong to an organizer account. Sign in with your password.'
          : errorMessage(error),
      );
      setPending(false);
    }
  }

  return (
    <div className="mt-5 space-y-3 border-t border-slate-200 pt-5">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        pending={pending}
        pendingLabel="Waiting for the passkey…"
        onClick={() => void signIn()}
      >
        Sign in with a passkey
      </Button>
      <FormAlert>{failure}</FormAlert>
    </div>
  );
}

function CodeStep({
  kind,
  onDone,
  onSwitch,
  onRestart,
}: {
  kind: 'totp' | 'backup';
  onDone: () => void;
  onSwitch: (kind: 'totp' | 'backup') => void;
  onRestart: () => void;
}) {
  const form = useZodForm(kind === 'totp' ? TotpSchema : BackupSchema, { defaultValues: { code: '' } });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await (kind === 'totp' ? verifyTotp(code) : verifyBackupCode(code));
      onDone();
    } catch (error) {
      setFailure(signInError(error, 'code'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4">
      {kind === 'totp' ? (
        <FormInput
          form={form}
          name="code"
          label="Authentication code"
          hint="The 6-digit code your authenticator app shows for the festival console."
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
      ) : (
        <FormInput
          form={form}
          name="code"
          label="Backup code"
          hint="One of the ten codes you saved when you set up two-factor. Each works once."
          autoComplete="off"
          required
        />
      )}
      <FormAlert>{failure}</FormAlert>
      <Button
        type="submit"
        variant="secondary"
        className="w-full"
        pending={form.formState.isSubmitting}
        pendingLabel="Checking…"
      >
        Verify
      </Button>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        <button
          type="button"
          className="text-sm font-semibold text-brand-700 underline"
          onClick={() => onSwitch(kind === 'totp' ? 'backup' : 'totp')}
        >
          {kind === 'totp' ? 'Use a backup code instead' : 'Use the authenticator app instead'}
        </button>
        <button type="button" className="text-sm font-semibold text-brand-700 underline" onClick={onRestart}>
          Start again
        </button>
      </div>
    </form>
  );
}
