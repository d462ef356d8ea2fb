/**
 * The registration forms wired to the reference lists they choose from. Features do not import
 * each other, so the route joins the registration feature's forms to the reference-data
 * feature's queries here. Each form instance tracks its own chosen country's states.
 */
import type { RegisteredAttendee } from '@festival/shared';
import { memo, useDeferredValue, useState } from 'react';
import { useCategories } from '~/features/reference-data/api/get-categories';
import { useCountries } from '~/features/reference-data/api/get-countries';
import { useStages } from '~/features/reference-data/api/get-stages';
import { useStates } from '~/features/reference-data/api/get-states';
import { ColleagueForm } from '~/features/registration/components/colleague-form';
import { InvestorForm } from '~/features/registration/components/investor-form';
import { StartupForm } from '~/features/registration/components/startup-form';
import { VisitorForm } from '~/features/registration/components/visitor-form';
import { useTickets } from '~/features/tickets/api/get-tickets';

export interface RegistrationFormProps {
  participantCategoryId: number;
  onRegistered: (attendee: RegisteredAttendee, message: string) => void;
  /** Shows Cancel (the form that adds an attendee in the attendees dialog). */
  onCancel?: () => void;
  labelledBy?: string;
}

/*
 * The lists a form chooses from answer one by one after the form has loaded, and each answer
 * re-renders the components using it at once, in one task nothing can split (TanStack Query reads
 * its cache through useSyncExternalStore): with the country lists' hundreds of options, that was
 * /register's long task. So the forms get the lists through useDeferredValue and are memoised: an
 * answer's urgent render stops at the wrapper below, and the form renders the new lists in a
 * background render React splits into short tasks, taking in the answers that arrive meanwhile. The
 * states of a chosen country are not deferred: the visitor asked for them and waits for them.
 */
const MemoStartupForm = memo(StartupForm);
const MemoInvestorForm = memo(InvestorForm);
const MemoColleagueForm = memo(ColleagueForm);
const MemoVisitorForm = memo(VisitorForm);

/**
 * The spec: a registration chooses its category's first ticket type. Read here, not passed in by
 * the route, so the route's updates never reach a form still waiting for its code (route.tsx).
 */
const useFirstTicketId = (participantCategoryId: number) =>
  useDeferredValue(useTickets(participantCategoryId).data?.[0]?._id);

/** The country list and the chosen country's states, as both forms' location props. */
function useLocationLists() {
  const countries = useDeferredValue(useCountries().data);
  const [countryId, setCountryId] = useState<number>();
  const states = useStates(countryId);
  return {
    countries,
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
  const categories = useDeferredValue(useCategories().data);
  const stages = useDeferredValue(useStages().data);
  return (
    <MemoStartupForm
      participantCategoryId={participantCategoryId}
      ticketId={ticketId}
      {...location}
      categories={categories}
      stages={stages}
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
    <MemoInvestorForm
      participantCategoryId={participantCategoryId}
      ticketId={ticketId}
      {...location}
      onRegistered={onRegistered}
      onCancel={onCancel}
      aria-labelledby={labelledBy}
    />
  );
}

/** The Visitor tab's form, when the edition sells Visitor passes here. */
export function VisitorRegistration({
  participantCategoryId,
  onRegistered,
  onCancel,
  labelledBy,
}: RegistrationFormProps) {
  const location = useLocationLists();
  const ticketId = useFirstTicketId(participantCategoryId);
  return (
    <MemoVisitorForm
      participantCategoryId={participantCategoryId}
      ticketId={ticketId}
      {...location}
      onRegistered={onRegistered}
      onCancel={onCancel}
      aria-labelledby={labelledBy}
    />
  );
}

/** A startup's or an investor's colleague: the short form, with the country codes to choose from. */
export function ColleagueRegistration({
  company,
  onRegistered,
  onCancel,
}: {
  company: RegisteredAttendee;
  onRegistered: (attendee: RegisteredAttendee, message: string) => void;
  onCancel: () => void;
}) {
  const countries = useDeferredValue(useCountries().data);
  const ticketId = useFirstTicketId(company.participantCategoryId);
  return (
    <MemoColleagueForm
      company={company}
      countries={countries}
      ticketId={ticketId}
      onRegistered={onRegistered}
      onCancel={onCancel}
    />
  );
}
