import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src-shared/api/http';
import { xhrFetch } from '../../src-backoffice/providers/xhrFetch';

/** An XMLHttpRequest that records what was sent and lets the test play the upload and the answer. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nidempotent-replayed: true\r\n';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

const sent = () =>
  new Promise<FakeXhr>((resolve) => {
    const wait = () => (FakeXhr.last?.body !== undefined ? resolve(FakeXhr.last) : setTimeout(wait, 1));
    wait();
  });

describe('xhrFetch: an upload that reports its progress', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.last = undefined as unknown as FakeXhr;
  });

  it('sends the request as built (method, url, headers, multipart body) and reports the progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const form = new FormData();
    form.append('amount', '12.5');
    const request = new Request('http://backoffice.test/api/balances/add-balance/u1', {
      method: 'POST',
      body: form,
      headers: { 'Idempotency-Key': 'k1' },
    });
    const answer = xhrFetch((f) => progress.push(f))(request);
    const xhr = await sent();
    expect([xhr.method, xhr.url]).toEqual(['POST', 'http://backoffice.test/api/balances/add-balance/u1']);
    expect(xhr.headers['idempotency-key']).toBe('k1');
    expect(xhr.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(await (xhr.body as Blob).text()).toContain('12.5');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 } as ProgressEvent);
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 60, total: 0 } as ProgressEvent);
    xhr.upload.onload?.();
    xhr.status = 200;
    // The blob a browser's XMLHttpRequest gives (Node's, which Node's Response reads; jsdom's it cannot).
    xhr.response = new NodeBlob([JSON.stringify({ balance: 10 })], { type: 'application/json' });
    xhr.onload?.();
    const response = await answer;
    expect(progress).toEqual([0.25, 1]);
    expect(response.status).toBe(200);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(await response.json()).toEqual({ balance: 10 });
  });

  it('no answer at all is the client’s network error', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answer = xhrFetch(() => undefined)(
      new Request('http://backoffice.test/x', { method: 'POST', body: 'a' }),
    );
    (await sent()).onerror?.();
    await expect(answer).rejects.toBeInstanceOf(ApiError);
    await expect(answer).rejects.toMatchObject({ status: 0, code: 'network.no_response' });
  });
});
