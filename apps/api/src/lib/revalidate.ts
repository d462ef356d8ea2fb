/**
 * Public answers that organizers change from the console (site content, the current edition):
 * the browser may keep them but asks again on every visit (`no-cache`) with the ETag it has, and
 * an unchanged answer costs a 304 without a body. So a change shows on the next visit, and an
 * unchanged page load moves no data.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sets the ETag and Cache-Control headers of a revalidated answer; true when the client's copy
 * (If-None-Match) is current, in which case the caller answers 304 without a body.
 */
export function isClientCopyCurrent(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  reply.header('etag', tag);
  reply.header('cache-control', 'no-cache');
  const held = request.headers['if-none-match'];
  return typeof held === 'string' && held.split(',').some((value) => value.trim() === tag);
}
