import type { WaitingListJoin, WaitingListJoined } from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/**
 * Joins a sold-out ticket type's waiting list (`POST /api/waiting-list`).
 * @throws ApiError 400 with per-field messages; 409 when seats are free to buy or the address
 *   is in line already; 429 when one address sends too many.
 */
export async function joinWaitingList(body: WaitingListJoin) {
  return apiRequest<WaitingListJoined['data']>('/waiting-list', { method: 'POST', body });
}

export const useJoinWaitingList = () => useMutation({ mutationFn: joinWaitingList });
