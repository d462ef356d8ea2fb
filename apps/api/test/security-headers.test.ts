/**
 * Security headers (plugins/security-headers.ts): computed once from the `helmet` package, they
 * are the headers helmet's own middleware sets on a real response, and every kind of answer
 * carries them: a route's, a cached read's (hit and 304), a refusal's and a 404's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSecurityHeaders, helmetOptions } from '../src/plugins/security-headers.js';
import { build, type TestContext } from './helper.js';

const CSP =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self' https://api.razorpay.com;" +
  "frame-ancestors 'self';img-src 'self' data: https:;object-src 'none';" +
  "script-src 'self' 'wasm-unsafe-eval' https://checkout.razorpay.com;script-src-attr 'none';" +
  "style-src 'self' https: 'unsafe-inline';" +
  "frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com https://www.youtube-nocookie.com https://www.google.com;" +
  "connect-src 'self' https://lumberjack.razorpay.com https://api.razorpay.com";

/** The headers the site sent with @fastify/helmet, before they were computed once. */
const EXPECTED = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are what helmet’s middleware sets on a real response with the same options', async () => {
    const server: Server = createServer((request, response) => {
      helmet(helmetOptions)(request, response, () => response.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      const fromMiddleware = Object.fromEntries(
        [...response.headers].filter(
          ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
        ),
      );
      expect(computeSecurityHeaders(helmetOptions)).toEqual(fromMiddleware);
      expect(fromMiddleware).toEqual(EXPECTED);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  describe('on the app’s answers', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await build();
    }, 60_000);
    afterAll(async () => t?.close());

    it.each([
      ['a route', 'GET', '/api/health', 200],
      ['a cached read, first and again', 'GET', '/api/auth/list/FaqMaster', 200],
      ['a refused request', 'POST', '/api/auth/investor', 400],
      ['an unknown address', 'GET', '/api/nothing-here', 404],
    ] as const)('%s', async (_kind, method, url, status) => {
      for (let i = 0; i < 2; i += 1) {
        const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(response.statusCode).toBe(status);
        expect(response.headers).toMatchObject(EXPECTED);
        expect(response.headers['x-powered-by']).toBeUndefined();
      }
    });

    it('a cached read’s 304', async () => {
      const { headers } = await t.app.inject({ url: '/api/auth/location/country' });
      const revalidated = await t.app.inject({
        url: '/api/auth/location/country',
        headers: { 'if-none-match': String(headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers).toMatchObject(EXPECTED);
    });
  });
});
