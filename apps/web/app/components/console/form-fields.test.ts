import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { applyServerErrors } from './form-fields';

/** A react-hook-form form outside React (its control holds the same getValues and setError). */
function formOf(defaultValues: Record<string, string>) {
  const { formControl } = createFormControl({ defaultValues });
  return formControl as unknown as Parameters<typeof applyServerErrors>[0];
}

describe('applyServerErrors', () => {
  const WEAK = 'This password is on a list of common or leaked passwords. Choose another.';

  it('says a reason a field already shows once, on the field', () => {
    const form = formOf({ password: '' });
    const failure = applyServerErrors(form, new ApiError(400, WEAK, { password: WEAK }));
    expect(failure).toBe('');
    expect(form.getFieldState('password').error?.message).toBe(WEAK);
  });

  it('keeps a message of its own, and one for a field the form lacks, for the form', () => {
    const form = formOf({ email: '' });
    expect(applyServerErrors(form, new ApiError(400, 'Check the form.', { email: 'Taken.' }))).toBe(
      'Check the form.',
    );
    expect(applyServerErrors(form, new ApiError(400, WEAK, { password: WEAK }))).toBe(WEAK);
  });
});
