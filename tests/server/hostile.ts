/**
 * Building blocks of the hostile-input tests (tests/server/hostile-input.ts,
 * tests/server/uploads-hostile.test.ts): fast-check arbitraries of bad values, a JSON writer that can
 * write what JSON.stringify cannot (1e309, keys named __proto__, 10,000 levels of nesting), and the
 * checks every refused request must pass (a 4xx with the contract's error shape, no row and no file
 * changed).
 *
 * Big values are symbolic (`Big`): made only when a request is sent, and shown by their size in
 * fast-check's failure report, so a counterexample with a 1 MB string stays readable.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { isErrorCode } from '../../src-shared/errors';

// ------------------------------------------------------------------------------------------------
// Values

/** JSON text written as it is: numbers JSON.stringify cannot write (1e309, 1e-7 as typed, NaN). */
export class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `Raw(${this.text})`;
  }
}

type BigKind = 'string' | 'array' | 'distinct-array' | 'deep-array' | 'deep-object';

/** A big value, made when sent: `size` copies of `unit` (a string), elements or levels. */
export class Big {
  constructor(
    readonly kind: BigKind,
    readonly size: number,
    readonly unit: string = 'x',
  ) {}
  [fc.toStringMethod](): string {
    return `Big(${this.kind}, ${this.size}, ${JSON.stringify(this.unit)})`;
  }
  json(): string {
    switch (this.kind) {
      case 'string':
        return JSON.stringify(this.unit.repeat(this.size));
      case 'array':
        return `[${new Array<string>(this.size).fill(this.unit).join(',')}]`;
      case 'distinct-array':
        return `[${Array.from({ length: this.size }, (_, i) => JSON.stringify(`${this.unit}${i}`)).join(',')}]`;
      case 'deep-array':
        return `${'['.repeat(this.size)}${']'.repeat(this.size)}`;
      case 'deep-object':
        return `${'{"a":'.repeat(this.size)}1${'}'.repeat(this.size)}`;
    }
  }
  /** The value as a string (a form field, a query value). */
  text(): string {
    return this.kind === 'string' ? this.unit.repeat(this.size) : this.json();
  }
}

/** An object written entry by entry: its keys may be `__proto__` or repeat. */
export class Obj {
  constructor(readonly entries: readonly (readonly [string, Value])[]) {}
  [fc.toStringMethod](): string {
    return `Obj{${this.entries.map(([k, v]) => `${JSON.stringify(k)}: ${fc.stringify(v)}`).join(', ')}}`;
  }
}

/** A value known only once the fixtures exist (a record's id), read when the request is sent. */
export class Lazy {
  constructor(readonly get: () => Value) {}
  [fc.toStringMethod](): string {
    return 'Lazy(fixture)';
  }
}

export type Value =
  null | boolean | number | string | Raw | Big | Obj | Lazy | Value[] | { [key: string]: Value };

/** A field left out of the body. */
export const MISSING = Symbol('missing');
export type FieldValue = Value | typeof MISSING;

/** JSON text of a value (a number JSON cannot write, NaN, is written as JSON's null by JSON.stringify:
 * use `Raw('NaN')` for the invalid token). */
export function toJson(value: Value): string {
  if (value instanceof Lazy) return toJson(value.get());
  if (value instanceof Raw) return value.text;
  if (value instanceof Big) return value.json();
  if (value instanceof Obj)
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** A form field or query value from a value: strings as they are, anything else as its JSON. */
export function toText(value: Value): string {
  if (value instanceof Lazy) return toText(value.get());
  if (typeof value === 'string') return value;
  if (value instanceof Big) return value.text();
  return toJson(value);
}

/**
 * Percent-encodes a string for a URL, lone surrogates included (encodeURIComponent throws on them):
 * they are written as the three bytes a lenient encoder would send (%ED%A0%80), which are not UTF-8.
 */
export function encodeLoose(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(text.slice(i, i + 2));
        i += 1;
        continue;
      }
    }
    if (unit >= 0xd800 && unit <= 0xdfff) {
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
      continue;
    }
    out += encodeURIComponent(text[i]!);
  }
  return out;
}

/** At most `max` characters of a text, with how much was left out. */
export function preview(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length} characters)`;
}

// ------------------------------------------------------------------------------------------------
// Bad values

export const UNICODE_EDGES = [
  '\u202eevil\u202c', // right-to-left override
  'a\u200bb\u200c\u200d', // zero-width characters
  '\ufeffbom',
  '\ud800', // lone high surrogate
  'x\udfffy', // lone low surrogate
  '\ud83d', // half an emoji
  'nul\u0000byte',
  '\u0000',
  '🙂🙂🙂',
  'e\u0301\u0301\u0301', // combining marks
  '\u2028\u2029',
  'ﷺ',
  'ﾟ･✿ヾ╲(｡◕‿◕｡)╱✿･ﾟ',
  '𝕬𝖉𝖆',
  '\u0085\u180e',
] as const;

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)--',
  "admin'--",
  '" OR ""="',
  '%',
  '_',
  '\\',
  "\\'; --",
  '$1',
  "E'\\x00'",
] as const;

export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '<!--',
  ']]>',
] as const;

/** Strings an attacker would try, and random ones (any code point). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<string>(...UNICODE_EDGES, ...SQL_PAYLOADS, ...HTML_PAYLOADS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** Numbers JSON can and cannot carry: huge, tiny, negative, three decimals, non-finite. */
export const hostileNumber: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(
    new Raw('1e309'),
    new Raw('-1e309'),
    new Raw('1e-7'),
    new Raw('-0'),
    new Raw('1E+2'),
    12.345,
    0.001,
    -12.345,
    -1,
    0,
    1e9,
    new Raw('9007199254740993'),
    1.7976931348623157e308,
    -1.7976931348623157e308,
    5e-324,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Number-like tokens that are not JSON: a body with one of them is not JSON at all. */
export const notJsonNumber: fc.Arbitrary<Value> = fc.constantFrom(
  new Raw('NaN'),
  new Raw('Infinity'),
  new Raw('-Infinity'),
  new Raw('0x10'),
  new Raw('01'),
  new Raw('.5'),
  new Raw('1.'),
  new Raw('+1'),
);

/** Big values: a 1 MB string, 10,000 elements, 10,000 levels of nesting (and 200,000, within 1 MB). */
export const bigValue: fc.Arbitrary<Value> = fc.constantFrom<Value>(
  new Big('string', 1_000_000, 'x'),
  new Big('string', 300_000, '\u202e'),
  new Big('string', 100_000, '\ud800'),
  new Big('array', 10_000, '1'),
  new Big('array', 10_000, '"x"'),
  new Big('deep-array', 10_000),
  new Big('deep-array', 200_000),
  new Big('deep-object', 10_000),
);

/** Objects whose keys are the classic pollution attempts. */
export const pollutingObject: fc.Arbitrary<Value> = fc.constantFrom<Value>(
  new Obj([['__proto__', { isAdmin: true }]]),
  new Obj([['constructor', { prototype: { isAdmin: true } }]]),
  new Obj([['constructor', 'x']]),
  new Obj([['prototype', { isAdmin: true }]]),
  new Obj([
    ['a', 1],
    ['a', 2],
  ]),
);

/** Any hostile JSON value (without the not-JSON tokens). */
export const hostileValue: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom<Value>(true, false, null) },
    { weight: 1, arbitrary: bigValue },
    { weight: 1, arbitrary: pollutingObject },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')), tie('value')), {
          maxLength: 3,
        })
        .map((entries) => new Obj(entries)),
    },
  ),
})).value;

/** Values that are not a string (for a text field): null excluded (some fields take it). */
export const notString: fc.Arbitrary<Value> = fc.oneof(
  hostileNumber,
  fc.constantFrom<Value>(true, false, [], {}, ['x'], { value: 'x' }),
  bigValue.filter((v) => !(v instanceof Big && v.kind === 'string')),
  pollutingObject,
);

/** A string of more than `max` characters that trimming does not shorten. */
export const tooLong = (max: number): fc.Arbitrary<Value> =>
  fc.oneof(
    fc
      .constantFrom('x', '\u202e', 'é', '🙂', '<', "'", '\ud800', 'ß')
      .map((unit) => new Big('string', max + 1, unit)),
    fc.constant(new Big('string', 1_000_000, 'x')),
  );

/** Object keys for extra fields: pollution names, SQL, unicode, an empty and a long key. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    'x'.repeat(1000),
    'role',
    'isAdmin',
    'id',
    '_id',
  ),
  hostileString,
);

// ------------------------------------------------------------------------------------------------
// What every refused request must show

export interface Answer {
  status: number;
  body: string;
  contentType: string;
}

export const answerOf = (res: LightMyRequestResponse): Answer => ({
  status: res.statusCode,
  body: res.body,
  contentType: String(res.headers['content-type'] ?? ''),
});

/**
 * Why an answer breaks the contract, or null when it keeps it: never a 5xx; a refusal (`mustRefuse`)
 * is a 4xx; every 4xx of the API is JSON `{ message: string, code: <a code of src-shared/errors.ts> }`.
 */
export function contractBreach(
  answer: Answer,
  { mustRefuse, api = true }: { mustRefuse: boolean; api?: boolean },
) {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (mustRefuse && answer.status < 400) return `accepted invalid input with ${answer.status}`;
  if (answer.status >= 400 && api) {
    if (!answer.contentType.startsWith('application/json')) return `a ${answer.status} that is not JSON`;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `a ${answer.status} whose body does not parse`;
    }
    const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
    if (typeof message !== 'string' || !message) return `a ${answer.status} without a message`;
    if (typeof code !== 'string' || !isErrorCode(code))
      return `a ${answer.status} whose code ${String(code)} is not in the table`;
  }
  return null;
}

/** A request as the failure report shows it: method, URL, headers and the start of the body. */
export function describeRequest(options: InjectOptions): string {
  const payload = options.payload;
  const body =
    payload === undefined
      ? '(no body)'
      : Buffer.isBuffer(payload)
        ? preview(payload.toString('latin1'))
        : preview(typeof payload === 'string' ? payload : JSON.stringify(payload));
  const headers = Object.entries(options.headers ?? {})
    .filter(([name]) => name !== 'cookie')
    .map(([name, value]) => `${name}: ${preview(String(value), 120)}`)
    .join('; ');
  return `${options.method} ${preview(String(options.url), 300)} [${headers}] ${body}`;
}

// ------------------------------------------------------------------------------------------------
// What must not change

/** The tables of the public and job-queue schemas, counted in one statement. */
export async function rowCounter(pool: pg.Pool): Promise<() => Promise<Record<string, number>>> {
  const { rows } = await pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
  );
  const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;
  const sql = `SELECT json_build_object(${rows
    .map(({ schema, name }) => `'${schema}.${name}', (SELECT count(*) FROM ${quote(schema)}.${quote(name)})`)
    .join(', ')}) AS counts`;
  return async () => {
    const result = await pool.query<{ counts: Record<string, number> }>(sql);
    return result.rows[0]!.counts;
  };
}

/** The tables whose row count differs. */
export function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

/** Every file under a folder (relative paths), none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}
