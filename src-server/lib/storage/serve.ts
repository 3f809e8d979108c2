/**
 * Serves stored files over HTTP the way @fastify/static served DATA_DIR/uploads before (issue 29):
 * the same paths, an ETag (304 on If-None-Match), Last-Modified, and single byte ranges (206, 416),
 * streamed from the storage whichever driver holds them.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  StorageKeyError,
  StorageNotFoundError,
  StorageRangeError,
  type FileStorage,
  type ObjectInfo,
  type StoredObject,
} from './types';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size` bytes; null for anything else (then
 * the whole file is sent, as RFC 9110 allows), 'unsatisfiable' when it starts past the end. */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const matchesEtag = (header: string, etag: string) => {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
};

/** Answers `key` from `storage`; calls `notFound` when it is not there or the key is refused. */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  options: { cacheControl: string; notFound: () => unknown },
) {
  const ifNoneMatch = request.headers['if-none-match'];
  const rangeHeader = request.method === 'GET' ? request.headers.range : undefined;
  let info: ObjectInfo | null = null;
  let object: StoredObject | undefined;
  try {
    // One request to the store for a plain GET; a HEAD first when the answer depends on the file.
    if (request.method === 'GET' && !ifNoneMatch && !rangeHeader) object = await storage.get(key);
    else info = await storage.head(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError || error instanceof StorageKeyError) return options.notFound();
    throw error;
  }
  const about = object ?? info;
  if (!about) return options.notFound();

  reply
    .header('Cache-Control', options.cacheControl)
    .header('ETag', about.etag)
    .header('Accept-Ranges', 'bytes')
    .type(contentTypeOf(key));
  if (about.lastModified) reply.header('Last-Modified', about.lastModified.toUTCString());
  if (ifNoneMatch && matchesEtag(ifNoneMatch, about.etag)) return reply.status(304).send();
  // An empty stream: Fastify's HEAD route keeps the Content-Length of a stream (of no body: 0).
  if (request.method === 'HEAD') return reply.header('Content-Length', about.size).send(Readable.from([]));

  if (!object && rangeHeader) {
    const ifRange = request.headers['if-range'];
    const range = !ifRange || ifRange === about.etag ? parseRange(rangeHeader, about.size) : null;
    if (range === 'unsatisfiable')
      return reply.status(416).header('Content-Range', `bytes */${about.size}`).send();
    if (range) {
      try {
        object = await storage.getRange(key, range.start, range.end);
      } catch (error) {
        if (error instanceof StorageNotFoundError) return options.notFound();
        if (error instanceof StorageRangeError)
          return reply.status(416).header('Content-Range', `bytes */${error.size}`).send();
        throw error;
      }
      const end = range.start + object.size - 1;
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${end}/${object.totalSize}`)
        .header('Content-Length', object.size)
        .send(object.body);
    }
  }
  try {
    object ??= await storage.get(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) return options.notFound();
    throw error;
  }
  return reply.header('Content-Length', object.size).send(object.body);
}
