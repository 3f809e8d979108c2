/**
 * Multipart routes read their parts themselves (`request.parts()`: streamed, size-limited), so
 * Fastify must not validate `request.body`. Their form fields are still described in the OpenAPI
 * document: a route puts a zod object in `schema.multipart`, and `openApiTransform` (used by
 * @fastify/swagger in app.ts) turns it into a `multipart/form-data` requestBody. Fastify itself
 * ignores the `multipart` key. Files are `fileField(...)` (`format: binary`, typed `Blob` in
 * src-shared/api/schema.d.ts).
 */
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
