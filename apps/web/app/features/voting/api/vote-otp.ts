/**
 * The award-voting OTP calls: send, resend and verify a one-time code for one vote
 * per email. Their answers carry fields outside the usual envelope (`msg`, `error`), so the
 * whole body is the data.
 */
import type {
  OtpResentResponse,
  ResendOtpRequestInput,
  SendOtpRequestInput,
  VerifyOtpRequestInput,
  VotingOkResponse,
} from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '~/lib/api-client';

/**
 * Requests an OTP for voting on nominee `id` (`POST /api/auth/send-otp/AwardVoting`).
 * @throws ApiError 409 with `error` 'Email already exists.' when the email has voted; 400, 429.
 */
export async function sendVoteOtp(body: SendOtpRequestInput) {
  const { data } = await apiRequest<VotingOkResponse>('/auth/send-otp/AwardVoting', {
    method: 'POST',
    body,
    envelope: false,
  });
  return data;
}

/** Sends a new OTP (`POST /api/auth/resend-otp/AwardVoting`); `msg` is meant for the alert. */
export async function resendVoteOtp(body: ResendOtpRequestInput) {
  const { data } = await apiRequest<OtpResentResponse>('/auth/resend-otp/AwardVoting', {
    method: 'POST',
    body,
    envelope: false,
  });
  return data;
}

/** Checks the code and records the vote (`POST /api/auth/verify-otp/AwardVoting`). */
export async function verifyVoteOtp(body: VerifyOtpRequestInput) {
  const { data } = await apiRequest<VotingOkResponse>('/auth/verify-otp/AwardVoting', {
    method: 'POST',
    body,
    envelope: false,
  });
  return data;
}

/** The `error` field of a failed voting call, such as 'Email already exists.' */
export function votingErrorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { body } = error;
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
    ? body.error
    : undefined;
}

export const useSendVoteOtp = () => useMutation({ mutationFn: sendVoteOtp });
export const useResendVoteOtp = () => useMutation({ mutationFn: resendVoteOtp });
export const useVerifyVoteOtp = () => useMutation({ mutationFn: verifyVoteOtp });
