import type { InvestorRegistration, RegisteredAttendee } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/**
 * Registers an Investor attendee (`auth/investor`, JSON).
 * @throws ApiError 400 with per-field messages, 409 when the email is already registered.
 */
export async function registerInvestor(body: InvestorRegistration) {
  return apiRequest<RegisteredAttendee>('/auth/investor', { method: 'POST', body });
}

export const useRegisterInvestor = () => useMutation({ mutationFn: registerInvestor });
