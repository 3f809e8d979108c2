/**
 * Multipart routes read their parts themselves (`request.parts()`: streamed, size-limited), so
 * Fastify must not validate `request.body`. Their form fields are still described in the OpenAPI
 * document: a route puts a zod object in `schema.multipart`, and `openApiTransform` (used by
 * @fastify/swagger in app.ts) turns it into a `multipart/form-data` requestBody. Fastify itself
 * ignores the `multipart` key. Files are `fileField(...)` (`format: binary`, typed `Blob` in
 * src-shared/api/schema.d.ts).
 */
import type { FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorCode } from '../../src-shared/errors';
import { HttpError } from './http-error';

declare module 'fastify' {
  interface FastifySchema {
    /** A multipart route's form fields, for the OpenAPI document only (never validated by Fastify). */
    multipart?: z.ZodObject;
  }
}

/** A file part of a multipart form. */
export const fileField = (description: string) => z.file().describe(description);

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** `jsonSchemaTransform`, plus each route's `schema.multipart` as its multipart/form-data body. */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { multipart, ...schema } = (input.schema ?? {}) as Record<string, unknown> & {
    multipart?: z.ZodObject;
  };
  if (!multipart) return jsonSchemaTransform(input);
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, body: multipart, consumes: ['multipart/form-data'] },
  } as TransformInput);
}

/** One file of a multipart form, read whole (within the route's size limit). */
export interface FormFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface ReadFormOptions {
  /** Busboy's limits for this route: bytes a file, files, text fields. */
  limits: { fileSize: number; files: number; fields?: number };
  /** The file fields the form takes; a file under any other name is refused (400). */
  fileFields: readonly string[];
  /** The code of a request that is not multipart/form-data (415). */
  notMultipart: ErrorCode;
  /** The code of a file over `limits.fileSize` (413). */
  fileTooLarge: ErrorCode;
}

/**
 * Reads a multipart form: its text fields (`fields`: the last value of each name; `lists`: every value
 * of each name, in order, for a field sent repeatedly; a field named `__proto__` is refused by
 * @fastify/multipart) and its files. Every refusal is a 4xx with the contract's shape:
 * not multipart 415; a file over the limit, too many files or fields 413; a file under a name the
 * form does not take, an empty file and a malformed body (no boundary, a broken part header, a body
 * that ends inside a part) 400. A file part with neither a name nor bytes is what a browser sends for
 * a file input left empty: it is skipped.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: ReadFormOptions,
): Promise<{ fields: Record<string, string>; lists: Record<string, string[]>; files: FormFile[] }> {
  if (!request.isMultipart()) throw new HttpError(415, options.notMultipart);
  const { closed, seen } = watchForCloseDelimiter(request);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const lists: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const files: FormFile[] = [];
  // A refusal found in a part is thrown once the body has been read to its end, so that a client
  // still sending gets the answer rather than a reset connection.
  let refusal: HttpError | undefined;
  const parts = request.parts({ limits: options.limits });
  try {
    for (;;) {
      // Not `for await`: leaving that loop on an error would close the iterator (see the catch).
      const { value: part, done } = await unlessStalled(parts.next(), request, seen);
      if (done) break;
      if (part.type !== 'file') {
        if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
          (lists[part.fieldname] ??= []).push(part.value);
        }
        continue;
      }
      if (refusal || !options.fileFields.includes(part.fieldname)) {
        refusal ??= new HttpError(400, 'common.unknown_file_field', { params: { name: part.fieldname } });
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length === 0) {
        if (part.filename) refusal = new HttpError(400, 'common.empty_file');
        continue;
      }
      files.push({ field: part.fieldname, filename: part.filename, bytes });
    }
  } catch (error) {
    closed();
    throw multipartError(await limitBehind(error, parts), options);
  }
  const complete = closed();
  if (refusal) throw refusal;
  // @fastify/multipart ends the parts quietly when the body stops before its closing boundary: a
  // form cut between two parts (a dropped connection, a truncated request) would pass as complete.
  if (!complete) throw new HttpError(400, 'common.invalid_multipart');
  return { fields, lists, files };
}

/**
 * Whether the body carried its close delimiter (`--boundary--`, RFC 2046): watched on the raw stream,
 * which @fastify/multipart pipes to busboy in the same tick (a second reader sees every chunk). A
 * missing boundary parameter is busboy's error (400) anyway.
 */
function watchForCloseDelimiter(request: FastifyRequest): { closed: () => boolean; seen: () => boolean } {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(String(request.headers['content-type'] ?? ''));
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return { closed: () => true, seen: () => false };
  const close = Buffer.from(`--${boundary}--`, 'latin1');
  let tail = Buffer.alloc(0);
  let seen = false;
  const onData = (chunk: Buffer | string) => {
    const joined = Buffer.concat([tail, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
    if (joined.includes(close)) {
      seen = true;
      request.raw.off('data', onData);
      return;
    }
    tail = joined.subarray(Math.max(0, joined.length - close.length + 1));
  };
  request.raw.on('data', onData);
  return {
    closed: () => {
      request.raw.off('data', onData);
      return seen;
    },
    seen: () => seen,
  };
}

/** How long the parser may sit on a body it holds without answering (see unlessStalled). */
const STALL_MS = 1000;

/**
 * The next part, unless busboy stalls: on some malformed bodies (a part without a form-data
 * Content-Disposition, longer than busboy's buffer) it neither reads on nor finishes, and the request
 * would wait forever. It has stalled when it holds the whole body (the close delimiter went by) or
 * leaves the rest of it waiting in the paused request, and no part comes for a second: 400.
 */
async function unlessStalled<T>(
  next: Promise<T>,
  request: FastifyRequest,
  closeSeen: () => boolean,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let waited = 0;
  const stalled = new Promise<never>((_resolve, reject) => {
    timer = setInterval(() => {
      const raw = request.raw;
      const holding = closeSeen() || raw.readableEnded || (raw.isPaused() && raw.readableLength > 0);
      waited = holding ? waited + 250 : 0;
      if (waited >= STALL_MS) reject(new HttpError(400, 'common.invalid_multipart'));
    }, 250);
    timer.unref();
  });
  try {
    return await Promise.race([next, stalled]);
  } finally {
    clearInterval(timer);
  }
}

/**
 * When @fastify/multipart stops at a limit (fields, files, parts), it destroys the file being read:
 * that file's read fails first ('Premature close') and the limit's own error is queued behind it.
 * Returns that error when there is one (waiting at most a second), else the error as it was.
 */
async function limitBehind(error: unknown, parts: AsyncIterator<unknown>): Promise<unknown> {
  if (String((error as { code?: unknown } | null)?.code ?? '').startsWith('FST_')) return error;
  let timer: NodeJS.Timeout | undefined;
  const next = await Promise.race([
    parts.next().then(
      () => undefined,
      (queued: unknown) => queued,
    ),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), 1000);
    }),
  ]);
  clearTimeout(timer);
  return String((next as { code?: unknown } | undefined)?.code ?? '').startsWith('FST_') ? next : error;
}

/** A failure while reading a multipart body, as the contract's 4xx. */
function multipartError(error: unknown, options: ReadFormOptions): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, options.fileTooLarge);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'common.too_many_files');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'common.too_many_parts');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, options.notMultipart);
    default:
      // Busboy's own errors (no boundary, a malformed part header, a body cut inside a part) are
      // plain errors: everything read here is the client's body.
      return new HttpError(400, 'common.invalid_multipart');
  }
}
