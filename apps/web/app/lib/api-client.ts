/**
 * The one HTTP client of the web app. Every API answer is the envelope `{isOk, message, data}`
 * (packages/shared api.ts); `data` is checked against the caller's zod schema so a contract
 * drift fails loudly here instead of deep inside a component.
 */
import { ErrorResponseSchema } from '@festival/shared';
import { z } from 'zod';

const SuccessEnvelopeSchema = z.object({ isOk: z.literal(true), message: z.string(), data: z.unknown() });

/** A request the server answered with an error envelope (or a non-2xx status). */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    /** HTTP status of the answer. */
    readonly status: number,
    message: string,
    /** Per-field messages of a 400 answer, keyed by form field name. */
    readonly fieldErrors: Record<string, string> = {},
    /** The parsed JSON body of the answer, for callers that key on extra fields (e.g. `error`). */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/** The server could not be reached (offline, DNS, connection reset); the message is fit to show. */
export class NetworkError extends Error {
  override name = 'NetworkError';

  constructor(options?: ErrorOptions) {
    super('Could not reach the server. Please try again.', options);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** A FormData body is sent as multipart; anything else as JSON. */
  body?: FormData | object;
  signal?: AbortSignal;
  /**
   * False for the few answers the spec fixes without the envelope (checkout answers
   * `{order, person, ...}` itself, spec §7): then the whole body is the data.
   */
  envelope?: boolean;
}

/** The answer's `{isOk, message, data}` with `data` parsed by the caller's schema. */
export interface ApiResult<T> {
  message: string;
  data: T;
}

/**
 * Calls `/api{path}` and returns the envelope's message and its `data` parsed by `schema`.
 * @throws ApiError when the server answers `isOk: false`, a non-2xx status, or a body that
 *   does not match `schema`.
 * @throws NetworkError when the request never got an answer.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  { method = 'GET', body, signal, envelope = true }: RequestOptions = {},
): Promise<ApiResult<z.output<S>>> {
  const init: RequestInit = { method, signal: signal ?? null, headers: { accept: 'application/json' } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }

  const json: unknown = await response.json().catch(() => undefined);
  const failure = ErrorResponseSchema.safeParse(json);
  if (failure.success) throw new ApiError(response.status, failure.data.message, failure.data.errors, json);
  if (!response.ok) throw new ApiError(response.status, `The server answered ${response.status}.`, {}, json);

  const answer = envelope
    ? SuccessEnvelopeSchema.safeParse(json)
    : { success: true as const, data: { message: '', data: json } };
  const data = answer.success ? schema.safeParse(answer.data.data) : undefined;
  if (!answer.success || !data?.success)
    throw new ApiError(response.status, 'The server sent an unexpected answer.');
  return { message: answer.data.message, data: data.data };
}

/** GET helper for query functions: returns only `data`. */
export async function apiGet<S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) {
  const { data } = await apiRequest(path, schema, { signal });
  return data;
}
