/**
 * "Tell me when registration opens": one email field. The thank-you shows on the page in a
 * status region (screen readers announce it), the server's refusals beside the field or below
 * the button; the address is checked by the server, whose message the field shows.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { useLeaveRegistrationAlert } from '../api/leave-registration-alert';

export function RegistrationAlertForm({ className }: { className?: string }) {
  const { t } = useLingui();
  const leave = useLeaveRegistrationAlert();
  // The page's language: the confirmation and the announcement are written in it.
  const locale = usePageLocale();
  const [email, setEmail] = useState('');
  const [saved, setSaved] = useState<string>();
  const labelId = useId();

  const error = leave.error;
  const fieldError = error instanceof ApiError ? error.fieldErrors.email : undefined;
  const formError = error && !fieldError ? error.message : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(undefined);
    leave.mutate(
      { email, locale },
      {
        onSuccess: (message) => {
          setSaved(message);
          setEmail('');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={labelId} className={className}>
      <h3 id={labelId} className="text-lg font-bold text-brand-900">
        <Trans>Tell me when registration opens</Trans>
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        <Trans>We write to you once, when registration opens, and keep the address for nothing else.</Trans>
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Input
          label={t`Email`}
          type="email"
          required
          autoComplete="email"
          className="sm:flex-1"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
        />
        <Button type="submit" pending={leave.isPending} pendingLabel={t`Saving…`} className="sm:mt-6">
          <Trans>Notify me</Trans>
        </Button>
      </div>
      <p role="status" className="mt-3 text-sm font-medium text-green-800 empty:hidden">
        {saved}
      </p>
      {formError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
