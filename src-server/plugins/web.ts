import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/http-error';

const BACKOFFICE_PREFIXES = ['/admin', '/corporate'];

function isBackofficePath(path: string): boolean {
  return BACKOFFICE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * Serves the two built web entries from dist/web with the history fallback of ARCHITECTURE.md
 * ("Running"): backoffice.html for /admin/* and /corporate/*, index.html for every other page path,
 * files from DATA_DIR/uploads at /uploads/, and a JSON 404 for unknown /api paths.
 */
export async function registerWeb(app: FastifyInstance, options: { webDir: string; uploadsDir: string }) {
  const { webDir, uploadsDir } = options;
  const built = existsSync(join(webDir, 'index.html'));
  mkdirSync(uploadsDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });

  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      list: false,
      wildcard: true,
      dotfiles: 'deny',
      // The build writes .br and .gz beside each text file (vite.config.ts, precompress()).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // The answer depends on Accept-Encoding (a Brotli, gzip or plain copy): caches must know.
        res.setHeader('Vary', 'Accept-Encoding');
        // Vite's hashed assets never change; everything else is revalidated.
        if (path.startsWith(`${join(webDir, 'assets')}/`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
  }

  // The directory itself is not a file @fastify/static serves: the home page is index.html.
  if (built) {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDir),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send(notFound().toBody());
    }
    const lastSegment = path.split('/').pop() ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !lastSegment.includes('.');
    if (!isPage) return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    if (!built) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(
          'The web build is missing: run `npm run build` (or `npm start`, which builds what is missing).',
        );
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .sendFile(isBackofficePath(path) ? 'backoffice.html' : 'index.html', webDir);
  });
}
