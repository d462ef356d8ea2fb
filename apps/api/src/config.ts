/**
 * The API's configuration, parsed once from the environment at start-up. A bad value stops
 * the process with a message naming the variable. `.env.example` documents every variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Published in this repository, so worthless as secrets: production refuses them. */
export const PUBLISHED_DEFAULTS = {
  OTP_SECRET: 'dev-otp-secret-change-me-in-production',
  SANDBOX_PAYMENT_SECRET: 'sandbox-secret-not-for-production',
  BETTER_AUTH_SECRET: 'dev-organizer-auth-secret-change-me-in-production',
} as const;

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** proxy-addr's names for address ranges (loopback, link-local, unique-local). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (`10.0.0.0/8`) or one of proxy-addr's range names. */
function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_FORMS =
  "the addresses of the proxies in front of the server, comma-separated: IPs, CIDR ranges or proxy-addr's " +
  'loopback, linklocal, uniquelocal (e.g. 10.0.0.0/8 or loopback); or false';

/** Why a TRUST_PROXY value is refused, and what to set instead. */
function trustProxyRefusal(value: string): string {
  if (value === 'true') {
    return `true would let any client choose its address (X-Forwarded-For); set ${TRUST_PROXY_FORMS}`;
  }
  if (/^\d+$/.test(value)) {
    return `a hop count cannot tell the proxy from a client connecting directly; set ${TRUST_PROXY_FORMS}`;
  }
  return `must be ${TRUST_PROXY_FORMS}`;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`: false (the default: the socket's address is the
 * client's) or the proxies' addresses (a request from one of them is from the first address
 * of X-Forwarded-For, read from the right, that is not a proxy's). Refused, so that no client
 * can choose its address and escape every per-address limit: `true`, which believes the
 * leftmost X-Forwarded-For value (the client writes it), and a hop count, which cannot tell a
 * proxy from a client connecting directly (Fastify 5.12.1 and later ignore it, so every
 * client would share the proxy's address).
 */
function trustProxySetting(value: string | undefined, ctx: z.RefinementCtx): false | string[] {
  if (value === undefined || value === 'false') return false;
  const addresses = value.split(',').map((address) => address.trim());
  if (addresses.every(isProxyAddress)) return addresses;
  ctx.addIssue({ code: 'custom', message: trustProxyRefusal(value) });
  return z.NEVER;
}

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Which X-Forwarded-* to believe (client IPs for rate limits and logs): Fastify's
     * `trustProxy` as a hop count or the proxies' addresses; see trustProxySetting.
     */
    TRUST_PROXY: optional.transform(trustProxySetting),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where PGlite, the uploaded files (unless S3_BUCKET), the email outbox and backups live. */
    DATA_DIR: z.string().default('./data'),
    /** A PostgreSQL server; without it the embedded PGlite under DATA_DIR is used. */
    DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /** Public origin of the site, used in emails and payment redirects. Defaults to http://localhost:PORT. */
    PUBLIC_URL: optional.pipe(z.url().optional()),
    /** Built web client to serve; defaults to apps/web/build/client. */
    WEB_DIST_DIR: optional,
    /** nodemailer transport URL; without it mail is written to DATA_DIR/outbox. */
    SMTP_URL: optional,
    MAIL_FROM: z.string().default('Startup Fest Gujarat <no-reply@startupfest.local>'),
    ORGANIZER_EMAIL: z.email().default('organizers@startupfest.local'),
    /**
     * Secret of registrants' codes and links (HMAC-SHA256): award-voting OTPs are hashed with it,
     * so a database leak does not reveal live codes; manage sign-in links and order keys
     * (orders/access.ts) are derived from it, so changing it stops every emailed link. Set a long
     * random value in production.
     */
    OTP_SECRET: z.string().min(16).default(PUBLISHED_DEFAULTS.OTP_SECRET),
    /**
     * Secret better-auth signs the organizers' session cookies and encrypts their TOTP secrets
     * and backup codes with; a generated pass-signing key is stored encrypted under
     * a passphrase derived from it (modules/passes/signing.ts). Set a long random value in
     * production; changing it signs every organizer out, makes enrolled TOTP secrets unreadable
     * and replaces a generated signing key (passes it signed still verify).
     */
    BETTER_AUTH_SECRET: z.string().min(32).default(PUBLISHED_DEFAULTS.BETTER_AUTH_SECRET),
    /** Secret the sandbox payment provider signs with (Razorpay's HMAC-SHA256 scheme). */
    SANDBOX_PAYMENT_SECRET: z.string().min(16).default(PUBLISHED_DEFAULTS.SANDBOX_PAYMENT_SECRET),
    /**
     * Where payments go. Unset: Razorpay when both keys are set, otherwise the sandbox.
     * Production refuses to fall back to the sandbox silently: it must be asked for by name.
     */
    PAYMENT_PROVIDER: optional.pipe(z.enum(['sandbox', 'razorpay']).optional()),
    RAZORPAY_KEY_ID: optional,
    RAZORPAY_KEY_SECRET: optional,
    RAZORPAY_WEBHOOK_SECRET: optional,
    /** Razorpay API origin; only tests point it at a local fake of the Orders API. */
    RAZORPAY_API_URL: optional.pipe(z.url().optional()),
    /**
     * Who may read the API documentation (/api/docs, /api/openapi.json): `public`, or
     * `organizers` (any signed-in organizer). Unset: organizers in production, public elsewhere.
     */
    API_DOCS: optional.pipe(z.enum(['public', 'organizers']).optional()),
    /** Seconds to let requests in flight finish on SIGTERM. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().positive().default(10),
    /**
     * Seconds between waiting-list sweeps: how soon returned seats are offered
     * and lapsed offers passed on. Tests shorten it.
     */
    WAITING_LIST_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Hours between the server's own backups into DATA_DIR/backups (modules/backups); 0 turns
     * them off. Checked hourly: a backup is taken when the newest archive is this old.
     */
    BACKUP_EVERY_HOURS: z.coerce.number().int().min(0).max(720).default(24),
    /** How many of the server's own backup archives to keep; older ones are deleted. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
    /**
     * Bearer token that opens `GET /api/metrics` (Prometheus text format, plugins/metrics.ts) to a
     * scraper; unset, the endpoint answers 404. At least 32 characters.
     */
    METRICS_TOKEN: optional.pipe(z.string().min(32).optional()),
    /**
     * An S3-compatible bucket for the uploaded files (registrants' uploads, the console's
     * images), shared by every machine; unset: they stay under DATA_DIR (lib/file-store.ts).
     * Needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY. Keep the bucket private: files are
     * served through the app, with its access rules.
     */
    S3_BUCKET: optional,
    /**
     * The S3-compatible server's origin (MinIO, Cloudflare R2, Backblaze B2…); unset: AWS S3
     * in S3_REGION. Production refuses plain http except to this machine (localhost).
     */
    S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** The bucket's region; servers other than AWS accept any (R2 wants `auto`). */
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    /**
     * `true` addresses objects as <endpoint>/<bucket>/<key> (MinIO and most self-hosted
     * servers need it); `false` (default) as <bucket>.<endpoint>/<key>, as AWS prefers.
     */
    S3_FORCE_PATH_STYLE: optional
      .pipe(z.enum(['true', 'false']).optional())
      .transform((value) => value === 'true'),
    /** Server processes to run (node:cluster); more than one needs PostgreSQL. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * The Ed25519 key that signs pass tokens: its 32-byte seed, base64url (43 characters). Unset:
     * a key is generated at first use and kept in the database. Changing it rotates the key;
     * passes signed by earlier keys still verify.
     */
    CHECKIN_SIGNING_KEY: optional.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a 32-byte Ed25519 seed, base64url (43 characters)')
        .optional(),
    ),
    /**
     * Tests only (NODE_ENV=test): the instant the server's clock starts at, running on from
     * there. The seed takes it too, so a browser test starting it by 20 September 2024 buys
     * passes of the spec's 2024 edition, current on that clock.
     */
    TEST_CLOCK_START: optional.pipe(z.iso.datetime({ offset: true }).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.TEST_CLOCK_START && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK_START'],
        message: 'is for tests only (NODE_ENV=test)',
      });
    }
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'],
        message: 'set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together',
      });
    }
    for (const issue of fileStorageIssues(env)) ctx.addIssue({ code: 'custom', ...issue });
    const provider = paymentProviderOf(env);
    if (env.PAYMENT_PROVIDER === 'razorpay' && provider !== 'razorpay') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
      });
    }
    if (env.NODE_ENV === 'production') {
      for (const issue of productionIssues(env, provider)) ctx.addIssue({ code: 'custom', ...issue });
    }
  });

export type Env = z.output<typeof EnvSchema>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What the S3 settings must hold together: a bucket with both keys, no S3 setting without a
 * bucket (it would be ignored, and files would stay on this machine unnoticed), and in
 * production an https endpoint, as registrants' documents would otherwise cross the network in
 * clear; plain http is allowed to this machine (a MinIO beside the server).
 */
function fileStorageIssues(env: Env): { path: [keyof Env]; message: string }[] {
  const issues: { path: [keyof Env]; message: string }[] = [];
  if (!env.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (env[name]) issues.push({ path: [name], message: 'is used only with S3_BUCKET; set it too' });
    }
    return issues;
  }
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[name]) issues.push({ path: [name], message: 'is required with S3_BUCKET' });
  }
  if (env.NODE_ENV === 'production' && env.S3_ENDPOINT) {
    const endpoint = new URL(env.S3_ENDPOINT);
    if (endpoint.protocol !== 'https:' && !LOOPBACK_HOSTS.has(endpoint.hostname)) {
      issues.push({
        path: ['S3_ENDPOINT'],
        message: 'must be https in production (plain http only to localhost): uploads hold personal data',
      });
    }
  }
  return issues;
}

type PaymentProvider = 'sandbox' | 'razorpay';

function paymentProviderOf(
  env: Pick<Env, 'PAYMENT_PROVIDER' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET'>,
): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'sandbox') return 'sandbox';
  return env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET ? 'razorpay' : 'sandbox';
}

/**
 * What production must not start with: the sandbox by accident (it issues passes
 * without money), secrets anyone can read in this repository, unsigned Razorpay webhooks, and
 * a plain-http public origin (payment redirects and email links would leave TLS).
 */
function productionIssues(env: Env, provider: PaymentProvider): { path: [keyof Env]; message: string }[] {
  const issues: { path: [keyof Env]; message: string }[] = [];
  if (provider === 'sandbox' && env.PAYMENT_PROVIDER !== 'sandbox') {
    issues.push({
      path: ['PAYMENT_PROVIDER'],
      message:
        'without Razorpay keys, payments would go to the sandbox, which issues passes for free: ' +
        'set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or PAYMENT_PROVIDER=sandbox on purpose',
    });
  }
  if (env.OTP_SECRET === PUBLISHED_DEFAULTS.OTP_SECRET) {
    issues.push({ path: ['OTP_SECRET'], message: 'is the published default; set a long random value' });
  }
  if (env.BETTER_AUTH_SECRET === PUBLISHED_DEFAULTS.BETTER_AUTH_SECRET) {
    issues.push({
      path: ['BETTER_AUTH_SECRET'],
      message:
        'is the published default, so anyone could forge an organizer session; set a long random value',
    });
  }
  // Only the sandbox reads this secret; with Razorpay its default is harmless.
  if (provider === 'sandbox' && env.SANDBOX_PAYMENT_SECRET === PUBLISHED_DEFAULTS.SANDBOX_PAYMENT_SECRET) {
    issues.push({
      path: ['SANDBOX_PAYMENT_SECRET'],
      message: 'is the published default, so anyone could sign a sandbox payment; set a long random value',
    });
  }
  if (provider === 'razorpay' && !env.RAZORPAY_WEBHOOK_SECRET) {
    issues.push({
      path: ['RAZORPAY_WEBHOOK_SECRET'],
      message:
        'is required with Razorpay keys: without it the webhook that settles payments rejects every call',
    });
  }
  if (!env.PUBLIC_URL || new URL(env.PUBLIC_URL).protocol !== 'https:') {
    issues.push({ path: ['PUBLIC_URL'], message: "must be the site's https origin in production" });
  }
  return issues;
}

/** Env plus the values derived from it. */
export type Config = Env & {
  dataDir: string;
  publicUrl: string;
  paymentProvider: PaymentProvider;
  /** Whether the API documentation is open to anyone (API_DOCS, or its default). */
  apiDocsPublic: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment. Throws ConfigError listing every bad variable by name.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    paymentProvider: paymentProviderOf(values),
    apiDocsPublic:
      (values.API_DOCS ?? (values.NODE_ENV === 'production' ? 'organizers' : 'public')) === 'public',
  };
}

/**
 * Settings that start but are probably wrong, for the server to log at start-up.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  // Production needs an https PUBLIC_URL, and this server speaks plain HTTP: something in
  // front terminates TLS, and without TRUST_PROXY every client would share its address.
  if (config.NODE_ENV === 'production' && config.TRUST_PROXY === false) {
    warnings.push(
      'TRUST_PROXY is off behind an https PUBLIC_URL: if a proxy or load balancer forwards requests, ' +
        'set TRUST_PROXY to their addresses, or rate limits and logs see every client as the proxy',
    );
  }
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
    warnings.push(
      `WEB_CONCURRENCY=${config.WEB_CONCURRENCY} ignored: the embedded PGlite database allows one process; ` +
        'set DATABASE_URL to a PostgreSQL server to run several',
    );
  }
  return warnings;
}

/** What the server needs of its machine's memory: the embedded database's WebAssembly is most of it. */
export const MEMORY_NEEDED_BYTES = { pglite: 1024 ** 3, postgres: 512 * 1024 ** 2 } as const;

/**
 * Memory the server will likely lack, for it to log at start-up: a machine smaller than
 * MEMORY_NEEDED_BYTES for its database (`totalBytes`: os.totalmem()), and, on PGlite, a start
 * without V8's `--liftoff-only` (`execArgv`: process.execArgv), which `npm start` passes:
 * without it, compiling PGlite's WebAssembly a second time, optimised, nearly doubles the
 * peak (decision 028).
 */
export function memoryWarnings(
  config: Config,
  machine: { totalBytes: number; execArgv: readonly string[] },
): string[] {
  const warnings: string[] = [];
  const database = config.DATABASE_URL ? 'postgres' : 'pglite';
  const needed = MEMORY_NEEDED_BYTES[database];
  if (machine.totalBytes < needed) {
    warnings.push(
      `This machine has ${Math.round(machine.totalBytes / 1024 ** 2)} MB of memory; the server on ` +
        `${database === 'pglite' ? 'the embedded PGlite database' : 'PostgreSQL'} needs about ` +
        `${Math.round(needed / 1024 ** 2)} MB and may be stopped by the system when it runs short`,
    );
  }
  if (database === 'pglite' && !machine.execArgv.includes('--liftoff-only')) {
    warnings.push(
      'Started without --liftoff-only: the embedded database then peaks near 1 GB of memory at start ' +
        'instead of about 0.5 GB. Start with `npm start`, or `node --liftoff-only apps/api/dist/server.js`',
    );
  }
  return warnings;
}

/**
 * The configuration of a process started from a shell (the server, the command-line tools):
 * `.env` in the working directory first (variables already set win; none under tests), then
 * the environment. A bad value is printed, naming the variable, and undefined is answered so
 * the caller can exit with status 1.
 */
export function readProcessConfig(): Config | undefined {
  if (process.env.NODE_ENV !== 'test') {
    try {
      process.loadEnvFile();
    } catch {
      // No .env file: the environment alone configures the process.
    }
  }
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return undefined;
    }
    throw error;
  }
}

/** Where the configured database lives: DATABASE_URL's server, or PGlite under DATA_DIR. */
export function databaseLocation(config: Config): { url: string } | { dir: string } {
  return config.DATABASE_URL ? { url: config.DATABASE_URL } : { dir: path.join(config.dataDir, 'pglite') };
}
