/**
 * The registration forms wired to the reference lists they choose from. Features do not import
 * each other, so the route joins the registration feature's forms to the reference-data
 * feature's queries here. Each form instance tracks its own chosen country's states.
 */
import type { RegisteredAttendee } from '@festival/shared';
import { useState } from 'react';
import { useCategories } from '~/features/reference-data/api/get-categories';
import { useCountries } from '~/features/reference-data/api/get-countries';
import { useStages } from '~/features/reference-data/api/get-stages';
import { useStates } from '~/features/reference-data/api/get-states';
import { ColleagueForm } from '~/features/registration/components/colleague-form';
import { InvestorForm } from '~/features/registration/components/investor-form';
import { StartupForm } from '~/features/registration/components/startup-form';
import { useTickets } from '~/features/tickets/api/get-tickets';

export interface RegistrationFormProps {
  participantCategoryId: number;
  onRegistered: (attendee: RegisteredAttendee) => void;
  /** Shows Cancel (the form that adds an attendee in the Event Pass dialog). */
  onCancel?: () => void;
  labelledBy?: string;
}

/**
 * Spec §4: a registration chooses its category's first ticket type. Read here, not passed in by
 * the route, so the route's updates never reach a form still waiting for its code (route.tsx).
 */
const useFirstTicketId = (participantCategoryId: number) => useTickets(participantCategoryId).data?.[0]?._id;

/** The country list and the chosen country's states, as both forms' location props. */
function useLocationLists() {
  const countries = useCountries();
  const [countryId, setCountryId] = useState<number>();
  const states = useStates(countryId);
  return {
    countries: countries.data,
    states: countryId === undefined ? undefined : states.data,
    statesLoading: states.isFetching && !states.data,
    onCountryChange: setCountryId,
  };
}

export function StartupRegistration({
  participantCategoryId,
  onRegistered,
  onCancel,
  labelledBy,
}: RegistrationFormProps) {
  const location = useLocationLists();
  const ticketId = useFirstTicketId(participantCategoryId);
  const categories = useCategories();
  const stages = useStages();
  return (
    <StartupForm
      participantCategoryId={participantCategoryId}
      ticketId={ticketId}
      {...location}
      categories={categories.data}
      stages={stages.data}
      onRegistered={onRegistered}
      onCancel={onCancel}
      aria-labelledby={labelledBy}
    />
  );
}

export function InvestorRegistration({
  participantCategoryId,
  onRegistered,
  onCancel,
  labelledBy,
}: RegistrationFormProps) {
  const location = useLocationLists();
  const ticketId = useFirstTicketId(participantCategoryId);
  return (
    <InvestorForm
      participantCategoryId={participantCategoryId}
      ticketId={ticketId}
      {...location}
      onRegistered={onRegistered}
      onCancel={onCancel}
      aria-labelledby={labelledBy}
    />
  );
}

/** A startup's colleague (issue 9 §2): the short form, with the country codes to choose from. */
export function ColleagueRegistration({
  company,
  onRegistered,
  onCancel,
}: {
  company: RegisteredAttendee;
  onRegistered: (attendee: RegisteredAttendee) => void;
  onCancel: () => void;
}) {
  const countries = useCountries();
  return (
    <ColleagueForm
      company={company}
      countries={countries.data}
      onRegistered={onRegistered}
      onCancel={onCancel}
    />
  );
}
