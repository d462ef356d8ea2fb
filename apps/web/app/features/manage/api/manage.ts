/**
 * The self-service API (`/api/self-service/*`): sign-in link, session, the
 * overview and the actions on it. Every call after sign-in carries the session's bearer token.
 */
import type {
  Answers,
  Locale,
  AttendeeAnswers,
  CheckoutRequest,
  CheckoutResponse,
  ManageDataExport,
  ManageOverview,
  ManageSession,
  PassTransfer,
  PassTransferRequest,
  PassTransferSettings,
} from '@festival/shared';
import { queryOptions } from '@tanstack/react-query';
import { rememberOrderKey } from '~/lib/order-keys';
import { ApiError, NetworkError, apiRequest } from '~/lib/api-client';
import { authorization } from '../lib/session';

/**
 * Asks for a sign-in link, its email written in `locale` and leading to the manage page in it.
 * The server answers the same for any email.
 */
export async function requestManageLink(email: string, locale: Locale): Promise<void> {
  await apiRequest<null>('/self-service/link', { method: 'POST', body: { email, locale } });
}

/**
 * Spends the token of a sign-in link for a session; `serverTime` places its end on this device's clock.
 * @throws ApiError 401 when the link was used or has expired
 */
export async function openManageSession(token: string) {
  const { data, serverTime } = await apiRequest<ManageSession>('/self-service/session', {
    method: 'POST',
    body: { token },
  });
  return { session: data, serverTime };
}

export async function closeManageSession(session: ManageSession): Promise<void> {
  await apiRequest<null>('/self-service/session', { method: 'DELETE', headers: authorization(session) });
}

export const manageOverviewQueryOptions = (session: ManageSession) =>
  queryOptions({
    queryKey: ['manage', session.sessionToken],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ManageOverview>('/self-service/overview', {
          signal,
          headers: authorization(session),
        })
      ).data,
    // A 401 (session ended) will not change by asking again.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });

/** A new checkout of attendees of this session; answers as the public checkout does. */
export async function createSessionCheckout(session: ManageSession, request: CheckoutRequest) {
  const { data, serverTime } = await apiRequest<CheckoutResponse>('/self-service/checkout', {
    method: 'POST',
    body: request,
    envelope: false,
    headers: authorization(session),
  });
  rememberOrderKey(data.order.reference, data.order.key);
  return { data, serverTime };
}

/**
 * Pays again for an unpaid order this session bought (`POST /self-service/orders/{reference}/pay-again`):
 * the server decides what is bought and answers as checkout does, the same order while its seats
 * are held or a new one.
 */
export async function payAgainForSession(session: ManageSession, reference: string) {
  const { data, serverTime } = await apiRequest<CheckoutResponse>(
    `/self-service/orders/${encodeURIComponent(reference)}/pay-again`,
    { method: 'POST', envelope: false, headers: authorization(session) },
  );
  rememberOrderKey(data.order.reference, data.order.key);
  return { data, serverTime };
}

/** Emails a paid order's passes again; resolves to the address they go to. */
export async function resendPassEmail(session: ManageSession, reference: string): Promise<string> {
  const { data } = await apiRequest<{ recipient: string }>(
    `/self-service/orders/${encodeURIComponent(reference)}/resend`,
    { method: 'POST', headers: authorization(session) },
  );
  return data.recipient;
}

export async function renameAttendee(session: ManageSession, id: string, name: string): Promise<void> {
  await apiRequest<null>(`/self-service/attendees/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { name },
    headers: authorization(session),
  });
}

/**
 * Changes an attendee's answers to the registration questions (their own, or a colleague's of an
 * order this person bought), until the edition ends.
 * @throws ApiError 400 with a message per question (`answers.<id>`), 403, or 409 once the festival is over
 */
export async function saveAnswers(session: ManageSession, id: string, answers: Answers) {
  const { data } = await apiRequest<AttendeeAnswers>(
    `/self-service/attendees/${encodeURIComponent(id)}/answers`,
    {
      method: 'PUT',
      body: { answers },
      headers: authorization(session),
    },
  );
  return data;
}

export async function exportMyData(session: ManageSession): Promise<ManageDataExport> {
  return (await apiRequest<ManageDataExport>('/self-service/export', { headers: authorization(session) }))
    .data;
}

export async function requestDeletion(session: ManageSession): Promise<string> {
  const { data } = await apiRequest<{ requestedAt: string }>('/self-service/deletion-request', {
    method: 'POST',
    headers: authorization(session),
  });
  return data.requestedAt;
}

/**
 * The printable passes of an order as a PDF blob (the download needs the session header, so
 * it is fetched, not linked).
 * @throws ApiError when the server refuses; NetworkError when it cannot be reached
 */
export async function fetchPassesPdf(session: ManageSession, reference: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/self-service/orders/${encodeURIComponent(reference)}/passes.pdf`, {
      headers: authorization(session),
    });
  } catch (error) {
    throw new NetworkError({ cause: error });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? `The server answered ${response.status}.`);
  }
  return response.blob();
}

/** Whether the festival lets attendees transfer their own passes (`GET /self-service/pass-transfers`). */
export const passTransfersQueryOptions = (session: ManageSession) =>
  queryOptions({
    queryKey: ['manage', session.sessionToken, 'pass-transfers'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<PassTransferSettings>('/self-service/pass-transfers', {
          signal,
          headers: authorization(session),
        })
      ).data,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });

/**
 * Transfers the session's own pass `code` to another person.
 * @throws ApiError with the server's message (and per-field messages on 400)
 */
export async function transferOwnPass(
  session: ManageSession,
  code: string,
  holder: PassTransferRequest,
): Promise<PassTransfer> {
  const { data } = await apiRequest<PassTransfer>(
    `/self-service/passes/${encodeURIComponent(code)}/transfer`,
    { method: 'POST', body: holder, headers: authorization(session) },
  );
  return data;
}
