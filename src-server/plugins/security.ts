import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { HttpError } from '../lib/http-error';
import { SESSION_COOKIE } from '../lib/sessions';

/** The policy the built pages run under: no inline scripts, nothing from other origins. */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  // MUI (emotion) injects <style> elements at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The API's answers that anyone may read and that carry nothing personal when read by a visitor: the
 * public catalogue, a public venture, the statistics, the health check and a published KIIS (which
 * sets its own Cache-Control). Every other /api answer gets `Cache-Control: no-store` (issue 26,
 * finding 7; decision 0115), and so do these when the caller is signed in (an owner's or an admin's
 * venture has private fields).
 */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  '/api/ventures',
  '/api/ventures/id/:ventureId',
  '/api/ventures/:ventureId/kiis',
  '/api/statistics',
  '/api/health',
]);

/** True when an /api answer to this request may be kept by a cache (see PUBLIC_API_ROUTES). */
export function mayCacheApiAnswer(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  // The OpenAPI viewer and document describe the API, never a person.
  if (route === '/api/docs' || route.startsWith('/api/docs/')) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return PUBLIC_API_ROUTES.has(route) && !request.cookies?.[SESSION_COOKIE];
}

/** Security headers, and the contract's cross-site protection ("Sessions and cookies"). */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicOrigin: string; https: boolean; imageOrigins?: readonly string[] },
): Promise<void> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        // The CDN of S3_PUBLIC_BASE_URL that /uploads/ redirects to (decision 0174).
        'img-src': [...CONTENT_SECURITY_POLICY['img-src'], ...(options.imageOrigins ?? [])],
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });

  // Personal and admin answers are never kept by a browser's or a proxy's cache (finding 7): every
  // /api answer but the public ones, errors included; a route that set its own Cache-Control (a KIIS
  // PDF, a proof download) keeps it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url;
    if (
      (path === '/api' || path.startsWith('/api/') || path.startsWith('/api?')) &&
      !reply.hasHeader('cache-control')
    ) {
      if (!mayCacheApiAnswer(request)) void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  // Bodies are JSON or multipart (contract, "General rules"). Fastify also parses text/plain, the
  // one body type besides forms that another site's page can send without a preflight (a form with
  // enctype="text/plain" can spell a JSON object): it answers 415 like every other type, so that
  // such a form is refused even by a browser that sends neither Origin nor Sec-Fetch-Site.
  app.removeContentTypeParser('text/plain');

  // An unsafe request sent by a browser from another site answers 403. Requests without these
  // headers (non-browser clients) are allowed: cookies alone never authorise a cross-site write.
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const siteOk = site === undefined || site === 'same-origin' || site === 'none';
    const originOk = origin === undefined || origin === options.publicOrigin || origin === ownOrigin;
    if (!siteOk || !originOk) {
      return reply.status(403).send(new HttpError(403, 'common.cross_site').toBody());
    }
  });
}

/**
 * Helmet's headers for these options, worked out once: they do not depend on the request (no CSP
 * nonces), so every answer gets the same set (@fastify/helmet built Helmet's middleware again on
 * every request, about 40 microseconds each, and parsed the policy each time).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
