import { PHONE_PAIR_REQUIRED_MESSAGE, type Country } from '@festival/shared';
import { useLingui } from '@lingui/react/macro';
import { use, useId, useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldErrorText, Input, Select } from '~/components/ui/field';

export interface ContactFieldsProps {
  countries: readonly Country[] | undefined;
  countryCode: UseFormRegisterReturn;
  contactNo: UseFormRegisterReturn;
  errors: { countryCode?: string | undefined; contactNo?: string | undefined };
}

/**
 * Country Code (ISD codes from the country list, e.g. "India (+91)") and Contact Number. When
 * both are missing the schema marks both with one message, which shows once below the pair
 * and describes both fields (one problem, one message).
 */
export function ContactFields({ countries, countryCode, contactNo, errors }: ContactFieldsProps) {
  const { t } = useLingui();
  const errorText = use(FieldErrorText);
  const pairMessageId = useId();
  const pairMissing =
    errors.countryCode === PHONE_PAIR_REQUIRED_MESSAGE && errors.contactNo === PHONE_PAIR_REQUIRED_MESSAGE;
  const pairWiring = pairMissing
    ? ({ 'aria-invalid': true, 'aria-describedby': pairMessageId } as const)
    : undefined;
  const options = useMemo(
    () =>
      (countries ?? []).map((country) => ({
        key: country._id,
        value: country.isdCode,
        label: `${country.CountryName} (${country.isdCode})`,
      })),
    [countries],
  );
  return (
    <>
      <Select
        label={t`Country Code`}
        required
        placeholder={countries ? t`Select country code` : t`Loading…`}
        options={options}
        autoComplete="tel-country-code"
        error={pairMissing ? undefined : errors.countryCode}
        {...pairWiring}
        {...countryCode}
      />
      <Input
        label={t`Contact Number`}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="9876543210"
        error={pairMissing ? undefined : errors.contactNo}
        {...pairWiring}
        {...contactNo}
      />
      {pairMissing ? (
        <p id={pairMessageId} className="-mt-2 text-sm text-red-700 sm:col-span-2">
          {errorText(PHONE_PAIR_REQUIRED_MESSAGE)}
        </p>
      ) : null}
    </>
  );
}
