import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HOME_HERO_POSTER } from '../../src-shared/constants/media';
import { notFound } from '../lib/http-error';
import { makeMissingVariant } from '../modules/ventures/images';

/** Uploaded files never change: every name is new (a UUID, or a seeded name in a new venture's folder). */
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';

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
      res.setHeader('Cache-Control', UPLOAD_CACHE);
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

  // The directory itself is not a file @fastify/static serves: the home page is index.html, with
  // the hero's poster (its largest picture) preloaded, so it loads beside the scripts, not after.
  if (built) {
    const html = readFileSync(join(webDir, 'index.html'), 'utf8').replace(
      '</head>',
      `  <link rel="preload" as="image" href="${HOME_HERO_POSTER}" fetchpriority="high" />\n  </head>`,
    );
    const brotli = brotliCompressSync(html);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
    app.get('/', { schema: { hide: true } }, (request, reply) => {
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      reply.type('text/html; charset=utf-8');
      if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('Content-Encoding', 'br').send(brotli);
      }
      return reply.send(html);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send(notFound().toBody());
    }
    if (request.method === 'GET' && path.startsWith('/uploads/ventures/')) {
      // A WebP copy of a picture stored before copies were made: made now, kept for next time.
      const variant = await makeMissingVariant(uploadsDir, path);
      if (variant) return reply.header('Cache-Control', UPLOAD_CACHE).type('image/webp').send(variant);
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
