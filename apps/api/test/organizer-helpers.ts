/**
 * Organizers in tests: added through the service (as the CLI does), signed in through
 * better-auth's endpoints with inject, TOTP codes computed with otpauth from the secret.
 */
import { ORGANIZER_ROLES, ROLES_REQUIRING_TWO_FACTOR, type OrganizerRole } from '@festival/shared';
import { Secret, TOTP } from 'otpauth';
import { createOrganizer } from '../src/modules/organizers/service.js';
import type { TestContext } from './helper.js';

export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'violet tractor morning harbour';

type App = TestContext['app'];

let counter = 0;

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookieOf(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((line: string) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export async function addOrganizer(app: App, role: OrganizerRole, password = PASSWORD) {
  counter += 1;
  return createOrganizer(
    app.db,
    {
      email: `${role}-${counter}-${Date.now()}@example.org`,
      name: `Test ${role}`,
      role,
      password,
    },
    { organizerId: 'test-setup', email: 'setup@example.org', ip: '127.0.0.1' },
    new Date(),
  );
}

/** A fresh client address per call, so better-auth's per-address limits stay out of the way. */
function nextAddress(): string {
  counter += 1;
  return `10.${(counter >> 8) & 255}.${counter & 255}.1`;
}

export function authPost(app: App, path: string, body: unknown, cookie?: string, ip = nextAddress()) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/auth${path}`,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
    payload: body as object,
  });
}

export async function signIn(app: App, email: string, password = PASSWORD, ip?: string) {
  const response = await authPost(app, '/sign-in/email', { email, password }, undefined, ip);
  return { response, cookie: cookieOf(response.headers) };
}

export function totpCode(totpURI: string, timestamp = Date.now()): string {
  const secret = new URL(totpURI).searchParams.get('secret')!;
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
}

/** Enrols TOTP for a signed-in organizer; returns the URI and the backup codes. */
export async function enrolTotp(app: App, cookie: string, password = PASSWORD) {
  const enabled = await authPost(app, '/two-factor/enable', { password }, cookie);
  if (enabled.statusCode !== 200) throw new Error(`enable: ${enabled.statusCode} ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const verified = await authPost(app, '/two-factor/verify-totp', { code: totpCode(totpURI) }, cookie);
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  const refreshed = cookieOf(verified.headers);
  return { totpURI, backupCodes, cookie: refreshed || cookie };
}

/** An organizer of `role`, signed in, with TOTP enrolled when `twoFactor`. */
export async function signedInOrganizer(app: App, role: OrganizerRole, twoFactor = true) {
  const organizer = await addOrganizer(app, role);
  const { cookie } = await signIn(app, organizer.email);
  if (!twoFactor) return { organizer, cookie };
  const enrolled = await enrolTotp(app, cookie);
  return { organizer, cookie: enrolled.cookie, totpURI: enrolled.totpURI, backupCodes: enrolled.backupCodes };
}

/** A signed-in organizer of every role (TOTP enrolled where the role needs it), by role. */
export type SignedIn = Map<OrganizerRole, { organizer: { id: string; email: string }; cookie: string }>;

/** Signs in one organizer per role; `headersOf(signedIn, role)` then acts as that organizer. */
export async function signInEveryRole(app: App): Promise<SignedIn> {
  const signedIn: SignedIn = new Map();
  for (const role of ORGANIZER_ROLES) {
    const { organizer, cookie } = await signedInOrganizer(
      app,
      role,
      ROLES_REQUIRING_TWO_FACTOR.includes(role),
    );
    signedIn.set(role, { organizer: { id: organizer.id, email: organizer.email }, cookie });
  }
  return signedIn;
}

/** Headers of a request by the signed-in organizer of `role` (same-origin, as the console sends). */
export function headersOf(signedIn: SignedIn, role: OrganizerRole) {
  const session = signedIn.get(role);
  if (!session) throw new Error(`no signed-in ${role}`);
  return { cookie: session.cookie, origin: ORIGIN };
}

/** The roles an `/api/admin` route declares, from the organizer-auth plugin's list. */
export function declaredRoles(app: App, method: string, url: string) {
  return app.adminRoutes.find((route) => route.method === method && route.url === url)?.roles;
}
