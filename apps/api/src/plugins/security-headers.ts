/**
 * Security headers on every response: helmet's defaults with the site's Content-Security-Policy
 * (`helmetOptions`), computed once at start by the `helmet` package and set by one synchronous
 * onRequest hook. @fastify/helmet ran helmet's middleware on every request, re-checking the CSP
 * directives and rebuilding each header each time (about 9 % of a cached read's CPU,
 * decision 010); the headers never differ between requests, so one copy serves them all.
 *
 * Every directive is a fixed string: a per-request value (a nonce, a function directive) would
 * be computed once and repeated, so the options below must not hold one. `script-src` allows no
 * inline script: an HTML page answers with `pagePolicy`, which lists the hashes of the inline
 * scripts it runs (lib/inline-scripts.ts), so a script injected into a page does not run.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Where scripts may come from. 'wasm-unsafe-eval' lets the gate scanner compile its QR decoder,
 * which is WebAssembly (ZXing-C++); it allows no JavaScript eval.
 */
const SCRIPT_SOURCES = ["'self'", "'wasm-unsafe-eval'", 'https://checkout.razorpay.com'];

const directives = {
  'script-src': SCRIPT_SOURCES,
  'frame-src': [
    "'self'",
    'https://api.razorpay.com',
    'https://checkout.razorpay.com',
    'https://www.youtube-nocookie.com',
    'https://www.google.com',
  ],
  'connect-src': ["'self'", 'https://lumberjack.razorpay.com', 'https://api.razorpay.com'],
  'img-src': ["'self'", 'data:', 'https:'],
  'form-action': ["'self'", 'https://api.razorpay.com'],
  'upgrade-insecure-requests': null,
};

/** The site's helmet options: helmet's defaults with the CSP the pages and payments need. */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: { directives },
  // No Cross-Origin-Embedder-Policy (helmet's default too): it would block the cross-origin
  // frames and images the pages embed (Razorpay's checkout, YouTube, images from any https: host).
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for `options`, by lower-case name. helmet's middleware only calls
 * `setHeader` and `removeHeader` on the response (and passes the request to function
 * directives, which the options must not hold), so a stand-in response collects them.
 * @throws Error when helmet refuses the options (an unknown or malformed directive).
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

/**
 * The Content-Security-Policy header of an HTML page that runs the inline scripts of `hashes`
 * (`'sha256-…'` sources from lib/inline-scripts.ts): the site's policy with them added to
 * `script-src`. Computed through helmet, which checks each source.
 */
export function pagePolicy(hashes: readonly string[]): string {
  const { 'content-security-policy': policy } = computeSecurityHeaders({
    contentSecurityPolicy: { directives: { ...directives, 'script-src': [...SCRIPT_SOURCES, ...hashes] } },
  });
  if (policy === undefined) throw new Error('helmet set no Content-Security-Policy');
  return policy;
}

export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const headers = computeSecurityHeaders(helmetOptions);
    // Callback style: an async hook would cost every request a promise.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
