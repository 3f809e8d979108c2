import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  api,
  ApiError,
  apiRequest,
  buildUrl,
  DEFAULT_FALLBACK,
  errorMessage,
  NETWORK_ERROR_MESSAGE,
  NO_RESPONSE_MESSAGE,
} from '../../src-shared/api/client';

type FetchMock = Mock<(input: string, init: RequestInit) => Promise<Response>>;
let fetchMock: FetchMock;

function answer(status: number, body?: unknown, contentType = 'application/json') {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  fetchMock.mockResolvedValueOnce(new Response(text, { status, headers: { 'Content-Type': contentType } }));
}

/** The one call the client made: its URL and init. */
function lastCall(): { url: string; init: RequestInit } {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url: url as string, init: init as RequestInit };
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

describe('the spec texts', () => {
  it('are word for word', () => {
    expect(NO_RESPONSE_MESSAGE).toBe('No response from server. Please try again later.');
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error. Please try again later.');
    expect(DEFAULT_FALLBACK).toBe('Something went wrong.');
  });
});

describe('buildUrl', () => {
  it('puts paths under /api once', () => {
    expect(buildUrl('/ventures')).toBe('/api/ventures');
    expect(buildUrl('ventures')).toBe('/api/ventures');
    expect(buildUrl('/api/ventures')).toBe('/api/ventures');
  });

  it('adds the query without empty values', () => {
    expect(
      buildUrl('/ventures', {
        page: 2,
        search: 'solar farm',
        empty: '',
        none: null,
        unset: undefined,
        open: false,
      }),
    ).toBe('/api/ventures?page=2&search=solar+farm&open=false');
    expect(buildUrl('/ventures', { empty: '', none: null })).toBe('/api/ventures');
    expect(buildUrl('/ventures', {})).toBe('/api/ventures');
  });
});

describe('apiRequest', () => {
  it('GETs with cookies and JSON, and returns the parsed body', async () => {
    answer(200, { data: [{ _id: 'abc' }] });
    await expect(api.get('/ventures', { query: { page: 1 } })).resolves.toEqual({ data: [{ _id: 'abc' }] });
    const { url, init } = lastCall();
    expect(url).toBe('/api/ventures?page=1');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ Accept: 'application/json' });
    expect(init.body).toBeUndefined();
  });

  it('sends a body as JSON with its content type', async () => {
    answer(200, { message: 'Login successful!' });
    await api.post('/auth/login', { email: 'ada@example.com', password: 'secret' });
    const { url, init } = lastCall();
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"email":"ada@example.com","password":"secret"}');
  });

  it('uses the method of each helper', async () => {
    for (const [call, method] of [
      [() => api.put('/x', { a: 1 }), 'PUT'],
      [() => api.patch('/x', { a: 1 }), 'PATCH'],
      [() => api.delete('/x'), 'DELETE'],
    ] as const) {
      fetchMock.mockReset();
      answer(200, {});
      await call();
      expect(lastCall().init.method).toBe(method);
    }
    expect(lastCall().init.body).toBeUndefined();
  });

  it('sends FormData as it is, leaving the multipart content type to fetch', async () => {
    answer(200, {});
    const form = new FormData();
    form.set('documentType', 'id_card');
    await api.post('/kyc/upload', form);
    const { init } = lastCall();
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ Accept: 'application/json' });
  });

  it('lets the caller add or replace headers and pass a signal', async () => {
    answer(200, {});
    const controller = new AbortController();
    await api.post(
      '/x',
      { a: 1 },
      { headers: { 'X-Test': '1', Accept: 'text/plain' }, signal: controller.signal },
    );
    const { init } = lastCall();
    expect(init.headers).toEqual({ Accept: 'text/plain', 'Content-Type': 'application/json', 'X-Test': '1' });
    expect(init.signal).toBe(controller.signal);
  });

  it('returns null for an empty body and the text for a body that is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.delete('/x')).resolves.toBeNull();
    answer(200, 'plain words', 'text/plain');
    await expect(api.get('/x')).resolves.toBe('plain words');
  });

  it("fails with the server's message, status, body and field errors", async () => {
    const body = { message: 'Invalid input.', errors: { email: 'Email is required.' } };
    answer(400, body);
    const error = await failure(api.post('/auth/register', {}, { fallbackMessage: 'Registration failed.' }));
    expect(error.message).toBe('Invalid input.');
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(400);
    expect(error.fromServer).toBe(true);
    expect(error.body).toEqual(body);
    expect(error.fieldErrors).toEqual({ email: 'Email is required.' });
  });

  it.each([
    ['no message', {}],
    ['an empty message', { message: '' }],
    ['a message that is not text', { message: 42 }],
    ['a JSON null', null],
  ])('falls back to the caller text when the error has %s', async (_name, body) => {
    answer(500, body);
    const error = await failure(api.get('/x', { fallbackMessage: 'Failed to load ventures.' }));
    expect(error.message).toBe('Failed to load ventures.');
    expect(error.status).toBe(500);
    expect(error.fromServer).toBe(false);
    expect(error.fieldErrors).toBeUndefined();
  });

  it("falls back to 'Something went wrong.' without a caller text", async () => {
    answer(502, '<html>Bad Gateway</html>', 'text/html');
    const error = await failure(api.get('/x'));
    expect(error.message).toBe('Something went wrong.');
    expect(error.status).toBe(502);
    expect(error.body).toBe('<html>Bad Gateway</html>');
    expect(error.fromServer).toBe(false);
  });

  it("says 'No response from server. Please try again later.' when fetch itself fails", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/x', { fallbackMessage: 'Failed.' }));
    expect(error.message).toBe('No response from server. Please try again later.');
    expect(error.status).toBe(0);
    expect(error.body).toBeNull();
    expect(error.fromServer).toBe(false);
  });

  it("uses the caller's no-response text when given", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/x', { noResponseMessage: 'Keine Antwort.' }));
    expect(error.message).toBe('Keine Antwort.');
    expect(error.status).toBe(0);
  });

  it('lets an abort through as it is', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValueOnce(abort);
    await expect(api.get('/x')).rejects.toBe(abort);
  });

  it("says 'Network error. Please try again later.' when the request cannot be built, without calling fetch", async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    for (const body of [circular, { amount: 10n }]) {
      const error = await failure(apiRequest('/x', { method: 'POST', body, noResponseMessage: 'unused' }));
      expect(error.message).toBe('Network error. Please try again later.');
      expect(error.status).toBe(-1);
      expect(error.fromServer).toBe(false);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('errorMessage', () => {
  it("shows the server's own text", () => {
    expect(errorMessage(new ApiError('Email is already registered.', 409, {}, true), 'Failed.')).toBe(
      'Email is already registered.',
    );
  });

  it('shows the no-response and network texts, which are not server texts', () => {
    expect(errorMessage(new ApiError(NO_RESPONSE_MESSAGE, 0, null, false), 'Failed.')).toBe(
      'No response from server. Please try again later.',
    );
    expect(errorMessage(new ApiError(NETWORK_ERROR_MESSAGE, -1, null, false), 'Failed.')).toBe(
      'Network error. Please try again later.',
    );
  });

  it("shows the fallback for an error the server did not word, or one that is not the client's", () => {
    expect(errorMessage(new ApiError('Something went wrong.', 500, {}, false), 'Failed to save.')).toBe(
      'Failed to save.',
    );
    expect(errorMessage(new Error('boom'), 'Failed to save.')).toBe('Failed to save.');
    expect(errorMessage('boom', 'Failed to save.')).toBe('Failed to save.');
  });
});
