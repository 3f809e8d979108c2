/**
 * The one HTTP client of both web entries: openapi-fetch over the generated `schema.d.ts`, so a call
 * to a path, method, query or body that the server does not serve fails `tsc`.
 *
 *   const { data } = await call(api.GET('/api/ventures/id/{ventureId}', { params: { path: { ventureId } } }));
 *
 * Same-origin cookies, JSON bodies, FormData bodies sent as multipart (the browser sets the
 * boundary), `signal` for aborting. `call` returns the answer's body or throws one `ApiError` that
 * carries the status, the stable `code` (src-shared/errors.ts), its `params`, the English `message`
 * and the per-field `fieldErrors` / `fieldCodes`.
 */
import createClient, { type Client } from 'openapi-fetch';
import { FALLBACK_ERROR_TEXTS } from '../errorFallbacks';
// Types only: the code table stays out of every page that never shows an error (decision 0216).
import type { ErrorParams } from '../errors';
import type { paths } from './schema';

export type { paths };
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Origin of the API ('' in a browser page: its own origin). */
  baseUrl?: string;
  /** The fetch to use (tests pass one that carries a session cookie); looked up per call by default. */
  fetch?: (request: Request) => Promise<Response>;
}

function defaultBaseUrl(): string {
  // openapi-fetch builds a Request, which needs an absolute URL outside a browser page (jsdom, Node).
  return typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null'
    ? window.location.origin
    : 'http://localhost';
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  return createClient<paths>({
    baseUrl: options.baseUrl ?? defaultBaseUrl(),
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    fetch: async (request) => {
      try {
        return await fetchImpl(request);
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        throw new ApiError({
          status: 0,
          code: 'network.no_response',
          message: FALLBACK_ERROR_TEXTS['network.no_response'],
        });
      }
    },
  });
}

/** The client of the page (both entries share it). */
export const api: ApiClient = createApiClient();

export type FieldErrors = Record<string, string>;

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  params?: ErrorParams;
  fieldErrors?: FieldErrors;
  fieldCodes?: Record<string, string>;
  body?: unknown;
}

/** A failed call: status 0 when no answer came back (network failure, server down). */
export class ApiError extends Error {
  readonly status: number;
  /** A code of src-shared/errors.ts, or `common.server_error` when the answer had none. */
  readonly code: string;
  readonly params: ErrorParams | undefined;
  readonly fieldErrors: FieldErrors | undefined;
  readonly fieldCodes: Record<string, string> | undefined;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.params = init.params;
    this.fieldErrors = init.fieldErrors;
    this.fieldCodes = init.fieldCodes;
    this.body = init.body;
  }
}

function record(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item;
  return out;
}

/** Turns an error answer's body into an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  const data = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const message =
    typeof data.message === 'string' && data.message
      ? data.message
      : FALLBACK_ERROR_TEXTS['common.server_error'];
  const code = typeof data.code === 'string' && data.code ? data.code : 'common.server_error';
  const params = data.params && typeof data.params === 'object' ? (data.params as ErrorParams) : undefined;
  return new ApiError({
    status,
    code,
    message,
    params,
    fieldErrors: record(data.errors),
    fieldCodes: record(data.codes),
    body,
  });
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a successful answer, or an ApiError. */
export async function call<T>(pending: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok || error !== undefined) throw toApiError(response.status, error);
  return data as T;
}

/** A FormData body for a multipart route (openapi-fetch passes FormData through as it is). */
export function multipart(fields: Record<string, string | Blob | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(name, value);
  }
  return form;
}
