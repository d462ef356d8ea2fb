/**
 * Organizer authentication and authorisation, as one named plugin registered before any route.
 * Every check below is an onRequest hook of the routes it applies to, attached as they register
 * and decided from the route's registered path and config: a request spelling the path
 * differently (`/api/%61dmin/…`) reaches the same route and so the same checks.
 *
 * - mounts better-auth (modules/organizers/auth.ts) at `/api/admin/auth/*`, its errors in the
 *   `{isOk: false, message, code}` envelope;
 * - on every route with `config.roles`, wherever it is registered: no session → 401, a role not
 *   listed → 403, a role in ROLES_REQUIRING_TWO_FACTOR without TOTP enrolled → 403, and an
 *   organizer whose password someone else set (`mustChangePassword`) → 403, unless the route
 *   sets `config.allowWithoutTwoFactor`, as the ones needed to enrol or change it do; sets
 *   `request.organizer`;
 * - CSRF: a cookie-carrying change (not GET/HEAD/OPTIONS) to a route under `/api/admin` must
 *   come with an Origin (or, without one, a Referer) among `consoleOrigins` (PUBLIC_URL's; in
 *   development its loopback spellings too), or it is answered 403 with a message naming
 *   PUBLIC_URL. better-auth's own endpoints apply the same check themselves (its origin check);
 * - fails closed: registering an `/api/admin` route without `config.roles` throws at start-up;
 * - a route with `config.cachedSession` (the gate's redeem) may be served from the session
 *   this process resolved for the same Cookie header in the last SESSION_CACHE_MS: the
 *   organizer as the database held it then, role included (never from the browser). Any change
 *   under `/api/admin` (sign-out, role change, disabling…) empties the cache of this process;
 *   other processes see it within SESSION_CACHE_MS (docs/decisions/011-gate-session-cache.md);
 * - ends sessions older than SESSION_ABSOLUTE_HOURS (by `app.now()`), better-auth having no
 *   absolute session lifetime: a guarded route refuses (401) and deletes such a session; before
 *   better-auth's own endpoints, all of them are deleted.
 *
 * Sign-in limits per account and address, and per account: modules/organizers/sign-in-limits.ts.
 * The per-address limit across accounts is better-auth's, in its own table.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { fromNodeHeaders } from 'better-auth/node';
import { eq, lt } from 'drizzle-orm';
import {
  OrganizerRoleSchema,
  ROLES_REQUIRING_TWO_FACTOR,
  type Organizer,
  type OrganizerRole,
} from '@festival/shared';
import { organizerSessions } from '../db/schema.js';
import { ForbiddenError, NotSignedInError } from '../errors.js';
import { hookList, readsOnly, SAFE_METHODS } from '../lib/route-hooks.js';
import {
  AUTH_BASE_PATH,
  CLIENT_IP_HEADER,
  consoleOrigins,
  wrongOriginMessage,
  SESSION_ABSOLUTE_HOURS,
  createOrganizerAuth,
  type OrganizerAuth,
} from '../modules/organizers/auth.js';
import { openSignInLimits } from '../modules/organizers/sign-in-limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Serves the route from a session resolved in the last SESSION_CACHE_MS for the same
     * Cookie header (the gate's scans; docs/decisions/011-gate-session-cache.md).
     */
    cachedSession?: boolean;
    /**
     * Lets an organizer in before enrolling the two-factor their role needs, and before
     * choosing their own password when someone else set it (`/me`).
     */
    allowWithoutTwoFactor?: boolean;
  }
  interface FastifyInstance {
    /** The better-auth instance of the organizers. */
    organizerAuth: OrganizerAuth;
    /** Resolves once the work better-auth left until after its answers (reset emails) is done. */
    organizerAuthSettled(): Promise<void>;
    /**
     * Every route that declares `config.roles` (every `/api/admin` route among them) with its
     * roles and whether it may use a cached session, as registered (the permission tests walk it).
     */
    adminRoutes: { method: string; url: string; roles: readonly string[]; cachedSession: boolean }[];
    /**
     * The onRequest hook that admits organizers of `roles` only, for routes a plugin registers
     * where `config.roles` cannot be set (the API documentation's).
     */
    organizersOnly(roles: readonly OrganizerRole[]): onRequestHookHandler;
  }
}

/**
 * How long a resolved session may serve `config.cachedSession` routes: the longest another
 * process keeps admitting scans by an organizer signed out, disabled or moved to another role.
 */
export const SESSION_CACHE_MS = 5_000;
/** Sessions kept at most (one per signed-in scanner; a festival has a few dozen gates). */
const SESSION_CACHE_MAX = 1_000;

/** A resolved session as the cache keeps it: who, and the times its validity depends on. */
interface ResolvedSession {
  organizer: Organizer;
  createdAt: Date;
  expiresAt: Date;
}

/** Whether a route's registered path is the console's API (`/api/admin`…). */
function isAdminPath(routePath: string): boolean {
  return routePath === '/api/admin' || routePath.startsWith('/api/admin/');
}

/** Whether a route's registered path is better-auth's mount. */
function isAuthMount(routePath: string): boolean {
  return routePath.startsWith(`${AUTH_BASE_PATH}/`);
}

/** The origin a change came from: Origin, or the Referer's origin when Origin is absent. */
function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/** The request's headers as better-auth reads them, with the client address Fastify resolved. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export default fp(
  async (app) => {
    const origins = new Set(consoleOrigins(app.config));
    const wrongOrigin = wrongOriginMessage(app.config);
    const signInLimits = await openSignInLimits({
      connection: app.database.connection,
      db: app.db,
      jobs: app.jobs,
      now: () => app.now(),
      log: app.log,
    });
    const background = new Set<Promise<unknown>>();
    const auth = createOrganizerAuth({
      config: app.config,
      db: app.db,
      jobs: app.jobs,
      now: () => app.now(),
      signInLimits,
      log: app.log,
      runInBackground: (task) => {
        const tracked = task.finally(() => background.delete(tracked));
        background.add(tracked);
      },
    });
    const backgroundSettled = async () => {
      await Promise.allSettled([...background]);
    };
    // Before the database and the job queue close: a reset email being queued still lands.
    app.addHook('onClose', backgroundSettled);
    app.decorate('organizerAuth', auth);
    app.decorate('organizerAuthSettled', backgroundSettled);
    app.decorate('adminRoutes', []);
    app.decorateRequest('organizer', undefined);

    const sessionCache = new LRUCache<string, ResolvedSession>({
      max: SESSION_CACHE_MAX,
      ttl: SESSION_CACHE_MS,
    });
    /** Bumped whenever the cache is emptied, so a lookup that raced a change stores nothing. */
    let cacheGeneration = 0;
    const forgetSessions = () => {
      cacheGeneration += 1;
      sessionCache.clear();
    };
    /** Sessions created before this instant are past the absolute lifetime. */
    const sessionCutoff = () => new Date(app.now().getTime() - SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000);

    /**
     * The request's session by better-auth (cookie signature, session and organizer rows),
     * refreshing its expiry as better-auth does.
     * @throws NotSignedInError no session, or one past the absolute lifetime (then deleted)
     */
    const resolveSession = async (
      request: FastifyRequest,
      reply: FastifyReply,
      cutoff: Date,
    ): Promise<ResolvedSession> => {
      const result = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
      const session = result.response?.session;
      if (session && session.createdAt < cutoff) {
        await app.db.delete(organizerSessions).where(eq(organizerSessions.id, session.id));
        throw new NotSignedInError('Sign in to continue.');
      }
      // A refreshed session comes with a new cookie expiry; pass it on.
      const cookies = result.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const user = result.response?.user;
      if (!session || !user) throw new NotSignedInError('Sign in to continue.');
      return {
        organizer: {
          id: user.id,
          email: user.email,
          name: user.name,
          role: OrganizerRoleSchema.parse(user.role),
          twoFactorEnabled: user.twoFactorEnabled === true,
          mustChangePassword: user.mustChangePassword === true,
        },
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
      };
    };

    // A change under /api/admin may end or demote sessions (sign-out, role change, disabling,
    // password change): empty the cache before it runs and again once it has answered
    // (committed), so no lookup racing it keeps the old state in this process.
    const forgetOnChange = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      if (!SAFE_METHODS.has(request.method)) forgetSessions();
      done();
    };

    /** Sessions past the absolute lifetime go before better-auth's own endpoints read them. */
    const endExpiredSessions = async () => {
      await app.db.delete(organizerSessions).where(lt(organizerSessions.createdAt, sessionCutoff()));
    };

    /** A cookie-carrying change must come from the console's own origin. */
    const refuseCrossSite = async (request: FastifyRequest) => {
      if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
      const origin = requestOrigin(request);
      if (origin === undefined || !origins.has(origin)) throw new ForbiddenError(wrongOrigin);
    };

    /**
     * The onRequest hook of a route that declares `roles`: admits an organizer of one of them,
     * or throws. The roles are the route's own, bound as it registers.
     * @throws NotSignedInError no session, or one past the absolute lifetime
     * @throws ForbiddenError a role the route does not list, two-factor not set up, or a
     *   password someone else set
     */
    const admitOrganizer =
      (roles: readonly string[]) => async (request: FastifyRequest, reply: FastifyReply) => {
        const { cachedSession, allowWithoutTwoFactor } = request.routeOptions.config;
        const cutoff = sessionCutoff();
        const cookie = request.headers.cookie;
        const cacheable = cachedSession === true && cookie !== undefined;
        let resolved = cacheable ? sessionCache.get(cookie) : undefined;
        if (resolved && (resolved.createdAt < cutoff || resolved.expiresAt <= app.now())) {
          sessionCache.delete(cookie!);
          resolved = undefined;
        }
        if (!resolved) {
          const generation = cacheGeneration;
          resolved = await resolveSession(request, reply, cutoff);
          // A change that emptied the cache meanwhile may have ended this session: keep nothing.
          if (cacheable && generation === cacheGeneration) sessionCache.set(cookie!, resolved);
        }
        const { organizer } = resolved;
        if (!roles.includes(organizer.role)) throw new ForbiddenError('Your role does not allow this.');
        if (
          ROLES_REQUIRING_TWO_FACTOR.includes(organizer.role) &&
          !organizer.twoFactorEnabled &&
          !allowWithoutTwoFactor
        ) {
          throw new ForbiddenError('Set up two-factor authentication first.');
        }
        if (organizer.mustChangePassword && !allowWithoutTwoFactor) {
          throw new ForbiddenError(
            'Choose your own password first: the one you signed in with was set by someone else.',
          );
        }
        request.organizer = organizer;
      };

    app.decorate('organizersOnly', (roles: readonly OrganizerRole[]) => admitOrganizer(roles));

    // Every check is a hook of the routes it guards, attached as they register: what a request
    // may do follows from the route the router matched (its registered path and config), never
    // from the URL it spelled. An admin route without roles stops the start (fail closed).
    app.addHook('onRoute', (route) => {
      const admin = isAdminPath(route.url);
      const authMount = admin && isAuthMount(route.url);
      const roles = route.config?.roles;
      if (admin && !authMount && (!roles || roles.length === 0)) {
        throw new Error(`${String(route.method)} ${route.url} is an admin route without config.roles`);
      }
      if (roles) {
        for (const role of roles) OrganizerRoleSchema.parse(role);
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') {
            app.adminRoutes.push({
              method,
              url: route.url,
              roles,
              cachedSession: route.config?.cachedSession === true,
            });
          }
        }
      }
      const checks: onRequestHookHandler[] = [];
      if (authMount) checks.push(endExpiredSessions);
      // better-auth's own endpoints apply the same origin check themselves.
      else if (admin && !readsOnly(route)) checks.push(refuseCrossSite);
      if (roles) checks.push(admitOrganizer(roles));
      // Changes only, so that no read (the gate's scans least of all) runs it.
      const forgets = admin && !readsOnly(route) && route.config?.cachedSession !== true;
      if (forgets) checks.push(forgetOnChange);
      if (checks.length === 0) return;
      route.onRequest = [...checks, ...hookList(route.onRequest)];
      if (forgets) route.onResponse = [...hookList(route.onResponse), forgetOnChange];
    });

    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      schema: { hide: true },
      async handler(request, reply) {
        const headers = authHeaders(request);
        let body: string | undefined;
        if (request.method === 'POST') {
          body = JSON.stringify(request.body ?? {});
          headers.set('content-type', 'application/json');
          headers.delete('content-length');
        }
        const response = await auth.handler(
          new Request(new URL(request.url, app.config.publicUrl), { method: request.method, headers, body }),
        );
        reply.code(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const text = await response.text();
        if (response.status >= 400) {
          let parsed: { message?: string; code?: string } = {};
          try {
            parsed = JSON.parse(text) as typeof parsed;
          } catch {
            // Plain text (the rate limiter's answer): the text is the message.
          }
          reply.header('content-type', 'application/json; charset=utf-8');
          // better-auth's own origin check says only "Invalid origin".
          const originRefused = parsed.code === 'INVALID_ORIGIN' || parsed.code === 'MISSING_OR_NULL_ORIGIN';
          return reply.send({
            isOk: false,
            message: originRefused
              ? wrongOrigin
              : (parsed.message ?? (text.trim() || 'The request was refused.')),
            ...(parsed.code ? { code: parsed.code } : {}),
          });
        }
        return reply.send(text === '' ? null : text);
      },
    });
  },
  {
    name: 'organizer-auth',
    fastify: '5.x',
    decorators: { fastify: ['config', 'now'] },
    dependencies: ['database', 'jobs', 'error-handler'],
  },
);
