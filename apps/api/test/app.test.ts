import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { build, type TestContext } from './helper.js';

let t: TestContext;

beforeAll(async () => {
  t = await build();
});
afterAll(async () => t?.close());

describe('health', () => {
  it('answers ok after querying the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with the error envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ isOk: false, message: 'Not found: GET /api/auth/no-such-thing' });
  });
});

describe('compression', () => {
  it('compresses large answers for clients that accept brotli or gzip', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/location/country',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/api/auth/location/country' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.length).toBeGreaterThan(200);
  });
});

describe('OpenAPI document', () => {
  it('describes the reference and registration routes from their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/auth/list/categoryMaster',
      '/api/auth/list/StageOfStartup',
      '/api/auth/location/country',
      '/api/auth/location/statesByCountry/{countryId}',
      '/api/auth/site-config',
      '/api/health',
    ]) {
      expect(doc.paths[route]?.get, route).toBeDefined();
    }

    const startup = doc.paths['/api/auth/create/StartUpDetailsMaster'].post;
    const form = startup.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.logo).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.productImages.type).toBe('array');
    expect(form.properties).toHaveProperty('contactPersonName');
    expect(form.required).toEqual(expect.arrayContaining(['contactPersonName', 'email', 'terms']));
    expect(Object.keys(startup.responses)).toEqual(
      expect.arrayContaining(['200', '400', '409', '413', '415']),
    );

    const investor = doc.paths['/api/auth/investor'].post;
    expect(investor.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'investmentAmount',
    );
  });
});

describe('configuration', () => {
  function configError(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).message;
    }
    throw new Error('loadConfig accepted a bad environment');
  }

  it('names every bad variable', () => {
    const message = configError({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/festival' });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}DATABASE_URL: /m);
  });

  it('names the missing half of the Razorpay key pair', () => {
    expect(configError({ RAZORPAY_KEY_ID: 'rzp_test_1' })).toMatch(
      /^ {2}RAZORPAY_KEY_SECRET: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together$/m,
    );
  });

  it('derives the public URL and the data folder', () => {
    const config = loadConfig({ PORT: '4000', DATA_DIR: 'var/festival' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.dataDir).toMatch(/\/var\/festival$/);
    expect(config.paymentProvider).toBe('sandbox');
  });
});
