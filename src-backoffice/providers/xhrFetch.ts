/**
 * A `fetch` for one upload that reports its progress. `fetch` cannot: a request body sent as a
 * stream (the only way to count the bytes going out) needs HTTP/2 and `duplex: 'half'`, which
 * Firefox and Safari do not support, while XMLHttpRequest's `upload.onprogress` works everywhere.
 * It is passed to the typed client per call (`client.POST(path, { fetch: xhrFetch(onProgress) })`),
 * so the path, the body and the answer stay typed by the API's schema.
 */
import { ApiError } from '../../src-shared/api/http';
import { ERROR_TEXTS } from '../../src-shared/errors';

/** How much of the body went out, from 0 to 1. */
export type UploadProgress = (fraction: number) => void;

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function xhrFetch(onProgress: UploadProgress) {
  return async (request: Request): Promise<Response> => {
    // The multipart body as openapi-fetch built it, with its boundary in the Content-Type.
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      // Same origin: the session cookie goes with it.
      xhr.withCredentials = request.credentials === 'include';
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
      xhr.upload.onload = () => onProgress(1);
      xhr.onload = () =>
        resolve(
          new Response(xhr.status === 204 ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr.getAllResponseHeaders()),
          }),
        );
      const noAnswer = () =>
        reject(
          new ApiError({
            status: 0,
            code: 'network.no_response',
            message: ERROR_TEXTS['network.no_response'],
          }),
        );
      xhr.onerror = noAnswer;
      xhr.ontimeout = noAnswer;
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}
