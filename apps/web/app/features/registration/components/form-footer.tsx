/**
 * The end of both registration forms: the terms checkbox (spec §5 'Please accept the terms and
 * conditions'), the form-level message and the submit button with its pending state.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert } from '~/components/ui/field';

export interface FormFooterProps {
  terms: UseFormRegisterReturn;
  termsError: string | undefined;
  formError: string | undefined;
  pending: boolean;
}

export function FormFooter({ terms, termsError, formError, pending }: FormFooterProps) {
  return (
    <div className="grid gap-4">
      <Checkbox label="I accept the terms and conditions" error={termsError} {...terms} />
      <FormAlert>{formError}</FormAlert>
      <div>
        <Button type="submit" pending={pending} pendingLabel="Submitting…" className="w-full sm:w-auto">
          Submit
        </Button>
      </div>
    </div>
  );
}
