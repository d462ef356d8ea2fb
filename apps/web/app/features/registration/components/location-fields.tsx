import type { Country, State } from '@festival/shared';
import { useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input, Select, Textarea } from '~/components/ui/field';

export interface LocationFieldsProps {
  countries: readonly Country[] | undefined;
  /** The chosen country's states; undefined when no country is chosen yet or while loading. */
  states: readonly State[] | undefined;
  statesLoading: boolean;
  fields: {
    CountryID: UseFormRegisterReturn;
    StateID: UseFormRegisterReturn;
    City: UseFormRegisterReturn;
    pincode: UseFormRegisterReturn;
    address: UseFormRegisterReturn;
  };
  errors: Partial<Record<keyof LocationFieldsProps['fields'], string | undefined>>;
  /** Pincode and address are required on the startup form, optional on the investor form. */
  addressRequired: boolean;
}

/**
 * Country, State (loaded for the chosen country; "No states for this country" when it has
 * none, and then not required), City, Pincode and Address.
 */
export function LocationFields({
  countries,
  states,
  statesLoading,
  fields,
  errors,
  addressRequired,
}: LocationFieldsProps) {
  const { t } = useLingui();
  const hasNoStates = states !== undefined && states.length === 0;
  const statePlaceholder = statesLoading
    ? t`Loading states…`
    : states === undefined
      ? t`Select a country first`
      : hasNoStates
        ? t`No states for this country`
        : t`Select state`;
  return (
    <>
      <Select
        label={t`Country`}
        required
        placeholder={countries ? t`Select country` : t`Loading…`}
        options={(countries ?? []).map((country) => ({
          value: String(country._id),
          label: country.CountryName,
        }))}
        autoComplete="country-name"
        error={errors.CountryID}
        {...fields.CountryID}
      />
      <Select
        label={t`State`}
        required={!hasNoStates}
        placeholder={statePlaceholder}
        options={(states ?? []).map((state) => ({ value: String(state._id), label: state.StateName }))}
        disabled={!states || hasNoStates}
        error={errors.StateID}
        {...fields.StateID}
      />
      <Input label={t`City`} required autoComplete="address-level2" error={errors.City} {...fields.City} />
      <Input
        label={t`Pincode`}
        required={addressRequired}
        inputMode="numeric"
        autoComplete="postal-code"
        error={errors.pincode}
        {...fields.pincode}
      />
      <Textarea
        label={t`Address`}
        required={addressRequired}
        rows={2}
        autoComplete="street-address"
        className="sm:col-span-2"
        error={errors.address}
        {...fields.address}
      />
    </>
  );
}
