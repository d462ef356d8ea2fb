import type { RegistrationAlertRequest } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/**
 * Leaves an address on the "Tell me when registration opens" list
 * (`POST /api/auth/registration-alerts`); resolves to the server's thank-you message, the same
 * whether the address was new or already listed.
 * @throws ApiError 400 with the email's message, 409 once registration is open, 429 past the limits.
 */
export async function leaveRegistrationAlert(body: RegistrationAlertRequest): Promise<string> {
  // The answer is `{isOk, message}`, without `data`.
  const { data } = await apiRequest<{ message: string }>('/auth/registration-alerts', {
    method: 'POST',
    body,
    envelope: false,
  });
  return data.message;
}

export const useLeaveRegistrationAlert = () => useMutation({ mutationFn: leaveRegistrationAlert });
