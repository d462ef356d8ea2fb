/**
 * The organizers' authentication, by better-auth: email and password, TOTP
 * two-factor with 10 one-time backup codes, optional passkeys (WebAuthn), sessions in the
 * database. Its endpoints live under `/api/admin/auth/*` (the spec's calls keep `/api/auth` for the
 * public API); plugins/organizer-auth.ts mounts them and guards every other admin route.
 *
 * Sessions: `expiresIn` 3 h with `updateAge` 5 min means each use at least 5 minutes after the
 * last refresh moves the expiry to now + 3 h, so a session dies after 3 h without use (the
 * idle timeout, give or take those 5 minutes). better-auth has no absolute lifetime: the
 * plugin deletes sessions older than SESSION_ABSOLUTE_HOURS before it serves an admin request.
 */
import { passkey } from '@better-auth/passkey';
import { betterAuth, type GenericEndpointContext } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import {
  organizerAccounts,
  organizerPasskeys,
  organizerRateLimits,
  organizerSessions,
  organizerTwoFactors,
  organizers,
  organizerVerifications,
} from '../../db/schema.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from './password-policy.js';
import type { SignInLimits } from './sign-in-limits.js';
import { retryWait } from '../../lib/minutes.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { recordAudit } from '../audit/service.js';
import { clearMustChangePassword } from './repository.js';
import { queuePasswordReset, RESET_VALID_MINUTES } from './set-password-links.js';

export const AUTH_BASE_PATH = '/api/admin/auth';
export const SESSION_IDLE_HOURS = 3;
export const SESSION_ABSOLUTE_HOURS = 12;
/**
 * Sign-in attempts per client address per minute (better-auth's limiter, database storage).
 * Generous because a festival's stewards sign in together behind the venue's one NAT address;
 * guessing one account's password is held back by the sign-in limits instead (sign-in-limits.ts).
 */
export const SIGN_IN_PER_ADDRESS = { window: 60, max: 30 };
/**
 * Password-reset requests per client address per 15 minutes (better-auth's limiter); each
 * organizer also gets at most one reset email per RESET_EMAIL_GAP_MINUTES (set-password-links.ts).
 */
export const RESET_REQUESTS_PER_ADDRESS = { window: 15 * 60, max: 5 };
/**
 * The header the plugin sets to the client address Fastify resolved (TRUST_PROXY aware) before
 * handing a request to better-auth, overwriting any value the client sent.
 */
export const CLIENT_IP_HEADER = 'x-festival-client-ip';

/** The answer to a passkey sign-in whose authenticator did not check a PIN or biometric. */
export const PASSKEY_WITHOUT_USER_VERIFICATION =
  'This passkey did not confirm it is you (no PIN, fingerprint or screen lock). Use a passkey that does, or sign in with your password.';

export interface OrganizerAuthOptions {
  config: Config;
  db: Database;
  /** Queues the password-reset emails (set-password-links.ts). */
  jobs: JobQueue;
  /** The app's clock, for audit rows. */
  now: () => Date;
  signInLimits: SignInLimits;
  /** better-auth's messages go to the app's logger (pino), not the console. */
  log: FastifyBaseLogger;
  /**
   * Runs work better-auth leaves until after its answer (a reset link's email): the answer to a
   * password-reset request then takes as long for an organizer's address as for any other.
   */
  runInBackground: (task: Promise<unknown>) => void;
}

const PASSWORD_PATHS: Record<string, string> = {
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
  '/set-password': 'newPassword',
};

/** The account a sign-in names, as the sign-in limits key it. */
function signInEmail(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : '';
}

/** The client address the plugin resolved; absent only for calls made inside the server. */
function clientAddress(headers: Headers | undefined): string {
  return headers?.get(CLIENT_IP_HEADER) ?? 'unknown';
}

/** Host names of this machine as a browser's address bar spells them. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the console may send changes from: PUBLIC_URL's. Outside production, when
 * PUBLIC_URL names this machine, each loopback spelling of it on the same scheme and port too,
 * since a developer types `http://127.0.0.1:3000` as often as `http://localhost:3000`.
 */
export function consoleOrigins(config: Pick<Config, 'NODE_ENV' | 'publicUrl'>): string[] {
  const origin = new URL(config.publicUrl);
  if (config.NODE_ENV === 'production' || !LOOPBACK_HOSTS.includes(origin.hostname)) return [origin.origin];
  return LOOPBACK_HOSTS.map((host) => `${origin.protocol}//${host}${origin.port ? `:${origin.port}` : ''}`);
}

/** What a change from any other origin is told: where the console lives, and the setting. */
export function wrongOriginMessage(config: Pick<Config, 'publicUrl'>): string {
  return (
    `This change must come from the organizer console at ${new URL(config.publicUrl).origin} ` +
    '(PUBLIC_URL): open the console there. Cross-site request refused.'
  );
}

/**
 * How each better-auth endpoint that starts a session signs in (the audit's words). A
 * `/two-factor/verify-totp` that carries a session already is an enrolment, not a sign-in.
 */
const SIGN_IN_METHODS: Record<string, string> = {
  '/sign-in/email': 'password',
  '/two-factor/verify-totp': 'password and authenticator code',
  '/two-factor/verify-backup-code': 'password and backup code',
  '/passkey/verify-authentication': 'passkey',
};

/** Two-factor and passkey changes of the signed-in organizer, by endpoint (the audit's actions). */
const SECURITY_CHANGES: Record<string, string> = {
  '/two-factor/disable': 'organizer.two_factor_off',
  '/two-factor/generate-backup-codes': 'organizer.backup_codes_renewed',
  '/passkey/verify-registration': 'organizer.passkey_add',
  '/passkey/delete-passkey': 'organizer.passkey_delete',
};

/** Builds the better-auth instance over the app's database. */
export function createOrganizerAuth({
  config,
  db,
  jobs,
  now,
  signInLimits,
  log,
  runInBackground,
}: OrganizerAuthOptions) {
  const publicUrl = new URL(config.publicUrl);

  /**
   * Writes the audit row of a better-auth endpoint that succeeded, when it is a sign-in, the
   * start of two-factor (`organizer.two_factor_on`, once the first code is verified) or a
   * security change (SECURITY_CHANGES); the organizer is the actor.
   */
  const auditAuthEvent = async (ctx: GenericEndpointContext) => {
    const ip = clientAddress(ctx.headers);
    const record = (
      user: { id: string; email: string },
      action: string,
      after: Record<string, unknown> | null,
    ) =>
      recordAudit(
        db,
        { organizerId: user.id, email: user.email, ip },
        {
          at: now(),
          action,
          entityType: 'organizer',
          entityId: user.id,
          before: null,
          after,
        },
      );
    const signedIn = ctx.context.session;
    const started = ctx.context.newSession;
    if (ctx.path === '/two-factor/verify-totp' && signedIn && started) {
      if (!signedIn.user.twoFactorEnabled) await record(started.user, 'organizer.two_factor_on', null);
      return;
    }
    const method = SIGN_IN_METHODS[ctx.path];
    // A password of an organizer with two-factor made a session the two-factor plugin deletes
    // (the console trusts no device): the sign-in is the code step's.
    const awaitsCode = ctx.path === '/sign-in/email' && started?.user.twoFactorEnabled === true;
    if (method && started && !awaitsCode) {
      await record(started.user, 'organizer.sign_in', { method });
      return;
    }
    const action = SECURITY_CHANGES[ctx.path];
    if (action && signedIn) await record(signedIn.user, action, null);
  };

  return betterAuth({
    appName: 'Startup Fest Gujarat',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.BETTER_AUTH_SECRET,
    logger: {
      log: (level, message, ...args) => log[level]({ args, component: 'better-auth' }, message),
    },
    trustedOrigins: consoleOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: organizers,
        session: organizerSessions,
        account: organizerAccounts,
        verification: organizerVerifications,
        twoFactor: organizerTwoFactors,
        passkey: organizerPasskeys,
        rateLimit: organizerRateLimits,
      },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', required: true, input: false },
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // No self sign-up and no default account: owners add organizers (modules/organizers).
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Reset links, and invitations (which reuse them): set-password-links.ts. better-auth
      // answers the same whether or not the address is an organizer's.
      resetPasswordTokenExpiresIn: RESET_VALID_MINUTES * 60,
      sendResetPassword: async ({ user, token }) => queuePasswordReset(db, jobs, user.id, token),
      revokeSessionsOnPasswordReset: true,
      // A password chosen through a link (an invitation accepted, or a reset) goes in the audit
      // log as the organizer's own change; better-auth has written it already.
      onPasswordReset: async ({ user }, request) => {
        await clearMustChangePassword(db, user.id);
        await recordAudit(
          db,
          { organizerId: user.id, email: user.email, ip: clientAddress(request?.headers) },
          {
            at: now(),
            action: 'organizer.password_set',
            entityType: 'organizer',
            entityId: user.id,
            before: null,
            after: null,
          },
        );
      },
    },
    session: {
      expiresIn: SESSION_IDLE_HOURS * 60 * 60,
      updateAge: 5 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      customRules: {
        '/sign-in/email': SIGN_IN_PER_ADDRESS,
        '/two-factor/verify-totp': SIGN_IN_PER_ADDRESS,
        '/two-factor/verify-backup-code': SIGN_IN_PER_ADDRESS,
        '/passkey/verify-authentication': SIGN_IN_PER_ADDRESS,
        '/request-password-reset': RESET_REQUESTS_PER_ADDRESS,
        '/reset-password': SIGN_IN_PER_ADDRESS,
      },
    },
    advanced: {
      cookiePrefix: 'festival-admin',
      useSecureCookies: publicUrl.protocol === 'https:',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // better-auth turns its Origin check off when NODE_ENV is test; the tests check it.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // An unknown address gets its answer after one read (better-auth's stand-in lookup); a
      // known one would also wait for its link's email to be queued (several queries), and
      // the difference in time would tell which addresses are organizers'.
      backgroundTasks: { handler: runInBackground },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled organizer gets no new session (their old ones were deleted).
          before: async (session) => {
            const [owner] = await db
              .select({ disabled: organizers.disabled })
              .from(organizers)
              .where(eq(organizers.id, session.userId));
            if (!owner || owner.disabled) {
              throw new APIError('FORBIDDEN', { message: 'This organizer account is disabled.' });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email') {
          const refusal = await signInLimits.admit(signInEmail(ctx.body), clientAddress(ctx.headers));
          if (refusal) {
            throw new APIError(
              'TOO_MANY_REQUESTS',
              {
                message: `Too many failed sign-ins to this account from your address. Try again in ${retryWait(refusal.retryAfterSeconds)}.`,
                code: 'SIGN_IN_PAUSED',
              },
              { 'retry-after': String(refusal.retryAfterSeconds) },
            );
          }
        }
        const field = PASSWORD_PATHS[ctx.path];
        const password: unknown = field ? ctx.body?.[field] : undefined;
        if (typeof password === 'string') {
          const problem = await passwordProblem(password);
          if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'WEAK_PASSWORD' });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned: unknown = ctx.context.returned;
        if (!(returned instanceof APIError)) await auditAuthEvent(ctx);
        const changer = ctx.context.session?.user;
        if (ctx.path === '/change-password' && changer && !(returned instanceof APIError)) {
          await clearMustChangePassword(db, changer.id);
        }
        if (ctx.path !== '/sign-in/email') return;
        const email = signInEmail(ctx.body);
        const address = clientAddress(ctx.headers);
        // A refusal for another reason (a disabled account, a malformed request) stays counted.
        if (!(returned instanceof APIError)) await signInLimits.passwordRight(email, address);
        else if (returned.statusCode === 401) await signInLimits.passwordWrong(email, address);
      }),
    },
    plugins: [
      twoFactor({
        issuer: 'Startup Fest Gujarat',
        backupCodeOptions: { amount: 10 },
      }),
      passkey({
        rpID: publicUrl.hostname,
        rpName: 'Startup Fest Gujarat organizers',
        origin: publicUrl.origin,
        // A passkey sign-in skips the two-factor step (better-auth's two-factor plugin only
        // follows password sign-ins), so it must be two factors itself: the device held, and
        // its PIN or biometric. better-auth accepts assertions without user verification;
        // ask for it, and refuse a sign-in whose authenticator did not verify its holder.
        authenticatorSelection: { userVerification: 'required' },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) {
              throw new APIError('UNAUTHORIZED', {
                message: PASSKEY_WITHOUT_USER_VERIFICATION,
                code: 'PASSKEY_USER_NOT_VERIFIED',
              });
            }
          },
        },
      }),
    ],
  });
}

export type OrganizerAuth = ReturnType<typeof createOrganizerAuth>;
