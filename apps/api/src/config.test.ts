import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig, memoryWarnings, PUBLISHED_DEFAULTS } from './config.js';

/** A production environment that starts: Razorpay with its webhook secret, https, own secrets. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://startupfest.example.org',
  TRUST_PROXY: '10.0.0.0/8',
  OTP_SECRET: 'a0f3c9e1b7d24f6a8c5e',
  BETTER_AUTH_SECRET: '9c4e1f0a7b3d5e2c8f6a1b9d0e7c3a5f',
  RAZORPAY_KEY_ID: 'rzp_live_1',
  RAZORPAY_KEY_SECRET: 'key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
};

/** The sandbox chosen on purpose, for a staging site. */
const PRODUCTION_SANDBOX = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://staging.startupfest.example.org',
  OTP_SECRET: 'a0f3c9e1b7d24f6a8c5e',
  BETTER_AUTH_SECRET: '9c4e1f0a7b3d5e2c8f6a1b9d0e7c3a5f',
  PAYMENT_PROVIDER: 'sandbox',
  SANDBOX_PAYMENT_SECRET: '5b1e77c0d9a84e2f9f61',
};

/** The variable lines of the ConfigError loadConfig throws for `env`. */
function refusal(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message.split('\n').slice(1);
  }
  throw new Error('loadConfig accepted the environment');
}

describe('production configuration', () => {
  it('keeps the API documentation to organizers unless API_DOCS opens it', () => {
    expect(loadConfig(PRODUCTION).apiDocsPublic).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'public' }).apiDocsPublic).toBe(true);
    expect(loadConfig({}).apiDocsPublic).toBe(true);
    expect(loadConfig({ API_DOCS: 'organizers' }).apiDocsPublic).toBe(false);
    expect(refusal({ API_DOCS: 'everyone' })[0]).toMatch(/^ {2}API_DOCS: /);
  });

  it('starts with Razorpay, its webhook secret, own secrets and an https origin', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.paymentProvider).toBe('razorpay');
    expect(config.publicUrl).toBe('https://startupfest.example.org');
    expect(configWarnings(config)).toEqual([]);
  });

  it('starts with the sandbox when PAYMENT_PROVIDER=sandbox says so', () => {
    expect(loadConfig(PRODUCTION_SANDBOX).paymentProvider).toBe('sandbox');
  });

  it('refuses to fall back to the sandbox without PAYMENT_PROVIDER=sandbox', () => {
    const { PAYMENT_PROVIDER: _, ...env } = PRODUCTION_SANDBOX;
    expect(refusal(env)).toEqual([expect.stringMatching(/^ {2}PAYMENT_PROVIDER: without Razorpay keys/)]);
  });

  it('refuses the published OTP_SECRET', () => {
    expect(refusal({ ...PRODUCTION, OTP_SECRET: undefined })).toEqual([
      expect.stringMatching(/^ {2}OTP_SECRET: is the published default/),
    ]);
    expect(refusal({ ...PRODUCTION, OTP_SECRET: PUBLISHED_DEFAULTS.OTP_SECRET })).toHaveLength(1);
  });

  it('refuses the published SANDBOX_PAYMENT_SECRET when the sandbox takes payments', () => {
    expect(refusal({ ...PRODUCTION_SANDBOX, SANDBOX_PAYMENT_SECRET: undefined })).toEqual([
      expect.stringMatching(/^ {2}SANDBOX_PAYMENT_SECRET: is the published default/),
    ]);
  });

  it('refuses Razorpay keys without RAZORPAY_WEBHOOK_SECRET', () => {
    expect(refusal({ ...PRODUCTION, RAZORPAY_WEBHOOK_SECRET: '' })).toEqual([
      expect.stringMatching(/^ {2}RAZORPAY_WEBHOOK_SECRET: is required with Razorpay keys/),
    ]);
  });

  it('refuses the published BETTER_AUTH_SECRET', () => {
    expect(refusal({ ...PRODUCTION, BETTER_AUTH_SECRET: undefined })).toEqual([
      expect.stringMatching(/^ {2}BETTER_AUTH_SECRET: is the published default/),
    ]);
  });

  it('refuses a PUBLIC_URL that is not https, or none', () => {
    const line = expect.stringMatching(/^ {2}PUBLIC_URL: must be the site's https origin in production$/);
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: 'http://startupfest.example.org' })).toEqual([line]);
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: undefined })).toEqual([line]);
  });

  it('lists every refusal at once', () => {
    expect(refusal({ NODE_ENV: 'production' }).map((line) => line.split(':')[0]?.trim())).toEqual([
      'PAYMENT_PROVIDER',
      'OTP_SECRET',
      'BETTER_AUTH_SECRET',
      'SANDBOX_PAYMENT_SECRET',
      'PUBLIC_URL',
    ]);
  });

  it('warns when TRUST_PROXY is off', () => {
    const config = loadConfig({ ...PRODUCTION, TRUST_PROXY: undefined });
    expect(configWarnings(config)).toEqual([expect.stringMatching(/^TRUST_PROXY is off/)]);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and with false', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it("takes the proxies' addresses: IPs, CIDR ranges and proxy-addr's range names", () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it('refuses true, which lets any client choose its address, naming the accepted forms', () => {
    expect(refusal({ TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(
        /^ {2}TRUST_PROXY: true would let any client choose its address.*comma-separated/,
      ),
    ]);
  });

  it('refuses a hop count, which cannot tell a proxy from a client connecting directly', () => {
    expect(refusal({ TRUST_PROXY: '1' })).toEqual([
      expect.stringMatching(/^ {2}TRUST_PROXY: a hop count cannot tell the proxy from a client/),
    ]);
  });

  it('refuses what is not an address', () => {
    for (const value of ['proxy.example.org', '10.0.0.0/33', '10.0.0.1,', 'yes']) {
      expect(refusal({ TRUST_PROXY: value })).toEqual([
        expect.stringMatching(/^ {2}TRUST_PROXY: must be the addresses/),
      ]);
    }
  });
});

describe('PAYMENT_PROVIDER', () => {
  it('defaults to what the keys select', () => {
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    expect(loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 's' }).paymentProvider).toBe(
      'razorpay',
    );
  });

  it('sandbox wins over keys', () => {
    const env = { PAYMENT_PROVIDER: 'sandbox', RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 's' };
    expect(loadConfig(env).paymentProvider).toBe('sandbox');
  });

  it('refuses razorpay without keys, in every environment', () => {
    expect(refusal({ PAYMENT_PROVIDER: 'razorpay' })).toEqual([
      '  PAYMENT_PROVIDER: razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    ]);
  });

  it('refuses an unknown provider', () => {
    expect(refusal({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      expect.stringMatching(/^ {2}PAYMENT_PROVIDER: /),
    ]);
  });
});

describe('outside production', () => {
  it('starts with the published defaults, the sandbox and plain http', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.paymentProvider).toBe('sandbox');
    expect(config.OTP_SECRET).toBe(PUBLISHED_DEFAULTS.OTP_SECRET);
    expect(configWarnings(config)).toEqual([]);
  });
});

describe('WEB_CONCURRENCY', () => {
  it('says PGlite runs one process', () => {
    const config = loadConfig({ WEB_CONCURRENCY: '4' });
    expect(configWarnings(config)).toEqual([expect.stringMatching(/^WEB_CONCURRENCY=4 ignored: .*PGlite/)]);
  });

  it('accepts several processes on PostgreSQL', () => {
    const config = loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://127.0.0.1/festival' });
    expect(config.WEB_CONCURRENCY).toBe(4);
    expect(configWarnings(config)).toEqual([]);
  });
});

describe('memoryWarnings', () => {
  const GB = 1024 ** 3;
  const flags = ['--liftoff-only'];

  it('says nothing on a machine with enough memory started as npm start does', () => {
    expect(memoryWarnings(loadConfig({}), { totalBytes: 2 * GB, execArgv: flags })).toEqual([]);
    expect(
      memoryWarnings(loadConfig({ DATABASE_URL: 'postgres://localhost/festival' }), {
        totalBytes: GB / 2,
        execArgv: [],
      }),
    ).toEqual([]);
  });

  it('warns a machine smaller than its database needs, naming both sizes', () => {
    const [warning] = memoryWarnings(loadConfig({}), { totalBytes: 768 * 1024 ** 2, execArgv: flags });
    expect(warning).toMatch(
      /has 768 MB of memory; the server on the embedded PGlite database needs about 1024 MB/,
    );
    expect(
      memoryWarnings(loadConfig({ DATABASE_URL: 'postgres://localhost/festival' }), {
        totalBytes: 256 * 1024 ** 2,
        execArgv: [],
      }),
    ).toEqual([expect.stringMatching(/has 256 MB .* on PostgreSQL needs about 512 MB/)]);
  });

  it('warns a PGlite server started without --liftoff-only', () => {
    expect(memoryWarnings(loadConfig({}), { totalBytes: 4 * GB, execArgv: [] })).toEqual([
      expect.stringMatching(/^Started without --liftoff-only/),
    ]);
  });
});

describe('files on object storage (S3_*)', () => {
  const BUCKET = { S3_BUCKET: 'festival-files', S3_ACCESS_KEY_ID: 'key-id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps files in DATA_DIR without a bucket, and takes a bucket with its keys', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    const config = loadConfig({
      ...BUCKET,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ ...BUCKET, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig(BUCKET).S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('refuses a bucket without both keys, and S3 settings without a bucket', () => {
    expect(refusal({ S3_BUCKET: 'festival-files', S3_ACCESS_KEY_ID: 'key-id' })).toEqual([
      '  S3_SECRET_ACCESS_KEY: is required with S3_BUCKET',
    ]);
    expect(refusal({ S3_ENDPOINT: 'https://s3.example.org' })).toEqual([
      '  S3_ENDPOINT: is used only with S3_BUCKET; set it too',
    ]);
    expect(refusal({ ...BUCKET, S3_FORCE_PATH_STYLE: 'yes' })).toHaveLength(1);
  });

  it('refuses a plain-http endpoint in production, except on this machine', () => {
    expect(refusal({ ...PRODUCTION, ...BUCKET, S3_ENDPOINT: 'http://minio.internal:9000' })).toEqual([
      expect.stringMatching(/^ {2}S3_ENDPOINT: must be https in production/),
    ]);
    expect(loadConfig({ ...PRODUCTION, ...BUCKET, S3_ENDPOINT: 'http://localhost:9000' }).S3_ENDPOINT).toBe(
      'http://localhost:9000',
    );
    expect(loadConfig({ ...PRODUCTION, ...BUCKET, S3_ENDPOINT: 'https://r2.example.org' }).S3_BUCKET).toBe(
      'festival-files',
    );
  });
});
