/**
 * Content-coding negotiation for answers the server holds precompressed (public-read cache,
 * rewritten web files): RFC 9110 §12.5.3 through @fastify/accept-negotiator, the parser
 * @fastify/compress and @fastify/static use.
 */
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

/** Preferred first when a request accepts several at the same quality. */
const CODINGS = ['br', 'gzip', 'identity'] as const;

const negotiator = new Negotiator<(typeof CODINGS)[number]>({
  supportedValues: [...CODINGS],
  // Browsers send a handful of distinct headers; the bound keeps odd clients from growing it.
  cache: new LRUCache<string, string>({ max: 256 }),
});

/**
 * The coding to answer with for an Accept-Encoding header: 'br' or 'gzip', or undefined for
 * the uncompressed body (no header, identity preferred, or no coding we hold acceptable). A
 * coding given `q=0` is refused, so `br;q=0, gzip` answers gzip.
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  // Codings are case-insensitive (RFC 9110 §8.4.1); the negotiator compares them as given.
  const coding = negotiator.negotiate(acceptEncoding.toLowerCase());
  return coding === 'br' || coding === 'gzip' ? coding : undefined;
}
