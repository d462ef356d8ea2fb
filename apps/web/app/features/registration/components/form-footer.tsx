/**
 * The end of both registration forms: the terms checkbox ('Please accept the terms and
 * conditions', linked to the terms page, which opens in a new tab so the form keeps its
 * values), the form-level message, the notice that the email is registered already, the
 * submit button with its pending state and, for a form that adds a colleague, Cancel.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert } from '~/components/ui/field';

export interface FormFooterProps {
  terms?: UseFormRegisterReturn;
  termsError?: string | undefined;
  formError: string | undefined;
  /** The server's message for an email registered already (a link to it went to that inbox). */
  alreadyRegistered?: string | undefined;
  pending: boolean;
  /** Shown as a Cancel button beside Submit when given. */
  onCancel?: (() => void) | undefined;
}

export function FormFooter({
  terms,
  termsError,
  formError,
  alreadyRegistered,
  pending,
  onCancel,
}: FormFooterProps) {
  return (
    <div className="grid gap-4">
      {terms ? (
        <Checkbox
          label={
            <>
              I accept the{' '}
              <Link
                to="/terms"
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                terms and conditions
              </Link>
            </>
          }
          error={termsError}
          {...terms}
        />
      ) : null}
      <FormAlert>{formError}</FormAlert>
      {alreadyRegistered ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950"
        >
          {alreadyRegistered}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" pending={pending} pendingLabel="Submitting…" className="w-full sm:w-auto">
          Submit
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} className="w-full sm:w-auto">
            Cancel
          </Button>
        ) : null}
      </div>
    </div>
  );
}
