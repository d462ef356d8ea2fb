import type { Country } from '@festival/shared';
import { useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input, Select } from '~/components/ui/field';

export interface ContactFieldsProps {
  countries: readonly Country[] | undefined;
  countryCode: UseFormRegisterReturn;
  contactNo: UseFormRegisterReturn;
  errors: { countryCode?: string | undefined; contactNo?: string | undefined };
}

/** Country Code (ISD codes from the country list, e.g. "India (+91)") and Contact Number. */
export function ContactFields({ countries, countryCode, contactNo, errors }: ContactFieldsProps) {
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
        label="Country Code"
        required
        placeholder={countries ? 'Select country code' : 'Loading…'}
        options={options}
        autoComplete="tel-country-code"
        error={errors.countryCode}
        {...countryCode}
      />
      <Input
        label="Contact Number"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="9876543210"
        error={errors.contactNo}
        {...contactNo}
      />
    </>
  );
}
