import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOME_HERO_POSTER } from '../../src-shared/constants/media';
import {
  CARD_IMAGE_SIZES,
  DETAIL_IMAGE_SIZES,
  imageVariantSrcSet,
  parseImageVariantName,
} from '../../src-shared/images/variants';
import { notFound } from '../lib/http-error';
import { makeMissingVariant } from '../lib/image-variants';
import { checkKey, PUBLIC_UPLOADS, type FileStorage } from '../lib/storage';
import { sendStored } from '../lib/storage/serve';
import { ssrPages } from './ssr';

/** Uploaded files never change: every name is new (a UUID, or a seeded name in a new venture's folder). */
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';
/** A page is a couple of KiB: Brotli's quality 5 takes well under a millisecond. */
const BROTLI_FAST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const BACKOFFICE_PREFIXES = ['/admin', '/corporate'];

function isBackofficePath(path: string): boolean {
  return BACKOFFICE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * Serves the two built web entries from dist/web with the history fallback of ARCHITECTURE.md
 * ("Running"): backoffice.html for /admin/* and /corporate/*, index.html for every other page path,
 * the stored uploads (lib/storage: DATA_DIR/uploads or a bucket) at /uploads/, and a JSON 404 for unknown /api paths.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: {
    webDir: string;
    /** Where the uploads are (`uploads/…` keys are served at `/uploads/…`). */
    storage: FileStorage;
    /** S3_PUBLIC_BASE_URL: /uploads/{rest} redirects to `{base}/uploads/{rest}` (a CDN). */
    publicBaseUrl?: string;
    /** The first picture of a venture anyone may see, or null (for the venture page's preload). */
    ventureCover?: (id: string) => Promise<string | null>;
    /** The first picture of the public list's first venture (default filters and order), or null. */
    firstListedCover?: () => Promise<string | null>;
  },
) {
  const { webDir, storage } = options;
  const built = existsSync(join(webDir, 'index.html'));

  // Only keys under uploads/ (lib/storage refuses `..`, hidden names and empty segments): the
  // private files beside them are never reachable from here.
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, (request, reply) => {
    const key = `${PUBLIC_UPLOADS}${request.params['*']}`;
    if (options.publicBaseUrl)
      return redirectToPublic(request.url.split('?')[0]!, key, options.publicBaseUrl, storage, reply);
    return sendStored(request, reply, storage, key, {
      cacheControl: UPLOAD_CACHE,
      notFound: () => reply.callNotFound(),
    });
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

  // index.html with one more line in its head, sent with no-cache, an ETag, and Brotli when the
  // browser takes it (@fastify/static's compressed copies are of the file as built).
  const indexHtml = built ? readFileSync(join(webDir, 'index.html'), 'utf8') : '';
  /** The page with `headLine`, its ETag and its Brotli bytes (made once for a fixed line). */
  const pageWith = (headLine: string, rendered?: string) => {
    const html = rendered ?? indexHtml.replace('</head>', `  ${headLine}\n  </head>`);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
    let br: Buffer | undefined;
    // A page rendered on the server depends on the language and login cookies and the User-Agent.
    const vary = rendered === undefined ? 'Accept-Encoding' : 'Accept-Encoding, Cookie, User-Agent';
    return { html, etag, vary, brotli: () => (br ??= brotliCompressSync(html, BROTLI_FAST)) };
  };
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: ReturnType<typeof pageWith>) => {
    reply.header('Cache-Control', 'no-cache').header('Vary', page.vary).header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    reply.type('text/html; charset=utf-8');
    if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('Content-Encoding', 'br').send(page.brotli());
    }
    return reply.send(page.html);
  };
  // The public pages rendered on the server when their render is built (plugins/ssr.ts), else the shell.
  const ssr = built ? ssrPages(app, webDir) : undefined;
  const sendIndexWith = async (request: FastifyRequest, reply: FastifyReply, headLine: string) => {
    const rendered = await ssr?.render(request, indexHtml, headLine);
    return sendPage(request, reply, pageWith(headLine, rendered ?? undefined));
  };

  // The directory itself is not a file @fastify/static serves: the home page is index.html, with
  // the hero's poster (its largest picture) preloaded, so it loads beside the scripts, not after.
  if (built) {
    const homeHead = `<link rel="preload" as="image" href="${HOME_HERO_POSTER}" fetchpriority="high" />`;
    const home = pageWith(homeHead);
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const rendered = await ssr?.render(request, indexHtml, homeHead);
      return sendPage(request, reply, rendered ? pageWith(homeHead, rendered) : home);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send(notFound().toBody());
    }
    if (request.method === 'GET' && path.startsWith('/uploads/ventures/')) {
      // A WebP copy of a picture stored before copies were made: made now, kept for next time.
      const variant = await makeMissingVariant(storage, path);
      if (variant) return reply.header('Cache-Control', UPLOAD_CACHE).type('image/webp').send(variant);
    }
    const lastSegment = path.split('/').pop() ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !lastSegment.includes('.');
    if (!isPage) return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    // A venture page's largest picture is its cover, found only once the scripts and the venture
    // have loaded: the page names it in a preload (the WebP copy the browser will pick).
    // The same for the list's first card (the list as it opens, without filters in the URL).
    const venture = /^\/ventures\/([0-9a-f-]{36})$/i.exec(path);
    const cover =
      !built || request.method !== 'GET'
        ? null
        : venture && options.ventureCover
          ? { src: await options.ventureCover(venture[1]!).catch(() => null), sizes: DETAIL_IMAGE_SIZES }
          : request.url === '/ventures' && options.firstListedCover
            ? { src: await options.firstListedCover().catch(() => null), sizes: CARD_IMAGE_SIZES }
            : null;
    const srcSet = cover?.src ? imageVariantSrcSet(cover.src) : undefined;
    if (cover?.src && srcSet) {
      const preload =
        `<link rel="preload" as="image" href="${attr(cover.src)}" imagesrcset="${attr(srcSet)}" ` +
        `imagesizes="${cover.sizes}" type="image/webp" fetchpriority="high" />`;
      return sendIndexWith(request, reply, preload);
    }
    if (!built) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(
          'The web build is missing: run `npm run build` (or `npm start`, which builds what is missing).',
        );
    }
    if (ssr && !isBackofficePath(path)) return sendIndexWith(request, reply, '');
    return reply
      .header('Cache-Control', 'no-cache')
      .sendFile(isBackofficePath(path) ? 'backoffice.html' : 'index.html', webDir);
  });
}

/**
 * With S3_PUBLIC_BASE_URL the bytes come from the CDN: a permanent redirect, cached for a year as the
 * files are (every name is new). A WebP copy that is not in the bucket yet is made first, so that the
 * CDN finds it (decision 0174).
 */
async function redirectToPublic(
  urlPath: string,
  key: string,
  base: string,
  storage: FileStorage,
  reply: FastifyReply,
) {
  try {
    checkKey(key);
  } catch {
    return reply.callNotFound();
  }
  if (parseImageVariantName(key.split('/').pop()!) && !(await storage.head(key))) {
    if (!(await makeMissingVariant(storage, urlPath))) return reply.callNotFound();
  }
  return reply
    .header('Cache-Control', UPLOAD_CACHE)
    .redirect(`${base}/${key.split('/').map(encodeURIComponent).join('/')}`, 301);
}
