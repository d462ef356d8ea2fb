/**
 * Request logging with one line per request. Fastify's default writes two at `info`: "incoming
 * request" (method, URL, address) when it arrives and "request completed" (status, time) when it
 * has answered, each a JSON serialisation and a write to stdout. This writes the second only,
 * carrying the request's fields as well, so logs keep the same facts at half the lines and
 * writes. Lines logged while a request runs still carry its `reqId`.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Fastify's `logController` option: skips "incoming request", logs the request with its completion. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
