/**
 * The API's configuration, parsed once from the environment at start-up. A bad value stops
 * the process with a message naming the variable. `.env.example` documents every variable.
 */
import path from 'node:path';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Trust X-Forwarded-* from a reverse proxy (client IPs for rate limits and logs). Leave off
     * when the server is reached directly, or anyone could forge their address.
     */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where PGlite, uploads and the email outbox live. */
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
     * Secret the award-voting OTPs are hashed with (HMAC-SHA256), so a database leak does not
     * reveal live codes. Set a long random value in production.
     */
    OTP_SECRET: z.string().min(16).default('dev-otp-secret-change-me-in-production'),
    /** Secret the sandbox payment provider signs with (Razorpay's HMAC-SHA256 scheme). */
    SANDBOX_PAYMENT_SECRET: z.string().min(16).default('sandbox-secret-not-for-production'),
    RAZORPAY_KEY_ID: optional,
    RAZORPAY_KEY_SECRET: optional,
    RAZORPAY_WEBHOOK_SECRET: optional,
    /** Razorpay API origin; only tests point it at a local fake of the Orders API. */
    RAZORPAY_API_URL: optional.pipe(z.url().optional()),
    /** External event-listing page the Visitor tab opens. */
    VISITOR_REGISTRATION_URL: z.url().default('https://allevents.in/ahmedabad/startup-fest-gujarat'),
    /** Seconds to let requests in flight finish on SIGTERM. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().positive().default(10),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'],
        message: 'set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together',
      });
    }
  });

export type Env = z.output<typeof EnvSchema>;

/** Env plus the values derived from it. */
export type Config = Env & {
  dataDir: string;
  publicUrl: string;
  paymentProvider: 'sandbox' | 'razorpay';
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
    paymentProvider: values.RAZORPAY_KEY_ID && values.RAZORPAY_KEY_SECRET ? 'razorpay' : 'sandbox',
  };
}
