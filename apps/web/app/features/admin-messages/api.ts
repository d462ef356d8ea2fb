/**
 * Messages to attendees over `/api/admin/messages` (owners and managers; the server checks):
 * the list, a message's progress and recipients, preview, test, send and retry, plus the
 * current edition and its ticket types the compose form filters by.
 */
import type {
  AdminTicketType,
  Edition,
  MessageDetail,
  MessageDraft,
  MessagePreview,
  MessagePreviewRequest,
  MessageRecipientStatus,
  MessageSettings,
  MessageSettingsView,
  MessageSummary,
  SendMessage,
} from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';
import { useAdminList } from '~/lib/console/admin-list';

const PATH = '/messages';
/** How often a message still sending is asked for again, in milliseconds. */
const PROGRESS_POLL_MS = 2_000;

export const useMessages = () => useAdminList<MessageSummary>(PATH);

/** The current edition: the console writes to its people. */
export const useCurrentEdition = () => useAdminQuery(adminQueryOptions<Edition>('/editions/current'));

/** The current edition's ticket types, for the filter. */
export const useTicketTypes = () =>
  useAdminQuery(adminQueryOptions<{ items: AdminTicketType[] }>('/ticket-types'));

/** The edition's message settings: the daily limit and what is left of it today, and the reminders. */
export const useMessageSettings = (editionId: number | undefined) =>
  useAdminQuery({
    ...adminQueryOptions<MessageSettingsView>(`${PATH}/settings?editionId=${editionId ?? 0}`),
    enabled: editionId !== undefined,
  });

/** Saves the edition's message settings; the settings shown (and the day's limit) refresh. */
export function useSaveMessageSettings(editionId: number) {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: MessageSettings) =>
      adminSend<MessageSettingsView>(`${PATH}/settings?editionId=${editionId}`, 'PUT', body),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] }),
  });
}

/**
 * A message with its counts and its first recipients (of `status`, when given); asked for
 * again every two seconds while some are still queued, so the progress moves on screen.
 */
export function useMessage(id: number, status: MessageRecipientStatus | undefined) {
  const query = `?limit=200${status ? `&status=${status}` : ''}`;
  return useAdminQuery({
    ...adminQueryOptions<MessageDetail>(`${PATH}/${id}${query}`),
    refetchInterval: (current) => ((current.state.data?.counts.queued ?? 0) > 0 ? PROGRESS_POLL_MS : false),
  });
}

export const usePreview = () =>
  useAdminMutation({
    mutationFn: (body: MessagePreviewRequest) => adminSend<MessagePreview>(`${PATH}/preview`, 'POST', body),
  });

export const useSendTest = () =>
  useAdminMutation({
    mutationFn: (body: MessageDraft) => adminSend<{ to: string }>(`${PATH}/test`, 'POST', body),
  });

/** Sends a message; the list (and the day's remaining limit) are stale afterwards. */
export function useSendMessage() {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: SendMessage) => adminSend<MessageSummary>(PATH, 'POST', body),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] }),
  });
}

/** Queues a message's failed and bounced recipients again. */
export function useRetryFailed(id: number) {
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: () => adminSend<{ queued: number }>(`${PATH}/${id}/retry`, 'POST', {}),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] }),
  });
}
