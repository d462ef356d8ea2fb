/**
 * The end of both registration forms: the terms checkbox (spec §5 'Please accept the terms and
 * conditions'), the form-level message and the submit button with its pending state.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { Checkbox, FormAlert } from '~/components/ui/field';
import { ManageLinkOffer, type ManageLinkOfferProps } from './manage-link-offer';

export interface FormFooterProps {
  terms: UseFormRegisterReturn;
  termsError: string | undefined;
  formError: string | undefined;
  /** The email is registered already and unpaid: offer the manage link. */
  manageOffer?: ManageLinkOfferProps | undefined;
  pending: boolean;
}

export function FormFooter({ terms, termsError, formError, manageOffer, pending }: FormFooterProps) {
  return (
    <div className="grid gap-4">
      <Checkbox label="I accept the terms and conditions" error={termsError} {...terms} />
      <FormAlert>{formError}</FormAlert>
      {manageOffer ? <ManageLinkOffer {...manageOffer} /> : null}
      <div>
        <Button type="submit" pending={pending} pendingLabel="Submitting…" className="w-full sm:w-auto">
          Submit
        </Button>
      </div>
    </div>
  );
}
