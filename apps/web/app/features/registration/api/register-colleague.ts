import type { ColleagueRegistration, RegisteredAttendee } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/**
 * Registers a colleague of a startup attendee: only the person's contact; the
 * server copies the company's details from `companyRegistrationId`'s registration.
 * @throws ApiError 400 with per-field messages, 404 unknown company, 409 email already registered.
 */
export async function registerColleague(companyRegistrationId: string, body: ColleagueRegistration) {
  return apiRequest<RegisteredAttendee>(
    `/auth/registrations/${encodeURIComponent(companyRegistrationId)}/colleagues`,
    { method: 'POST', body },
  );
}

export const useRegisterColleague = (companyRegistrationId: string) =>
  useMutation({
    mutationFn: (body: ColleagueRegistration) => registerColleague(companyRegistrationId, body),
  });
