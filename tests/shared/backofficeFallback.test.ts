import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { backofficeFallback, backofficeFallbackUrl } from '../../vite.config';

const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('backofficeFallbackUrl (vite dev and preview)', () => {
  it.each([
    '/admin',
    '/admin/',
    '/admin/users/1',
    '/admin/users/1?tab=2',
    '/corporate',
    '/corporate/ventures/x/show',
  ])('sends the navigation to %s to /backoffice.html', (url) => {
    expect(backofficeFallbackUrl(url, { accept: HTML_ACCEPT })).toBe('/backoffice.html');
    expect(backofficeFallbackUrl(url)).toBe('/backoffice.html');
  });

  it.each([
    '/',
    '/ventures',
    '/administrator',
    '/corporates',
    '/admin.js',
    '/admin/logo.svg',
    '/src-backoffice/main.tsx',
    '/api/x',
    '/api/admin',
    '/@vite/client',
    '/uploads/admin/x.png',
  ])('leaves %s alone', (url) => {
    expect(backofficeFallbackUrl(url, { accept: HTML_ACCEPT })).toBeUndefined();
  });

  it('leaves non-page requests to /admin alone', () => {
    expect(backofficeFallbackUrl('/admin', { method: 'POST', accept: HTML_ACCEPT })).toBeUndefined();
    expect(backofficeFallbackUrl('/admin', { accept: 'application/json' })).toBeUndefined();
    expect(backofficeFallbackUrl('/admin', { method: 'HEAD', accept: HTML_ACCEPT })).toBe('/backoffice.html');
    expect(backofficeFallbackUrl('/admin', { accept: '*/*' })).toBe('/backoffice.html');
  });
});

describe('backofficeFallback plugin', () => {
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

  function middlewareOf(hook: 'configureServer' | 'configurePreviewServer'): Middleware {
    const used: Middleware[] = [];
    const server = { middlewares: { use: (fn: Middleware) => used.push(fn) } };
    const plugin = backofficeFallback();
    const handler = plugin[hook];
    if (typeof handler !== 'function') throw new Error(`${hook} is not a function`);
    // Only `middlewares.use` is touched; the rest of the server object is irrelevant here.
    const post = (handler as (server: unknown) => unknown)(server);
    expect(post).toBeUndefined(); // a post hook would run after Vite's own html fallback
    expect(used).toHaveLength(1);
    return used[0] as Middleware;
  }

  for (const hook of ['configureServer', 'configurePreviewServer'] as const) {
    it(`${hook} rewrites /admin/users/1 and passes /ventures through`, () => {
      const middleware = middlewareOf(hook);
      const call = (url: string) => {
        const req = { url, method: 'GET', headers: { accept: HTML_ACCEPT } } as IncomingMessage;
        let nextCalls = 0;
        middleware(req, {} as ServerResponse, () => (nextCalls += 1));
        return { url: req.url, nextCalls };
      };
      expect(call('/admin/users/1')).toEqual({ url: '/backoffice.html', nextCalls: 1 });
      expect(call('/ventures')).toEqual({ url: '/ventures', nextCalls: 1 });
    });
  }
});
