/**
 * The award-voting OTP calls (spec §7): send, resend and verify a one-time code for one vote
 * per email. Their answers carry fields outside the usual envelope (`msg`, `error`), so the
 * whole body is parsed here.
 */
import {
  OtpResentResponseSchema,
  VotingErrorResponseSchema,
  VotingOkResponseSchema,
  type ResendOtpRequestInput,
  type SendOtpRequestInput,
  type VerifyOtpRequestInput,
} from '@festival/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '~/lib/api-client';

/**
 * Requests an OTP for voting on nominee `id` (`POST /api/auth/send-otp/AwardVoting`).
 * @throws ApiError 409 with `error` 'Email already exists.' when the email has voted; 400, 429.
 */
export async function sendVoteOtp(body: SendOtpRequestInput) {
  const { data } = await apiRequest('/auth/send-otp/AwardVoting', VotingOkResponseSchema, {
    method: 'POST',
    body,
    envelope: false,
  });
  return data;
}

/** Sends a new OTP (`POST /api/auth/resend-otp/AwardVoting`); `msg` is meant for the alert. */
export async function resendVoteOtp(body: ResendOtpRequestInput) {
  const { data } = await apiRequest('/auth/resend-otp/AwardVoting', OtpResentResponseSchema, {
    method: 'POST',
    body,
    envelope: false,
  });
  return data;
}

/** Checks the code and records the vote (`POST /api/auth/verify-otp/AwardVoting`). */
export async function verifyVoteOtp(body: VerifyOtpRequestInput) {
  const { data } = await apiRequest('/auth/verify-otp/AwardVoting', z.object({ isOk: z.literal(true) }), {
    method: 'POST',
    body,
    envelope: false,
  });
  return data;
}

/** The `error` field of a failed voting call, e.g. 'Email already exists.' (spec §7, §8). */
export function votingErrorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = VotingErrorResponseSchema.partial({ message: true }).safeParse(error.body);
  return body.success ? body.data.error : undefined;
}

export const useSendVoteOtp = () => useMutation({ mutationFn: sendVoteOtp });
export const useResendVoteOtp = () => useMutation({ mutationFn: resendVoteOtp });
export const useVerifyVoteOtp = () => useMutation({ mutationFn: verifyVoteOtp });
