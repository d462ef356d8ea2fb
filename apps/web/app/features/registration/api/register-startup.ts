import type { RegisteredAttendee } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/**
 * Registers a Pitcher or Start-Up attendee (`auth/create/StartUpDetailsMaster`):
 * multipart with the form's fields as strings and the optional logo, brochure and product images.
 * @throws ApiError 400 with per-field messages, 409 when the email is already registered.
 */
export async function registerStartup(body: FormData) {
  return apiRequest<RegisteredAttendee>('/auth/create/StartUpDetailsMaster', { method: 'POST', body });
}

export const useRegisterStartup = () => useMutation({ mutationFn: registerStartup });
