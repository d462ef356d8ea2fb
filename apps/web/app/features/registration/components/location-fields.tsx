import type { Country, State } from '@festival/shared';
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
  const hasNoStates = states !== undefined && states.length === 0;
  const statePlaceholder = statesLoading
    ? 'Loading states…'
    : states === undefined
      ? 'Select a country first'
      : hasNoStates
        ? 'No states for this country'
        : 'Select state';
  return (
    <>
      <Select
        label="Country"
        required
        placeholder={countries ? 'Select country' : 'Loading…'}
        options={(countries ?? []).map((country) => ({
          value: String(country._id),
          label: country.CountryName,
        }))}
        autoComplete="country-name"
        error={errors.CountryID}
        {...fields.CountryID}
      />
      <Select
        label="State"
        required={!hasNoStates}
        placeholder={statePlaceholder}
        options={(states ?? []).map((state) => ({ value: String(state._id), label: state.StateName }))}
        disabled={!states || hasNoStates}
        error={errors.StateID}
        {...fields.StateID}
      />
      <Input label="City" required autoComplete="address-level2" error={errors.City} {...fields.City} />
      <Input
        label="Pincode"
        required={addressRequired}
        inputMode="numeric"
        autoComplete="postal-code"
        error={errors.pincode}
        {...fields.pincode}
      />
      <Textarea
        label="Address"
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
