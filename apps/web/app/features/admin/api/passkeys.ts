/**
 * The organizer's passkeys (WebAuthn), through better-auth's passkey client: it
 * fetches the ceremony's options from `/api/admin/auth/passkey/*`, runs the browser's WebAuthn
 * ceremony (@simplewebauthn/browser) and sends the answer back. Only console code imports this
 * module (vite.config.ts CONSOLE_MODULE lists these libraries), so public pages load none of it.
 *
 * Failures throw ApiError: the server's envelope message (`{isOk: false, message, code}`, see
 * apps/api/src/plugins/organizer-auth.ts) with its status, or the client's own code and status
 * 400 when the browser's ceremony was cancelled or refused.
 */
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/client';
import { ApiError } from '~/lib/api-client';

/** One passkey as the account page lists it. */
export interface PasskeySummary {
  id: string;
  /** The name the organizer gave it, when they gave one. */
  name: string | null;
  /** When it was added, ISO 8601. */
  createdAt: string;
}

/** A better-auth client action's failure, as its fetch wrapper hands it back. */
interface ClientFailure {
  status: number;
  message?: string | undefined;
  code?: string | undefined;
}

/**
 * Codes of a WebAuthn ceremony the person cancelled, let time out or failed to verify at: the
 * browser's NotAllowedError reaches us as @simplewebauthn's passthrough code.
 */
const CANCELLED = new Set([
  'ERROR_CEREMONY_ABORTED',
  'AUTH_CANCELLED',
  'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
]);

/** The browser's answer when the authenticator already holds a passkey of this account. */
const ALREADY_REGISTERED = 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';

let client: ReturnType<typeof makeClient> | undefined;

function makeClient() {
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: '/api/admin/auth',
    plugins: [passkeyClient()],
  });
}

/** The one client, made on first use (it needs the page's origin). */
function authClient() {
  client ??= makeClient();
  return client;
}

function failure(error: ClientFailure, cancelled: string): ApiError {
  if (error.code && CANCELLED.has(error.code)) return new ApiError(400, cancelled, {}, error);
  if (error.code === ALREADY_REGISTERED) {
    return new ApiError(
      400,
      'This device or security key already holds a passkey of your account.',
      {},
      error,
    );
  }
  return new ApiError(error.status, error.message || 'The request was refused.', {}, error);
}

/** The signed-in organizer's passkeys, oldest first. */
export async function listPasskeys(): Promise<PasskeySummary[]> {
  const { data, error } = await authClient().passkey.listUserPasskeys();
  if (error) throw failure(error, '');
  return data
    .map((passkey) => ({
      id: passkey.id,
      name: passkey.name ?? null,
      createdAt: new Date(passkey.createdAt).toISOString(),
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Registers a new passkey of this device (or a security key) under `name`. */
export async function addPasskey(name: string): Promise<void> {
  const result = await authClient().passkey.addPasskey({ name });
  if (result.error) {
    throw failure(
      result.error,
      'The passkey was not created: the browser’s prompt was cancelled, timed out or could not confirm it is you.',
    );
  }
}

export async function deletePasskey(id: string): Promise<void> {
  const { error } = await authClient().passkey.deletePasskey({ id });
  if (error) throw failure(error, '');
}

/**
 * Signs in with a passkey: a full session, as after password and two-factor (better-auth's
 * two-factor step only follows password sign-ins; a passkey is both something held and a
 * PIN or biometric).
 */
export async function signInWithPasskey(): Promise<void> {
  const result = await authClient().signIn.passkey();
  if (result.error) {
    throw failure(
      result.error,
      'No passkey was used: the browser’s prompt was cancelled, timed out or could not confirm it is you.',
    );
  }
}
