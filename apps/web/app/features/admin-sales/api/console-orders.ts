/**
 * Orders made in the console: comp passes and bank-transfer orders from the form, and the
 * attendee import (a preview, then the same file committed). After a change every console
 * query is fetched again: the orders, registrations, seats and dashboard figures move.
 */
import { useQueryClient } from '@tanstack/react-query';
import type {
  AttendeeImportResult,
  BankTransferOrderRequest,
  CompOrderRequest,
  ConsoleOrder,
} from '@festival/shared';
import { ADMIN_QUERY_ROOT, adminSend, useAdminMutation } from '~/lib/console/admin-client';

function useRefreshConsole() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
}

/** `POST /api/admin/console-orders/comp` or `/bank-transfer`, by the body's kind. */
export function useCreateConsoleOrder() {
  const refresh = useRefreshConsole();
  return useAdminMutation({
    mutationFn: (
      request:
        { kind: 'comp'; body: CompOrderRequest } | { kind: 'bank_transfer'; body: BankTransferOrderRequest },
    ) =>
      adminSend<ConsoleOrder>(
        request.kind === 'comp' ? '/console-orders/comp' : '/console-orders/bank-transfer',
        'POST',
        request.body,
      ),
    onSuccess: refresh,
  });
}

/** What the import sends besides the file: the orders' kind, its label or UTR, and the reason. */
export type ImportSettings =
  | { kind: 'comp'; guestList: string; reason: string }
  | { kind: 'bank_transfer'; bankReference: string; reason: string };

/** `POST /api/admin/imports/attendees` (multipart): a preview, or with `commit` all rows or none. */
export function useImportAttendees() {
  const refresh = useRefreshConsole();
  return useAdminMutation({
    mutationFn: ({ file, settings, commit }: { file: File; settings: ImportSettings; commit: boolean }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(settings)) form.append(name, value);
      form.append('commit', String(commit));
      form.append('file', file);
      return adminSend<AttendeeImportResult>('/imports/attendees', 'POST', form);
    },
    onSuccess: (result) => {
      if (result.committed) refresh();
    },
  });
}
