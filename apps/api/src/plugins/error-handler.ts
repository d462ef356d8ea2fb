/**
 * The one place errors become HTTP answers. Body shape: `{isOk: false, message, errors?}`
 * (ErrorResponseSchema). Validation failures answer 400 with one message per field, the
 * same messages the form shows; 5xx details are logged, never sent.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@festival/shared';
import { DomainError, TooManyRequestsError } from '../errors.js';

/** First message per top-level field, keyed by field name (`/email` → `email`). */
function validationFieldErrors(validation: { instancePath: string; message?: string | undefined }[]) {
  const errors: Record<string, string> = {};
  for (const item of validation) {
    const key = item.instancePath.split('/').filter(Boolean)[0] ?? '_form';
    errors[key] ??= item.message ?? 'Invalid value';
  }
  return errors;
}

/**
 * Fastify's `frameworkErrors` option: URLs the router cannot read (malformed percent-encoding,
 * `FST_ERR_BAD_URL`, 400) or whose parameter exceeds `maxParamLength` (414) never reach a route
 * or the error handler; without this they answer Fastify's own body, not the envelope.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'unreadable request');
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const body: ErrorResponse = {
    isOk: false,
    message: status === 414 ? 'The address is too long.' : 'The address is not valid.',
  };
  return reply.code(status).send(body);
}

/** Answers a refusal's wait as `Retry-After` (seconds) when the error knows it. */
export function setRetryAfter(reply: FastifyReply, error: Error): void {
  if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', error.retryAfterSeconds);
  }
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const body: ErrorResponse = {
          isOk: false,
          message: 'Please correct the highlighted fields.',
          errors: validationFieldErrors(error.validation),
        };
        return reply.code(400).send(body);
      }
      if (error instanceof DomainError) {
        request.log.info({ err: error }, 'domain error');
        const body: ErrorResponse = { isOk: false, message: error.message };
        if (error.fieldErrors) body.errors = error.fieldErrors;
        if (error.code) body.code = error.code;
        setRetryAfter(reply, error);
        return reply.code(error.statusCode).send(body);
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ isOk: false, message: 'Something went wrong. Please try again.' });
      }
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ isOk: false, message: error.message });
    });
  },
  { name: 'error-handler' },
);
