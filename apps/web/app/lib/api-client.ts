/**
 * The one HTTP client of the web app. Every API answer is the envelope `{isOk, message, data}`
 * (packages/shared api.ts), apart from the few the spec fixes otherwise (`envelope: false`).
 *
 * Answers are typed with the shared types, not parsed again here: the server checks every answer
 * against its route's shared zod schema before sending it (fastify-type-provider-zod's serializer
 * compiler, apps/api/src/app.ts), and site and API ship together from one build. Not parsing keeps
 * zod and the schemas off the pages that only read data; forms still load them to validate input.
 */
import type { ErrorResponse } from '@festival/shared';

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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A FormData body is sent as multipart; anything else as JSON. */
  body?: FormData | object;
  signal?: AbortSignal;
  /**
   * False for the few answers the spec fixes without the envelope (checkout answers
   * `{order, person, ...}` itself): then the whole body is the data.
   */
  envelope?: boolean;
  /** Extra request headers, e.g. the manage session's `authorization`. */
  headers?: Record<string, string>;
}

/** The answer's `{isOk, message, data}`. */
export interface ApiResult<T> {
  message: string;
  data: T;
  /**
   * The server's clock when it answered (epoch ms, from the `Date` header, to the second), for
   * turning the server's instants into local deadlines whatever the device's clock says.
   */
  serverTime: number | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The `{isOk: false, message, errors?}` envelope every failure of the API answers. */
function isErrorResponse(body: unknown): body is ErrorResponse {
  return isObject(body) && body.isOk === false && typeof body.message === 'string';
}

/**
 * Calls `/api{path}` and returns the envelope's message and `data`, typed as `T` (the shared type
 * of the route's answer).
 * @throws ApiError when the server answers `isOk: false`, a non-2xx status, or a body that is not
 *   the expected envelope.
 * @throws NetworkError when the request never got an answer.
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, envelope = true, headers }: RequestOptions = {},
): Promise<ApiResult<T>> {
  const init: RequestInit = {
    method,
    signal: signal ?? null,
    headers: { accept: 'application/json', ...headers },
  };
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
  if (isErrorResponse(json)) throw new ApiError(response.status, json.message, json.errors ?? {}, json);
  if (!response.ok) throw new ApiError(response.status, `The server answered ${response.status}.`, {}, json);
  if (!isObject(json)) throw new ApiError(response.status, 'The server sent an unexpected answer.');
  const date = Date.parse(response.headers.get('date') ?? '');
  const serverTime = Number.isNaN(date) ? undefined : date;
  if (!envelope) return { message: '', data: json as T, serverTime };
  if (json.isOk !== true || typeof json.message !== 'string' || !('data' in json))
    throw new ApiError(response.status, 'The server sent an unexpected answer.');
  return { message: json.message, data: json.data as T, serverTime };
}

/** GET helper for query functions: returns only `data`. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const { data } = await apiRequest<T>(path, { signal });
  return data;
}

/**
 * Downloads a file the API answers (a PDF) and returns it with the name its
 * `content-disposition` gives, so a caller can show progress and the server's refusal instead of
 * letting the browser save an error envelope as the file.
 * @throws ApiError with the server's message when it refuses (any non-2xx answer)
 * @throws NetworkError when the request never got an answer
 */
export async function apiDownload(
  path: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
  if (!response.ok) {
    const json: unknown = await response.json().catch(() => undefined);
    if (isErrorResponse(json)) throw new ApiError(response.status, json.message, json.errors ?? {}, json);
    throw new ApiError(response.status, `The server answered ${response.status}.`);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download.pdf';
  return { blob: await response.blob(), fileName };
}
