import type { ContactInquiry, ContactResponse } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/**
 * Sends an event inquiry (`POST /api/auth/contact`). The answer is `{isOk: true,
 * message}` without `data`, so the whole body is parsed; returns it.
 * @throws ApiError 400 with per-field messages, 429 when sent too often.
 */
export async function sendContactInquiry(body: ContactInquiry) {
  const { data } = await apiRequest<ContactResponse>('/auth/contact', {
    method: 'POST',
    body,
    envelope: false,
  });
  return data;
}

export const useSendContactInquiry = () => useMutation({ mutationFn: sendContactInquiry });
