import type { RegisteredAttendee, VisitorPassRegistration } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/**
 * Registers a Visitor attendee (`auth/visitor`, JSON), when the edition sells Visitor passes here.
 * @throws ApiError 400 with per-field messages, 409 when the email is already registered, when
 *   visitors register on the external listing, or when sales are not open.
 */
export async function registerVisitor(body: VisitorPassRegistration) {
  return apiRequest<RegisteredAttendee>('/auth/visitor', { method: 'POST', body });
}

export const useRegisterVisitor = () => useMutation({ mutationFn: registerVisitor });
