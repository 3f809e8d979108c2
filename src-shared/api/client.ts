/**
 * The shared fetch client of both web entries: same-origin `/api` base, cookies, JSON, and one way
 * of turning a failure into a message (the server's `message`, else the caller's fallback text).
 */
export const API_BASE = '/api';

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  /** HTTP status; 0 when no answer came back (network failure, server down), -1 when the request
   * could not even be built. */
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: FieldErrors | undefined;
  /** True when the server sent a `message` of its own (rather than us falling back). */
  readonly fromServer: boolean;

  constructor(message: string, status: number, body: unknown, fromServer: boolean) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fromServer = fromServer;
    const errors = (body as { errors?: unknown } | null)?.errors;
    this.fieldErrors = errors && typeof errors === 'object' ? (errors as FieldErrors) : undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Shown when the server answered with an error but no message of its own. */
  fallbackMessage?: string;
  /** Shown when no answer came back at all (spec 8: 'No response from server. Please try again later.'). */
  noResponseMessage?: string;
}

export const DEFAULT_FALLBACK = 'Something went wrong.';
export const NO_RESPONSE_MESSAGE = 'No response from server. Please try again later.';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again later.';

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = path.startsWith('/api') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, headers = {}, signal } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  // Building the request can fail on its own (a body that is not serialisable, a bad URL): that is
  // the spec's 'Network error' case, not a missing answer, so it happens before the call.
  let url: string;
  let init: RequestInit;
  try {
    url = buildUrl(path, query);
    init = {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    };
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, -1, null, false);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(options.noResponseMessage ?? NO_RESPONSE_MESSAGE, 0, null, false);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const serverMessage = (data as { message?: unknown } | null)?.message;
    const hasMessage = typeof serverMessage === 'string' && serverMessage.length > 0;
    throw new ApiError(
      hasMessage ? serverMessage : (options.fallbackMessage ?? DEFAULT_FALLBACK),
      response.status,
      data,
      hasMessage,
    );
  }
  return data as T;
}

/** The message to show for a failed call: the server's own text, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.fromServer || error.status <= 0 ? error.message : fallback;
  return fallback;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
