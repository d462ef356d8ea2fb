/**
 * Multipart forms with file uploads for the routes of one plugin. @fastify/multipart turns
 * the body into key-values (so the route's zod schema validates it like JSON); each file is
 * streamed to staging by the UploadStore and appears in the body as a StagedUpload.
 *
 * Every file a request staged is deleted before its answer is sent, unless the handler kept
 * it with `keep(request)` after the rows referencing it committed: a failed request leaves
 * nothing on disk.
 */
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, FileTooLargeError, UnsupportedFileTypeError, ValidationError } from '../../errors.js';
import { formatMegabytes, type StagedUpload, type UploadRule, type UploadStore } from './storage.js';

/** The parser's own limits; per-field size limits are the rules' (never above `fileSize`). */
export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
}

export interface MultipartUploadOptions {
  store: UploadStore;
  /** Rule of each file field by field name; any other file field is refused. */
  rules: Readonly<Record<string, UploadRule>>;
  limits: MultipartLimits;
}

/** Too many parts, files or fields in one form. */
export class TooManyPartsError extends DomainError {
  readonly statusCode = 413;
}

/** A multipart body the parser cannot read: no boundary, cut short, not multipart at all. */
export class MalformedFormError extends DomainError {
  readonly statusCode = 400;
}

const MALFORMED_FORM_MESSAGE = 'The form could not be read (incomplete or malformed). Please send it again.';

export interface MultipartUploads {
  /** Hands the request's staged files over to the caller: they are no longer deleted. */
  keep(request: FastifyRequest): void;
}

/** The parser's limit errors carry a code and, for a too-large file, the part. */
type MultipartError = FastifyError & { part?: { fieldname?: string } };

/**
 * Whether `error` is the parser (busboy) refusing a multipart body ("Multipart: Boundary not
 * found", "Unexpected end of multipart data"): busboy reports these as plain Errors with
 * neither a code nor a status. `parsing` says the request has not reached its handler yet;
 * disk failures while staging carry a code (ENOSPC…), so they stay 500.
 */
function isUnreadableForm(error: MultipartError, request: FastifyRequest, parsing: boolean): boolean {
  return (
    parsing &&
    request.isMultipart() &&
    Object.getPrototypeOf(error) === Error.prototype &&
    error.code === undefined &&
    error.statusCode === undefined
  );
}

/**
 * A refused file's error (too large, 413; not an accepted type, 415) with its message on the
 * file's field too, so a form shows it under that field.
 */
function onField(error: unknown, field: string): unknown {
  if (error instanceof FileTooLargeError)
    return new FileTooLargeError(error.message, { [field]: error.message });
  if (error instanceof UnsupportedFileTypeError) {
    return new UnsupportedFileTypeError(error.message, { [field]: error.message });
  }
  return error;
}

/** Answers the parser's terse errors ("reach files limit") with messages a person can act on. */
function describeParserError(
  error: MultipartError,
  request: FastifyRequest,
  parsing: boolean,
  options: MultipartUploadOptions,
): Error {
  if (isUnreadableForm(error, request, parsing)) return new MalformedFormError(MALFORMED_FORM_MESSAGE);
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const field = error.part?.fieldname;
      const label = (field && options.rules[field]?.label) ?? 'A file';
      const message = `${label} is larger than ${formatMegabytes(options.limits.fileSize)}.`;
      return new FileTooLargeError(message, field ? { [field]: message } : undefined);
    }
    case 'FST_FILES_LIMIT':
      return new TooManyPartsError(`Too many files: at most ${options.limits.files} per form.`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new TooManyPartsError('Too many form fields.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new MalformedFormError(MALFORMED_FORM_MESSAGE);
    default:
      return error;
  }
}

/**
 * Registers multipart parsing with staged uploads on `app` (an encapsulated route plugin).
 * Errors are passed on to the app's error handler, the parser's limit errors reworded.
 */
export async function registerMultipartUploads(
  app: FastifyInstance,
  options: MultipartUploadOptions,
): Promise<MultipartUploads> {
  const { store, rules, limits } = options;
  const staged = new WeakMap<FastifyRequest, StagedUpload[]>();

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits,
    async onFile(part) {
      const rule = rules[part.fieldname];
      if (!rule) {
        throw new ValidationError('Please correct the highlighted fields.', {
          [part.fieldname]: 'This field does not take a file.',
        });
      }
      const files = staged.get(this) ?? [];
      staged.set(this, files);
      if (files.filter((file) => file.purpose === rule.purpose).length >= rule.maxCount) {
        throw new ValidationError('Please correct the highlighted fields.', {
          [part.fieldname]: rule.tooMany,
        });
      }
      const file = await store.stage(part.file, part.filename, rule).catch((error: unknown) => {
        throw onField(error, part.fieldname);
      });
      if (file) {
        files.push(file);
        part.value = file;
      }
    },
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    const files = staged.get(request);
    if (files) {
      staged.delete(request);
      await store.discard(files);
    }
    return payload;
  });

  // Requests past parsing and validation: their plain Errors are the server's, not the body's.
  const handled = new WeakSet<FastifyRequest>();
  app.addHook('preHandler', async (request) => {
    handled.add(request);
  });

  // Thrown errors go on to the parent (the app's) error handler.
  app.setErrorHandler((error: MultipartError, request) => {
    throw describeParserError(error, request, !handled.has(request), options);
  });

  return { keep: (request) => staged.delete(request) };
}
