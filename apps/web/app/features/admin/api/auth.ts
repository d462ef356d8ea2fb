/**
 * The organizer's session, through better-auth's endpoints under `/api/admin/auth`
 * (apps/api/src/plugins/organizer-auth.ts). Their successful answers are better-auth's own JSON
 * (not the envelope); their failures are the `{isOk: false, message}` envelope, so they surface
 * as ApiError with the server's message (401 wrong password or code, 429 too many attempts).
 * Same-origin fetches carry the Origin header the server's CSRF check wants.
 */
import type { Organizer } from '@festival/shared';
import { ApiError, apiGet, apiRequest } from '~/lib/api-client';

const post = async <T>(path: string, body: object = {}) =>
  (await apiRequest<T>(`/admin/auth${path}`, { method: 'POST', body, envelope: false })).data;

/** The signed-in organizer, or null without a session (401). */
export async function fetchMe(): Promise<Organizer | null> {
  try {
    return await apiGet<Organizer>('/admin/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** First step; `twoFactorRedirect` means a TOTP or backup code must follow. */
export const signInWithEmail = (email: string, password: string) =>
  post<{ twoFactorRedirect?: boolean }>('/sign-in/email', { email, password });

/** Second step (or enrolment's last): a 6-digit code of the authenticator app. */
export const verifyTotp = (code: string) => post<object>('/two-factor/verify-totp', { code });

/** Second step with one of the ten single-use backup codes. */
export const verifyBackupCode = (code: string) => post<object>('/two-factor/verify-backup-code', { code });

/** Starts enrolment: the authenticator's `otpauth://` URI and ten backup codes. */
export const enableTwoFactor = (password: string) =>
  post<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { password });

export const signOut = () => post<object>('/sign-out');

/** Ends every session of this organizer, this one included. */
export const revokeSessions = () => post<object>('/revoke-sessions');

export const changePassword = (currentPassword: string, newPassword: string) =>
  post<object>('/change-password', { currentPassword, newPassword, revokeOtherSessions: true });

/**
 * Asks for a password-reset email. The server answers the same whether or not the address is an
 * organizer's (and mails one address at most once in a few minutes).
 */
export const requestPasswordReset = (email: string) => post<object>('/request-password-reset', { email });

/**
 * Chooses a password with the token of an invitation or reset link (single use); ends every
 * session of the organizer. Refused with code INVALID_TOKEN when the link was used or lapsed,
 * WEAK_PASSWORD when the password breaks the rules.
 */
export const resetPassword = (token: string, newPassword: string) =>
  post<object>('/reset-password', { token, newPassword });
