import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api, ApiError, call, createApiClient, multipart, toApiError } from '../../src-shared/api/http';
import { ERROR_TEXTS, isErrorCode } from '../../src-shared/errors';
import { resources } from '../../src-shared/i18n/catalogs';
import { translateError, translateFieldErrors } from '../../src-shared/i18n/errors';

/** src-shared/api/http.ts: the one client of both web entries (openapi-fetch over schema.d.ts). */

type FetchMock = Mock<(request: Request) => Promise<Response>>;
let fetchMock: FetchMock;

function answer(status: number, body?: unknown, contentType = 'application/json') {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  fetchMock.mockResolvedValueOnce(new Response(text, { status, headers: { 'Content-Type': contentType } }));
}

/** The one request the client sent. */
function lastRequest(): Request {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  return fetchMock.mock.calls[0]![0];
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('call(api.METHOD(...))', () => {
  it('GETs the path with its query, cookies of the same origin and JSON, and returns the body', async () => {
    answer(200, { data: [], pagination: { page: 2, limit: 9, total: 0, totalPages: 1 } });
    const body = await call(api.GET('/api/ventures', { params: { query: { page: 2, riskLevel: 'low' } } }));
    expect(body).toEqual({ data: [], pagination: { page: 2, limit: 9, total: 0, totalPages: 1 } });
    const request = lastRequest();
    expect(request.method).toBe('GET');
    const url = new URL(request.url);
    expect(url.pathname).toBe('/api/ventures');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('riskLevel')).toBe('low');
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('Accept')).toBe('application/json');
  });

  it('fills in path parameters and sends a body as JSON with its content type', async () => {
    answer(200, { data: { _id: 'v-1' } });
    await call(api.GET('/api/ventures/id/{ventureId}', { params: { path: { ventureId: 'a b' } } }));
    expect(new URL(lastRequest().url).pathname).toBe('/api/ventures/id/a%20b');

    fetchMock.mockReset();
    answer(200, { message: 'Login successful!', user: {} });
    await call(api.POST('/api/auth/login', { body: { email: 'ada@example.com', password: 'x' } }));
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(await request.text())).toEqual({ email: 'ada@example.com', password: 'x' });
  });

  it('sends a FormData body as multipart/form-data with its boundary', async () => {
    answer(200, { message: 'ok' });
    const form = multipart({ documentType: 'passport', address: 'Main 1', documentBack: null });
    expect([...form.keys()]).toEqual(['documentType', 'address']);
    await call(
      api.POST('/api/kyc/session/{token}', { params: { path: { token: 't' } }, body: form as never }),
    );
    const request = lastRequest();
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const sent = await request.formData();
    expect(sent.get('documentType')).toBe('passport');
    expect(sent.get('address')).toBe('Main 1');
  });

  it('passes an AbortSignal on: aborting rejects with the AbortError itself', async () => {
    fetchMock.mockImplementationOnce(
      (request) =>
        new Promise((_, reject) => {
          request.signal.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();
    const pending = call(api.GET('/api/health', { signal: controller.signal }));
    controller.abort();
    const error = await pending.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('fails with one ApiError carrying the status, code, params, English message and field errors', async () => {
    const body = {
      message: 'Only €1,000.00 is left to fund in this venture.',
      code: 'investment.left_to_fund',
      params: { amount: 1000 },
      errors: { amount: 'Only €1,000.00 is left to fund in this venture.' },
      codes: { amount: 'investment.left_to_fund' },
    };
    answer(400, body);
    const error = await failure(
      call(api.POST('/api/investments', { body: { ventureId: 'v-1', amount: 2000 } })),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe('investment.left_to_fund');
    expect(isErrorCode(error.code)).toBe(true);
    expect(error.params).toEqual({ amount: 1000 });
    expect(error.message).toBe('Only €1,000.00 is left to fund in this venture.');
    expect(error.fieldErrors).toEqual({ amount: 'Only €1,000.00 is left to fund in this venture.' });
    expect(error.fieldCodes).toEqual({ amount: 'investment.left_to_fund' });
    expect(error.body).toEqual(body);
  });

  it('turns a 500 that is not JSON into common.server_error with the generic text', async () => {
    answer(500, '<html>Bad gateway</html>', 'text/html');
    const error = await failure(call(api.GET('/api/health')));
    expect(error.status).toBe(500);
    expect(error.code).toBe('common.server_error');
    expect(error.message).toBe('Something went wrong.');
    expect(error.fieldErrors).toBeUndefined();
  });

  it('says status 0, network.no_response, when no answer comes back', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(call(api.GET('/api/health')));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network.no_response');
    expect(error.message).toBe('No response from server. Please try again later.');
    expect(error.message).toBe(ERROR_TEXTS['network.no_response']);
  });

  it('talks to another origin with another fetch (tests against a running server)', async () => {
    const own = vi.fn(async (_request: Request) => new Response(JSON.stringify({ balance: 5 })));
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:4000', fetch: own });
    expect(await call(client.GET('/api/balances/my-balance'))).toEqual({ balance: 5 });
    expect(own.mock.calls[0]![0].url).toBe('http://127.0.0.1:4000/api/balances/my-balance');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('toApiError', () => {
  it('reads code, params, errors and codes, ignoring what is not text', () => {
    const error = toApiError(409, {
      message: 'A request with this Idempotency-Key is in progress.',
      code: 'idempotency.in_progress',
      errors: { amount: 'x', bad: 3 },
      codes: { amount: 'investment.below_minimum' },
    });
    expect(error.code).toBe('idempotency.in_progress');
    expect(error.fieldErrors).toEqual({ amount: 'x' });
    expect(error.fieldCodes).toEqual({ amount: 'investment.below_minimum' });
  });

  it('keeps an unknown code (a newer server) with its English message', () => {
    const error = toApiError(418, { message: 'Something new.', code: 'future.thing' });
    expect(error.code).toBe('future.thing');
    expect(isErrorCode(error.code)).toBe(false);
    expect(error.message).toBe('Something new.');
  });
});

describe('translating what the client threw', () => {
  const german = i18next.createInstance();
  void german.init({
    resources: { de: { errors: resources.de.errors }, en: { errors: resources.en.errors } },
    lng: 'de',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });

  it('shows a refused login in German by its code, not by its English text', async () => {
    answer(401, { message: 'Invalid email or password.', code: 'auth.invalid_credentials' });
    const error = await failure(
      call(api.POST('/api/auth/login', { body: { email: 'a@b.c', password: 'x' } })),
    );
    expect(translateError(german, error)).toBe(resources.de.errors.auth.invalid_credentials);
    expect(translateError(german, error)).not.toBe('Invalid email or password.');
  });

  it('formats money params for the language, in the message and per field', async () => {
    answer(400, {
      message: 'Minimum investment is €1,234.50',
      code: 'investment.below_minimum',
      params: { amount: 1234.5 },
      errors: { amount: 'Minimum investment is €1,234.50' },
      codes: { amount: 'investment.below_minimum' },
    });
    const error = await failure(call(api.POST('/api/investments', { body: { ventureId: 'v', amount: 1 } })));
    expect(translateError(german, error)).toBe('Die Mindestanlage beträgt 1.234,50\u00a0€');
    expect(translateFieldErrors(german, error)).toEqual({
      amount: 'Die Mindestanlage beträgt 1.234,50\u00a0€',
    });
  });

  it('shows no answer as network.no_response in German', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(call(api.GET('/api/health')));
    expect(translateError(german, error)).toBe(
      'Keine Antwort vom Server. Bitte versuchen Sie es später erneut.',
    );
  });
});
