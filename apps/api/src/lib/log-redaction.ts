/**
 * No email address and no order key in the logs. Log lines are kept, shipped and searched where an erasure does
 * not reach, so none may carry one: the code logs ids, not addresses, and this catches what it
 * cannot choose — a search typed into a URL's query, a mail server's refusal quoting the
 * recipient inside an error, a message that names the address it refuses. An order key
 * (orders/access.ts) opens an order's passes, and the success page's requests carry it as
 * `?key=`, which every request line's URL repeats. Every line is written through
 * `withoutSecrets`, after pino has serialised it, so nothing nested escapes.
 */
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** An address as written or percent-encoded in a URL (`asha%40example.org`). */
const ADDRESS = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** `line` with every email address replaced by `[email]`. */
export function withoutAddresses(line: string): string {
  // Most lines (every request's) hold neither form: skip the regular expression for them.
  if (!line.includes('@') && !line.includes('%40')) return line;
  return line.replace(ADDRESS, '[email]');
}

/** An order key as a query parameter (`?key=…` or `&key=…`): base64url, or anything up to a delimiter. */
const ORDER_KEY = /([?&]key=)[^&#\s"]+/g;

/** `line` with every email address replaced by `[email]` and every `key=` value by `[key]`. */
export function withoutSecrets(line: string): string {
  const withoutKeys = line.includes('key=') ? line.replace(ORDER_KEY, '$1[key]') : line;
  return withoutAddresses(withoutKeys);
}

interface LogStream {
  write(line: string): unknown;
}

/**
 * Fastify's `logger` option with its lines written through `withoutSecrets`, to the stream it
 * names or, as pino does by default, to standard output. `false` stays off.
 */
export function loggerWithoutAddresses(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  const target: LogStream = (options.stream as LogStream | undefined) ?? pino.destination(1);
  return { ...options, stream: { write: (line: string) => target.write(withoutSecrets(line)) } };
}
