/**
 * A route's success answer written by fast-json-stringify instead of `zod.parse` + `JSON.stringify`
 * (what fastify-type-provider-zod's serializerCompiler does for every route): for hot list routes
 * such as GET /api/ventures, where it halves the cost of writing a page (tests/bench/ventures-list.ts).
 *
 * The zod schema stays the route's `schema.response`, so the OpenAPI document and the clients' types
 * do not change. Its JSON Schema (as input: objects without `additionalProperties: false`) drives
 * fast-json-stringify, which writes the listed properties only, as zod's parse keeps only them: a
 * field missing from the schema never reaches the client. A union picks the first branch the value
 * satisfies, as zod's does. Other statuses (the error body) keep the zod serializer.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodSerializerRoute = Parameters<typeof serializerCompiler>[0];

export function fastSuccessSerializer<T>(status: number, schema: z.ZodType): FastifySerializerCompiler<T> {
  const stringify = fastJson(
    z.toJSONSchema(schema, { io: 'input', target: 'draft-7' }) as Parameters<typeof fastJson>[0],
  );
  return (route) =>
    String(route.httpStatus) === String(status)
      ? stringify
      : serializerCompiler(route as unknown as ZodSerializerRoute);
}
