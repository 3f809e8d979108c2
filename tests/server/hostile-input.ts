/**
 * Generated hostile input (issue 17, point 3): for every route the app serves that takes a body, a
 * query or a path parameter, fast-check generates requests that are certainly invalid (at least one
 * required field broken, a malformed id, a body that is not JSON...) around hostile values (wrong
 * types, 1 MB strings, 10,000-element arrays, 10,000 and 200,000 levels of nesting, RTL, zero-width
 * characters and lone surrogates, NaN, 1e309, 1e-7 and three-decimal money, SQL and HTML,
 * `__proto__` and `constructor` keys, wrong content types). Each must answer a 4xx with the contract's
 * error shape and change no row. The lists also get hostile `page` and `limit` (0, -1, 1e9...): they
 * answer 200 with clamped pagination or a 4xx, never a 5xx.
 *
 * Reproducing a failure: the report gives `seed` and `path`; run
 *   HOSTILE_SEED=<seed> HOSTILE_PATH=<path> HOSTILE_ROUTE='<METHOD url>' npx vitest run --project server-slow tests/server/hostile-input-1.test.ts
 * (any of the four files: with HOSTILE_ROUTE each runs that route)
 * (HOSTILE_RUNS changes the number of runs per route, 200 by default; HOSTILE_DEBUG=1 logs every request
 * and the slow answers).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVESTOR_COUNTRIES, LEGAL_FORMS, AFRICAN_COUNTRIES } from '../../src-shared/constants/countries';
import {
  ADMIN_STATUSES,
  INVESTMENT_STATUSES,
  KYC_STATUSES,
  LANGUAGE_CODES,
  LEDGER_KINDS,
  LIFECYCLE_STATUSES,
  LOAN_STATUSES,
  MAIL_STATUSES,
  NEWSLETTER_FREQUENCIES,
  RISK_LEVELS,
  ROLES,
  SOPHISTICATED_REQUEST_STATUSES,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  WITHDRAWAL_STATUSES,
  STATEMENT_ENTRY_STATUSES,
  VENTURE_TYPES,
  VISIBILITIES,
} from '../../src-shared/constants/enums';
import { KYC_DOCUMENT_TYPES, KYC_FILE_FIELDS } from '../../src-shared/constants/kyc';
import { NATIONALITY_CODES } from '../../src-shared/constants/nationalities';
import { REVISION_DECISIONS } from '../../src-shared/contracts/ventures';
import { QUESTIONS } from '../../src-server/modules/protection/questions';
import { testContext, type SignedIn, type TestContext } from './context';
import {
  answerOf,
  Big,
  bigValue,
  changedTables,
  contractBreach,
  describeRequest,
  encodeLoose,
  hostileKey,
  hostileString,
  hostileValue,
  MISSING,
  notJsonNumber,
  notString,
  Lazy,
  Obj,
  preview,
  Raw,
  rowCounter,
  toJson,
  toText,
  tooLong,
  type FieldValue,
  type Value,
} from './hostile';
import { openVenture, verifiedInvestor } from './money-helpers';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 200);
const SEED = process.env.HOSTILE_SEED === undefined ? undefined : Number(process.env.HOSTILE_SEED);
const PATH = process.env.HOSTILE_PATH;
const ONLY = process.env.HOSTILE_ROUTE;

let t: TestContext;
let countRows: () => Promise<Record<string, number>>;

/** The records the requests aim at, and who sends them. */
const fx = {} as {
  visitor: SignedIn;
  investor: SignedIn;
  owner: SignedIn;
  admin: SignedIn;
  ventureId: string;
  openVentureId: string;
  ticketId: string;
  mailId: string;
  otherUserId: string;
  kycUserId: string;
  kycToken: string;
};

// ------------------------------------------------------------------------------------------------
// Requests

/** A path parameter: the id of a record the sender may change, or a raw (already encoded) segment. */
type PathArg = { valid: true } | { raw: string };

type Body =
  | { kind: 'json'; value: Value; type: string }
  | { kind: 'text'; text: string; type: string | null }
  | { kind: 'bad-utf8'; value: Obj }
  | { kind: 'form'; parts: FormPart[]; framing: Framing }
  | { kind: 'none' };

interface FormPart {
  name: string;
  value: Value;
  /** A file part: its name and its bytes (as latin1 text, never a valid image or PDF). */
  file?: { filename: string; type: string };
}

type Framing = 'ok' | 'no-boundary' | 'other-boundary' | 'truncated' | 'no-close' | 'bad-header';

interface Req {
  path?: PathArg;
  /** Query entries (each encoded), or a raw query string. */
  query?: (readonly [string, Value])[] | string;
  body?: Body;
}

interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered: `/api/ventures/id/:ventureId`. */
  url: string;
  /** Who sends: a role that could write, with bad input. */
  as: () => SignedIn;
  /** The id a valid path parameter takes. */
  validId?: () => string;
  /** Requests that are certainly invalid: each must be refused (4xx) and change nothing. */
  invalid: fc.Arbitrary<Req>;
  /** Lists: hostile paging and filters, any of which may be valid: 2xx (pagination clamped) or 4xx. */
  lenient?: fc.Arbitrary<Req>;
}

function materialize(spec: RouteSpec, req: Req): InjectOptions {
  let url = spec.url;
  const param = /:(\w+)|\*/.exec(url);
  if (param) {
    const arg = req.path ?? { valid: true };
    url = url.replace(param[0], 'valid' in arg ? spec.validId!() : arg.raw);
  }
  if (req.query !== undefined) {
    const query =
      typeof req.query === 'string'
        ? req.query
        : req.query.map(([key, value]) => `${encodeLoose(key)}=${encodeLoose(toText(value))}`).join('&');
    url += `?${query}`;
  }
  const options: InjectOptions = { method: spec.method, url, headers: {} };
  const headers = options.headers as Record<string, string>;
  const body = req.body;
  if (!body || body.kind === 'none') return options;
  if (body.kind === 'json') {
    options.payload = toJson(body.value);
    headers['content-type'] = body.type;
  } else if (body.kind === 'text') {
    options.payload = body.text;
    if (body.type !== null) headers['content-type'] = body.type;
  } else if (body.kind === 'bad-utf8') {
    // Bytes that are not UTF-8 in a key the route ignores; the rest of the object stays broken.
    const rest = toJson(body.value).slice(1);
    options.payload = Buffer.concat([
      Buffer.from('{"'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
      Buffer.from(`":1${rest === '}' ? '' : ','}${rest}`),
    ]);
    headers['content-type'] = 'application/json';
  } else {
    const form = formBody(body.parts, body.framing);
    options.payload = form.payload;
    headers['content-type'] = form.type;
  }
  return options;
}

function formBody(parts: FormPart[], framing: Framing): { payload: Buffer; type: string } {
  const boundary = 'hostile-boundary-7d1e';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\n` +
          (framing === 'bad-header'
            ? 'Content-Disposition form-data broken\r\n'
            : `Content-Disposition: ${disposition}\r\n`) +
          (part.file ? `Content-Type: ${part.file.type}\r\n` : '') +
          '\r\n',
        'utf8',
      ),
      Buffer.from(toText(part.value), part.file ? 'latin1' : 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  if (framing !== 'no-close') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (framing === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const type =
    framing === 'no-boundary'
      ? 'multipart/form-data'
      : framing === 'other-boundary'
        ? 'multipart/form-data; boundary=not-the-one'
        : `multipart/form-data; boundary=${boundary}`;
  return { payload, type };
}

// ------------------------------------------------------------------------------------------------
// Generators

/** A field of a JSON body: a valid value, and values that are certainly invalid on their own. */
interface Field {
  valid: Value;
  invalid: fc.Arbitrary<FieldValue>;
}

const oneOf = <T>(...values: T[]) => fc.constantFrom(...values);
const missingOr = (required: boolean, ...arbs: fc.Arbitrary<FieldValue>[]) =>
  fc.oneof(...(required ? [fc.constant<FieldValue>(MISSING), fc.constant<FieldValue>(null)] : []), ...arbs);

/** Texts that no text field takes: bidi controls, zero-width and tag characters, C0 (but tab, line
 * feed and carriage return), DEL and C1 inside the text (issue 26, findings 6 and 11). */
const invisibleText = oneOf<FieldValue>(
  'Refund \u202eurgent',
  'Solar\u2066 kiosks\u2069',
  'mark\u200f here',
  'arabic\u061c mark',
  'zero\u200bwidth',
  'joiner\u200dhere',
  'word\u2060joiner',
  'byte\ufefforder',
  'tag\u{e0041}\u{e007f} text',
  'nul\u0000inside',
  'bell\u0007inside',
  'escape\u001b[31m red',
  'delete\u007f here',
  'c1\u0085 next line',
  'c1\u009b csi',
);

/** Strings trimming turns into ''. */
const blank = oneOf<FieldValue>('', ' ', '\t\n', '\u00a0\u3000');

const bad = {
  text: (max: number, { required = true, nullable = false } = {}): fc.Arbitrary<FieldValue> =>
    fc.oneof(
      ...(required ? [fc.constant<FieldValue>(MISSING), blank] : []),
      ...(nullable ? [] : [fc.constant<FieldValue>(null)]),
      notString,
      tooLong(max),
      // Issue 26, findings 6 and 11: invisible, direction-changing and control characters are refused
      // by the schema of every text field (tab, line feed and carriage return only in multi-line ones).
      invisibleText,
    ),
  email: (required = true): fc.Arbitrary<FieldValue> =>
    missingOr(
      required,
      blank,
      notString,
      oneOf<FieldValue>(
        'plainaddress',
        '@example.com',
        'ada@',
        'a@b',
        'ada@@example.com',
        'ada lovelace@example.com',
        '<script>alert(1)</script>@example.com',
        "' OR 1=1--@example.com",
        '\u202eada@example.com',
        'ada@ex\u200bample.com',
        'ada@example.com\u0000',
        'ada\ud800@example.com',
        'ada@exa_mple.com',
      ),
      fc.constant<FieldValue>(new Big('string', 300, 'a')),
    ),
  enumOf: (values: readonly string[], required = true): fc.Arbitrary<FieldValue> =>
    missingOr(
      required,
      notString,
      oneOf<FieldValue>(
        '',
        ...values.map((v) => v.toUpperCase()).filter((v) => !values.includes(v)),
        ...values.map((v) => ` ${v}`),
        ...values.map((v) => `${v}\u200b`),
        'all',
      ),
      hostileString.filter((s) => !values.includes(s)),
    ),
  bool: (required = true): fc.Arbitrary<FieldValue> =>
    missingOr(required, oneOf<FieldValue>('true', 'false', 0, 1, 'yes', [], {}, new Raw('1e309'))),
  /** A euro amount: strings, non-finite, more than two decimals, tiny exponents. */
  money: (required = true, alsoInvalid: Value[] = []): fc.Arbitrary<FieldValue> =>
    missingOr(
      required,
      oneOf<FieldValue>(
        '100',
        '12.5',
        'NaN',
        'Infinity',
        '1e3',
        new Raw('1e309'),
        new Raw('-1e309'),
        new Raw('1e-7'),
        12.345,
        0.001,
        99.999,
        -12.345,
        true,
        [],
        {},
        [100],
        // Issue 26, finding 5: every amount is at most EUR 100,000,000 either way.
        1e13,
        1e15,
        -1e15,
        100_000_000.01,
        ...alsoInvalid,
      ),
    ),
  int: (required = true, alsoInvalid: Value[] = []): fc.Arbitrary<FieldValue> =>
    missingOr(
      required,
      oneOf<FieldValue>(1.5, '12', new Raw('1e309'), new Raw('1e-7'), true, [], ...alsoInvalid),
    ),
  code: (): fc.Arbitrary<FieldValue> =>
    missingOr(
      true,
      blank,
      oneOf<FieldValue>(
        '12345',
        '1234567',
        'abcdef',
        '١٢٣٤٥٦',
        123456,
        '12 345',
        '123456\u0000',
        '12345\ud800',
      ),
    ),
  /** A second-factor code (lane 2fa): 6 digits or a 10-character recovery code, nothing else. */
  secondFactorCode: (required = true): fc.Arbitrary<FieldValue> =>
    missingOr(
      required,
      blank,
      notString,
      oneOf<FieldValue>(
        '12345',
        '1234567',
        'abcdef',
        '١٢٣٤٥٦',
        123456,
        '123456\u0000',
        '12345\ud800',
        'abcde-fghi\u202e',
        'abcde-fghij-k',
        '<script>',
      ),
      tooLong(64),
    ),
  password: (min: number, required = true): fc.Arbitrary<FieldValue> =>
    missingOr(
      required,
      fc.constant<FieldValue>(''),
      fc.constant<FieldValue>('x'.repeat(min - 1)),
      notString,
      tooLong(128),
      // Issue 26, finding 3: common passwords (the server's list of 50,000) are refused too.
      oneOf<FieldValue>('password', 'password1', '12345678', 'aaaaaaaa', 'Password1', 'qwertyuiop'),
    ),
};

/** An object with at least one field broken; the others valid, left out or hostile; hostile extra keys
 * first (JSON.parse keeps the last of a repeated key, and extra keys never repeat a field's). */
function brokenObject(fields: Record<string, Field>): fc.Arbitrary<Obj> {
  const names = Object.keys(fields);
  const extraKey = hostileKey.filter((key) => !names.includes(key));
  // A form without text fields (the image upload): only extra fields; its files make it invalid.
  if (names.length === 0)
    return fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 2 }).map((extras) => new Obj(extras));
  return fc
    .shuffledSubarray(names, { minLength: 1, maxLength: Math.min(3, names.length) })
    .chain((broken) => {
      const others = names.filter((name) => !broken.includes(name));
      return fc
        .tuple(
          fc.tuple(...broken.map((name) => fields[name]!.invalid)),
          fc.tuple(
            ...others.map((name) =>
              fc.oneof(
                { weight: 5, arbitrary: fc.constant<FieldValue>(fields[name]!.valid) },
                { weight: 1, arbitrary: fc.constant<FieldValue>(MISSING) },
                { weight: 1, arbitrary: hostileValue as fc.Arbitrary<FieldValue> },
              ),
            ),
          ),
          fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 2 }),
        )
        .map(([badValues, otherValues, extras]) => {
          const entries: [string, Value][] = [...extras];
          others.forEach((name, i) => {
            const value = otherValues[i]!;
            if (value !== MISSING) entries.push([name, value]);
          });
          broken.forEach((name, i) => {
            const value = badValues[i]!;
            if (value !== MISSING) entries.push([name, value]);
          });
          return new Obj(entries);
        });
    });
}

/** A value whose JSON is an object (an all-optional body may take any object: unknown keys are ignored). */
const isObjectValue = (value: Value) =>
  value instanceof Obj ||
  (value instanceof Big && value.kind === 'deep-object') ||
  (value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Raw) &&
    !(value instanceof Big));

const JSON_TYPES = [
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=utf-16',
  'application/json; charset=latin1',
  'application/json ; x=1',
];
const WRONG_TYPES = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/png',
  'application/vnd.api+json',
  'application/jsonx',
  '*/*',
  'json',
];
const INVALID_JSON = [
  '{',
  '{"a":',
  "{'a': 1}",
  '{"a": 1,}',
  '[1, 2',
  'NaN',
  'undefined',
  '\u0000',
  '\ufeff{',
  '',
  ' ',
  '{"a": 1}{"b": 2}',
  '{"a": "\\x41"}',
  '"unterminated',
  '{"a": 1e}',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  '{"a": {"__proto__": {"isAdmin": true}}}',
  'null',
  '[]',
  '0',
  '"string"',
  '{"a":"\ud800"',
];

/** A JSON body that is certainly invalid: a broken object (mostly), sent in every wrong way too. */
function jsonBody(fields: Record<string, Field>): fc.Arbitrary<Body> {
  const broken = brokenObject(fields);
  return fc.oneof(
    {
      weight: 12,
      arbitrary: broken.map((value): Body => ({ kind: 'json', value, type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(broken, fc.constantFrom(...JSON_TYPES))
        .map(([value, type]): Body => ({ kind: 'json', value, type })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(broken, fc.constantFrom(...WRONG_TYPES))
        .map(([value, type]): Body => ({ kind: 'json', value, type })),
    },
    {
      weight: 2,
      arbitrary: hostileValue
        .filter((value) => !isObjectValue(value))
        .map((value): Body => ({ kind: 'json', value, type: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...INVALID_JSON)
        .map((text): Body => ({ kind: 'text', text, type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(broken, notJsonNumber).map(([value, token]): Body => ({
        kind: 'json',
        value: new Obj([['x', token], ...value.entries]),
        type: 'application/json',
      })),
    },
    { weight: 1, arbitrary: broken.map((value): Body => ({ kind: 'bad-utf8', value })) },
    {
      weight: 1,
      arbitrary: broken.map((value): Body => ({ kind: 'text', text: toJson(value), type: null })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

/** Ids that name no record: malformed, encoded traversal, too long, unknown UUIDs. */
const badId: fc.Arbitrary<PathArg> = fc
  .oneof(
    { weight: 2, arbitrary: fc.uuid().map((id) => encodeLoose(id)) },
    { weight: 1, arbitrary: fc.uuid().map((id) => encodeLoose(id.toUpperCase().replace(/-/g, ''))) },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0).map(encodeLoose) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '..%2f..%2f..%2fetc%2fpasswd',
        '%2e%2e%2f%2e%2e%2fprivate',
        '%00',
        '%',
        '%zz',
        '%E0%A4%A',
        '%ED%A0%80',
        '%C0%AF',
        'null',
        'undefined',
        '0',
        '-1',
        '1e309',
        "1'%20OR%20'1'%3D'1",
        '00000000-0000-0000-0000-00000000000g',
        'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
        '00000000-0000-0000-0000-000000000000',
        '%7B%7D',
        '__proto__',
        'constructor',
        'x'.repeat(101),
        'a'.repeat(5000),
        '%20',
        '%3Cscript%3E',
      ),
    },
  )
  .map((raw) => ({ raw }));

const VALID_PATH: PathArg = { valid: true };

/** A file name under a static prefix: the bad ids without the dot segments, which the URL resolves
 * to another route before the app sees them ('/uploads/..' is '/'). */
const staticId = badId
  .map((arg) => ('raw' in arg ? arg.raw : ''))
  .filter((raw) => !['', '.', '..', '%2e', '%2e%2e', '%2E', '%2E%2E'].includes(raw));

/** Body routes with a path parameter: a broken body at a valid id, or any body at an id that names nothing. */
function pathAndBody(fields: Record<string, Field>, valid: Value): fc.Arbitrary<Req> {
  const validBody: Body = { kind: 'json', value: valid, type: 'application/json' };
  return fc.oneof(
    { weight: 3, arbitrary: jsonBody(fields).map((body): Req => ({ path: VALID_PATH, body })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(badId, fc.oneof(fc.constant(validBody), jsonBody(fields)))
        .map(([path, body]): Req => ({ path, body })),
    },
  );
}

const bodyOnly = (fields: Record<string, Field>) => jsonBody(fields).map((body): Req => ({ body }));

// Query strings -----------------------------------------------------------------------------------

/** Paging values: 0, -1, 1e9, not numbers, repeated. Any may be valid: the contract clamps them. */
const hostilePage: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(
    '0',
    '-1',
    '1e9',
    '1000000000',
    '1e309',
    'NaN',
    'Infinity',
    '-Infinity',
    '1.5',
    '',
    ' ',
    'abc',
    '0x10',
    '-0',
    '9'.repeat(400),
    '1',
    '100',
    '101',
    '2147483648',
    '\u0661',
    '１',
  ),
  fc.integer().map(String),
  hostileString,
);

/** A query parameter that rejects bad values: its certainly-invalid values. */
type QueryField = fc.Arbitrary<Value>;

const q = {
  choice: (values: readonly string[]): QueryField =>
    fc.oneof(
      oneOf<Value>(
        ...values.map((v) => v.toUpperCase()).filter((v) => !values.includes(v)),
        ...values.map((v) => `${v}\u200b`),
        'none',
        '%',
        "'; DROP TABLE users; --",
      ),
      hostileString.filter((s) => s !== '' && s !== 'all' && !values.includes(s)),
    ),
  strictEnum: (values: readonly string[]): QueryField =>
    fc.oneof(
      oneOf<Value>('', 'all', ...values.map((v) => v.toUpperCase()).filter((v) => !values.includes(v))),
      hostileString.filter((s) => !values.includes(s)),
    ),
  id: (): QueryField =>
    fc.oneof(
      oneOf<Value>('ann', '42', '00000000-0000-0000-0000-00000000000g', "' OR 1=1 --", '%00', '..'),
      hostileString.filter((s) => s.trim() !== '' && !/^[0-9a-f-]{36}$/i.test(s.trim())),
    ),
  day: (): QueryField =>
    oneOf<Value>(
      'yesterday',
      '2026-02-30',
      '2026-3-1',
      '99999-01-01',
      '0000-00-00',
      '2026-13-01',
      '2026-01-01T00:00:00Z',
      '1e309',
      '\u0032\u0030\u0032\u0036-01-0\u0661',
    ),
  search: (): QueryField =>
    fc.constantFrom<Value>(
      new Big('string', 201, 'x'),
      new Big('string', 300, '\u202e'),
      new Big('string', 1_000_000, 'a'),
      new Big('string', 250, '\ud800'),
    ),
  positive: (): QueryField =>
    oneOf<Value>('-1', '-0.5', 'abc', 'NaN', 'Infinity', '1e309', '-1e309', '12abc', '0x'),
  country: (): QueryField => oneOf<Value>('DEU', 'D', '12', 'd1', 'ÄÖ', 'K E', "'", '%'),
};

/** Any value for a query parameter, valid by chance or not (for the other parameters). */
const anyQueryValue: fc.Arbitrary<Value> = fc.oneof(
  hostileString,
  hostilePage,
  bigValue,
  fc.constantFrom<Value>('all', ''),
);

/** Raw query junk: broken escapes, brackets, pollution keys, repeated keys. */
const rawQueryJunk = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '&&&',
  '=',
  '==x',
  'a[b]=1',
  'a[]=1&a[]=2',
  '__proto__=1',
  '__proto__[isAdmin]=1',
  'constructor[prototype][isAdmin]=1',
  '%00=%00',
  ';',
  'page=1&page=2',
  'limit=1&limit=-1',
);

/** Queries with at least one strict parameter broken, hostile paging and junk around it. */
function brokenQuery(strict: Record<string, QueryField>, lenient: string[]): fc.Arbitrary<string> {
  const names = Object.keys(strict);
  return fc
    .tuple(
      fc
        .shuffledSubarray(names, { minLength: 1, maxLength: Math.min(2, names.length) })
        .chain((broken) =>
          fc.tuple(...broken.map((name) => strict[name]!.map((value) => [name, value] as const))),
        ),
      fc.array(fc.tuple(fc.constantFrom(...lenient, 'page', 'limit'), anyQueryValue), { maxLength: 4 }),
      fc.array(rawQueryJunk, { maxLength: 2 }),
    )
    .map(([broken, others, junk]) =>
      [
        ...junk,
        // Other parameters first: a repeated name makes an array, which no strict parameter takes.
        ...others.map(([name, value]) => `${encodeLoose(name)}=${encodeLoose(toText(value))}`),
        ...broken.map(([name, value]) => `${encodeLoose(name)}=${encodeLoose(toText(value))}`),
      ].join('&'),
    );
}

/** Hostile paging and any filters, valid by chance or not. */
function pagingQuery(names: string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      hostilePage,
      hostilePage,
      fc.array(
        fc.tuple(
          fc.constantFrom('sortBy', ...names),
          fc.oneof(
            anyQueryValue,
            fc.constantFrom<Value>('1e308', '1e20', '99999999999999999999', '5e-324', '0'),
          ),
        ),
        { maxLength: 4 },
      ),
      fc.array(rawQueryJunk, { maxLength: 1 }),
    )
    .map(([page, limit, others, junk]) =>
      [
        `page=${encodeLoose(toText(page))}`,
        `limit=${encodeLoose(toText(limit))}`,
        ...others.map(([name, value]) => `${encodeLoose(name)}=${encodeLoose(toText(value))}`),
        ...junk,
      ].join('&'),
    );
}

/** A list route: a broken query for `invalid`, hostile paging for `lenient`. */
function listRoute(
  url: string,
  as: () => SignedIn,
  strict: Record<string, QueryField>,
  lenient: string[],
): RouteSpec {
  return {
    method: 'GET',
    url,
    as,
    invalid: brokenQuery(strict, lenient).map((query): Req => ({ query })),
    lenient: pagingQuery([...Object.keys(strict), ...lenient]).map((query): Req => ({ query })),
  };
}

/** A route whose only input is its id: ids that name nothing (and hostile queries it ignores). */
function idRoute(method: RouteSpec['method'], url: string, as: () => SignedIn): RouteSpec {
  return {
    method,
    url,
    as,
    validId: () => '00000000-0000-4000-8000-000000000000',
    invalid: fc
      .tuple(badId, fc.option(fc.array(rawQueryJunk, { minLength: 1, maxLength: 2 }), { nil: undefined }))
      .map(([path, junk]): Req => ({ path, ...(junk ? { query: junk.join('&') } : {}) })),
  };
}

// Multipart ---------------------------------------------------------------------------------------

/** File contents that are never an acceptable file (latin1 text of their bytes). */
const badFile: fc.Arbitrary<string> = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.constantFrom(
    '\xff\xd8\xff<html><script>alert(1)</script></html>',
    '\x89PNG\r\n\x1a\n<script>alert(1)</script>',
    '%PDF-1.4\n<script>alert(1)</script>',
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    'GIF89a<script>alert(1)</script>',
    'RIFF\x00\x00\x00\x00WEBPVP8 garbage',
    '',
  ),
);

const FRAMINGS: [Framing, number][] = [
  ['ok', 10],
  ['no-boundary', 1],
  ['other-boundary', 1],
  ['truncated', 1],
  ['no-close', 1],
  ['bad-header', 1],
];

/**
 * A multipart body with at least one text field broken (`fields`: certainly-invalid values, as text),
 * and hostile files under the form's names and others.
 */
function multipartBody(
  fields: Record<string, { valid: string; invalid: fc.Arbitrary<Value | typeof MISSING> }>,
  fileFields: readonly string[],
): fc.Arbitrary<Body> {
  const textFields: Record<string, Field> = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, { valid: field.valid, invalid: field.invalid }]),
  );
  const filePart = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...fileFields, 'file', 'image', 'upload'),
        hostileString.filter((s) => !/["\r\n]/.test(s)),
      ),
      badFile,
      fc.constantFrom('a.jpg', 'a.png', 'x.svg', 'a.pdf', '../../etc/passwd', 'a.jpg.html', ''),
      fc.constantFrom('image/jpeg', 'image/png', 'image/svg+xml', 'text/html', 'application/pdf'),
    )
    .map(([name, content, filename, type]): FormPart => ({ name, value: content, file: { filename, type } }));
  const framing = fc.oneof(...FRAMINGS.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));
  return fc
    .tuple(brokenObject(textFields), fc.array(filePart, { maxLength: 3 }), framing)
    .map(([object, files, frame]): Body => ({
      kind: 'form',
      parts: [
        ...object.entries
          .filter(([name]) => !/["\r\n]/.test(name))
          .map(([name, value]): FormPart => ({ name, value: value instanceof Obj ? toJson(value) : value })),
        ...files,
      ],
      framing: frame,
    }));
}

/** A multipart route: broken forms, and bodies that are not multipart at all. */
function multipartRoute(
  url: string,
  as: () => SignedIn,
  validId: () => string,
  fields: Record<string, { valid: string; invalid: fc.Arbitrary<Value | typeof MISSING> }>,
  fileFields: readonly string[],
): RouteSpec {
  const jsonFields: Record<string, Field> = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, { valid: field.valid, invalid: field.invalid }]),
  );
  return {
    method: url.includes('upload-image') ? 'PATCH' : 'POST',
    url,
    as,
    validId,
    invalid: fc.oneof(
      {
        weight: 4,
        arbitrary: multipartBody(fields, fileFields).map((body): Req => ({ path: VALID_PATH, body })),
      },
      { weight: 1, arbitrary: jsonBody(jsonFields).map((body): Req => ({ path: VALID_PATH, body })) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(badId, multipartBody(fields, fileFields))
          .map(([path, body]): Req => ({ path, body })),
      },
    ),
  };
}

const textOf = (values: Value[]): fc.Arbitrary<Value> => fc.constantFrom(...values);

// ------------------------------------------------------------------------------------------------
// The routes

const DAY = 86_400_000;
/** The knowledge test answered right. */
const ALL_RIGHT: Record<string, string> = Object.fromEntries(
  QUESTIONS.map((question) => [question.id, question.correct]),
);
const investorCountry = INVESTOR_COUNTRIES[0]!;
const future = () => new Date(Date.now() + 30 * DAY).toISOString();

const registerFields: Record<string, Field> = {
  firstName: { valid: 'Ada', invalid: bad.text(200) },
  lastName: { valid: 'Lovelace', invalid: bad.text(200) },
  email: { valid: 'ada.hostile@example.com', invalid: bad.email() },
  phone: { valid: '+49 30 123456', invalid: bad.text(40) },
  countryName: { valid: investorCountry.name, invalid: bad.enumOf(INVESTOR_COUNTRIES.map((c) => c.name)) },
  city: { valid: investorCountry.cities[0]!, invalid: bad.text(200) },
  address: { valid: 'Main street 1', invalid: bad.text(300) },
  newsletterFrequency: { valid: 'monthly', invalid: bad.enumOf(NEWSLETTER_FREQUENCIES, false) },
  transactionNotification: { valid: true, invalid: bad.bool(false) },
  latestNewsNotification: { valid: false, invalid: bad.bool(false) },
  password: { valid: 'long-enough-password', invalid: bad.password(8) },
  // Only `true` accepts the terms of use and the privacy policy.
  acceptTerms: { valid: true, invalid: fc.oneof(bad.bool(), fc.constant<FieldValue>(false)) },
};

const corporateFields: Record<string, Field> = {
  firstName: { valid: 'Ada', invalid: bad.text(200) },
  lastName: { valid: 'Lovelace', invalid: bad.text(200) },
  email: { valid: 'corp.hostile@example.com', invalid: bad.email() },
  phone: { valid: '+49 30 123456', invalid: bad.text(40) },
  companyName: { valid: 'Hostile Ltd', invalid: bad.text(200) },
  legalForm: { valid: LEGAL_FORMS[0], invalid: bad.enumOf(LEGAL_FORMS) },
  registrationNumber: { valid: 'HRB 1', invalid: bad.text(80) },
  countryName: {
    valid: AFRICAN_COUNTRIES[0]!.name,
    invalid: bad.enumOf(AFRICAN_COUNTRIES.map((c) => c.name)),
  },
  registeredAddress: { valid: 'Road 2', invalid: bad.text(300) },
  companyEmail: { valid: 'office.hostile@example.com', invalid: bad.email() },
  companyPhone: { valid: '+254 1', invalid: bad.text(40) },
  newsletterFrequency: { valid: 'weekly', invalid: bad.enumOf(NEWSLETTER_FREQUENCIES, false) },
  password: { valid: 'long-enough-password', invalid: bad.password(8) },
  // Only `true` accepts the terms of use and the privacy policy.
  acceptTerms: { valid: true, invalid: fc.oneof(bad.bool(), fc.constant<FieldValue>(false)) },
};

const profileFields: Record<string, Field> = {
  firstName: { valid: 'Ada', invalid: bad.text(200) },
  lastName: { valid: 'Lovelace', invalid: bad.text(200) },
  email: { valid: 'ada.profile@example.com', invalid: bad.email() },
  phone: { valid: '+49 30 123456', invalid: bad.text(40) },
  countryName: { valid: investorCountry.name, invalid: bad.text(200) },
  city: { valid: investorCountry.cities[0]!, invalid: bad.text(200, { required: false, nullable: true }) },
  address: { valid: 'Main street 1', invalid: bad.text(300) },
  newsletterFrequency: { valid: 'monthly', invalid: bad.enumOf(NEWSLETTER_FREQUENCIES) },
  transactionNotification: { valid: true, invalid: bad.bool(false) },
  companyName: { valid: 'X', invalid: bad.text(200, { required: false }) },
  legalForm: { valid: LEGAL_FORMS[0], invalid: bad.enumOf(LEGAL_FORMS, false) },
  companyEmail: { valid: 'x@example.com', invalid: bad.email(false) },
  currentPassword: { valid: 'correct-horse-42', invalid: fc.oneof(notString, tooLong(128)) },
  newPassword: { valid: 'another-long-password', invalid: bad.password(8, false) },
};

const ventureMoney = (required: boolean) => bad.money(required, [-1, -0.01]);
const ventureFields = (required: boolean): Record<string, Field> => ({
  title: { valid: 'Solar kiosks', invalid: bad.text(200, { required }) },
  shortDescription: { valid: 'Kiosks that sell solar power.', invalid: bad.text(500, { required }) },
  longDescription: { valid: 'A long description.', invalid: bad.text(20_000, { required }) },
  collateralDescription: { valid: 'Equipment.', invalid: bad.text(5_000, { required }) },
  country: {
    valid: 'KE',
    invalid: required
      ? missingOr(true, blank, notString)
      : fc.oneof(fc.constant<FieldValue>(null), blank, notString),
  },
  ventureType: { valid: VENTURE_TYPES[0], invalid: bad.enumOf(VENTURE_TYPES, required) },
  riskLevel: { valid: 'medium', invalid: bad.enumOf(RISK_LEVELS, false) },
  targetAmount: { valid: 50_000, invalid: ventureMoney(required) },
  expectedReturn: { valid: 12.5, invalid: bad.money(required, [-1, 0, 100.01, 1e6]) },
  investmentPeriod: { valid: 24, invalid: bad.int(required, [0, -1, 361, 1e9]) },
  closingDate: {
    valid: future(),
    invalid: missingOr(
      required,
      blank,
      oneOf<FieldValue>('not a date', 'yesterday', '1970-01-01T00:00:00Z', 0, 1e15, true, [], {}),
    ),
  },
  minInvestmentAmount: { valid: 50, invalid: bad.money(required, [-1, 29.99, 0]) },
  maxInvestmentAmount: { valid: 5_000, invalid: ventureMoney(required) },
  collateralValue: { valid: 70_000, invalid: ventureMoney(required) },
  // Never required: the server computes it; 50 contradicts the target and the collateral (0202).
  loanToValue: { valid: 71.43, invalid: bad.money(false, [-1, 100.01, 50]) },
  isConvertible: { valid: false, invalid: bad.bool(false) },
  tags: {
    valid: ['solar'],
    invalid: oneOf<FieldValue>(
      'solar',
      [1, 2],
      [null],
      [{}],
      new Big('distinct-array', 10_000, 'tag'),
      new Big('array', 10_000, '1'),
      [new Big('string', 33, 't')],
      Array.from({ length: 21 }, (_, i) => `tag${i}`),
    ),
  },
  ...(required ? {} : { visibility: { valid: 'draft', invalid: bad.enumOf(VISIBILITIES, false) } }),
});

/** The company's part of the key investment information sheet: every field optional (empty while
 * drafting), each with its certainly-invalid values. */
const kiisRow = { year: 2025, turnover: 640000, netProfit: 47000, totalAssets: 530000 };
const kiisRisk = { kind: 'project', description: 'Installation may be delayed.' };
const kiisText = (max: number): Field => ({ valid: 'Text.', invalid: bad.text(max, { required: false }) });
const kiisFields: Record<string, Field> = {
  ownerDescription: kiisText(2000),
  management: kiisText(2000),
  responsiblePersons: kiisText(600),
  responsibilityStatement: kiisText(600),
  activities: kiisText(2000),
  keyFigures: {
    valid: [kiisRow],
    invalid: fc.oneof(
      notString.filter((v) => !Array.isArray(v)) as fc.Arbitrary<FieldValue>,
      oneOf<FieldValue>(
        null,
        'x',
        [kiisRow, kiisRow],
        [2022, 2023, 2024, 2025].map((year) => ({ ...kiisRow, year })),
        [{ ...kiisRow, year: 1899 }],
        [{ ...kiisRow, year: 2025.5 }],
        [{ ...kiisRow, turnover: '640000' }],
        [{ ...kiisRow, netProfit: null }],
        [{ ...kiisRow, totalAssets: new Raw('1e309') }],
        [{ year: 2025 }],
        ['2025'],
      ),
    ),
  },
  projectDescription: kiisText(2000),
  risks: {
    valid: [kiisRisk, { ...kiisRisk, kind: 'default' }],
    invalid: fc.oneof(
      notString.filter((v) => !Array.isArray(v)) as fc.Arbitrary<FieldValue>,
      oneOf<FieldValue>(
        null,
        'project',
        [{ ...kiisRisk, kind: 'weather' }],
        [{ ...kiisRisk, kind: 'PROJECT' }],
        [{ kind: 'project' }],
        [{ ...kiisRisk, description: 42 }],
        Array.from({ length: 7 }, () => kiisRisk),
        [null],
      ),
      tooLong(600).map((description): FieldValue => [{ kind: 'project', description }]),
    ),
  },
  useOfFunds: kiisText(2000),
};
const kiisValid = Object.fromEntries(Object.entries(kiisFields).map(([name, field]) => [name, field.valid]));

function routeSpecs(): RouteSpec[] {
  const visitor = () => fx.visitor;
  const investor = () => fx.investor;
  const owner = () => fx.owner;
  const admin = () => fx.admin;
  const ventureFilters: Record<string, QueryField> = {
    lifecycleStatus: q.choice(LIFECYCLE_STATUSES),
    ventureType: q.choice(VENTURE_TYPES),
    riskLevel: q.choice(RISK_LEVELS),
    isConvertible: q.choice(['true', 'false']),
    country: q.country(),
    closingIn: q.choice(['1d', '2d', '3d', '7d', '14d', '21d', '30d', '60d', '90d']),
    minInvestment: q.positive(),
    expectedReturn: q.positive(),
    search: q.search(),
  };
  const specs: RouteSpec[] = [
    // Auth (visitors) and profile
    { method: 'POST', url: '/api/auth/register', as: visitor, invalid: bodyOnly(registerFields) },
    { method: 'POST', url: '/api/auth/register-corporate', as: visitor, invalid: bodyOnly(corporateFields) },
    {
      method: 'POST',
      url: '/api/auth/verify-email',
      as: visitor,
      invalid: bodyOnly({
        email: { valid: 'ada@example.com', invalid: bad.email() },
        token: { valid: '123456', invalid: bad.code() },
      }),
    },
    ...['/api/auth/resend-verification-token', '/api/auth/forgot-password'].map((url): RouteSpec => ({
      method: 'POST',
      url,
      as: visitor,
      invalid: bodyOnly({ email: { valid: 'ada@example.com', invalid: bad.email() } }),
    })),
    {
      method: 'POST',
      url: '/api/auth/login',
      as: visitor,
      invalid: bodyOnly({
        email: { valid: 'ada@example.com', invalid: bad.email() },
        password: {
          valid: 'whatever-password',
          invalid: missingOr(true, fc.constant<FieldValue>(''), notString, tooLong(128)),
        },
        rememberMe: { valid: true, invalid: bad.bool(false) },
        code: { valid: '123456', invalid: bad.secondFactorCode(false) },
      }),
    },
    // Second factor (lane 2fa)
    {
      method: 'POST',
      url: '/api/auth/2fa/enable',
      as: investor,
      invalid: bodyOnly({ code: { valid: '123456', invalid: bad.code() } }),
    },
    {
      method: 'POST',
      url: '/api/auth/2fa/disable',
      as: investor,
      invalid: bodyOnly({
        password: {
          valid: 'whatever-password',
          invalid: missingOr(true, fc.constant<FieldValue>(''), notString, tooLong(128)),
        },
        code: { valid: '123456', invalid: bad.secondFactorCode() },
      }),
    },
    {
      method: 'POST',
      url: '/api/auth/reset-password',
      as: visitor,
      invalid: bodyOnly({
        email: { valid: 'ada@example.com', invalid: bad.email() },
        token: { valid: '123456', invalid: bad.code() },
        newPassword: { valid: 'new-long-password', invalid: bad.password(8) },
      }),
    },
    { method: 'PUT', url: '/api/profile/update', as: investor, invalid: bodyOnly(profileFields) },
    {
      method: 'POST',
      url: '/api/profile/confirm-email',
      as: investor,
      invalid: bodyOnly({ token: { valid: '123456', invalid: bad.code() } }),
    },

    // Ventures
    listRoute('/api/ventures', visitor, ventureFilters, ['sortBy', 'order']),
    idRoute('GET', '/api/ventures/id/:ventureId', admin),
    { method: 'POST', url: '/api/ventures', as: owner, invalid: bodyOnly(ventureFields(true)) },
    {
      method: 'PATCH',
      url: '/api/ventures/id/:ventureId',
      as: owner,
      validId: () => fx.ventureId,
      invalid: pathAndBody(ventureFields(false), { title: 'Still valid' }),
    },
    multipartRoute('/api/ventures/id/:ventureId/upload-image', owner, () => fx.ventureId, {}, ['images']),
    {
      method: 'PATCH',
      url: '/api/ventures/:ventureId/delete-image',
      as: owner,
      validId: () => fx.ventureId,
      invalid: pathAndBody(
        {
          imageUrl: {
            valid: '/uploads/ventures/none/none.jpg',
            // Any string is refused too (404): the venture has no images.
            invalid: missingOr(true, fc.constant<FieldValue>(''), notString, tooLong(500), hostileString),
          },
        },
        { imageUrl: '/uploads/ventures/none/none.jpg' },
      ),
    },
    idRoute('GET', '/api/ventures/my-ventures/:ventureId', owner),
    idRoute('GET', '/api/ventures/my-ventures/:ventureId/investments', owner),
    // The key investment information sheet (API contract, "Key investment information sheet")
    idRoute('GET', '/api/ventures/my-ventures/:ventureId/kiis', owner),
    {
      method: 'PUT',
      url: '/api/ventures/my-ventures/:ventureId/kiis',
      as: owner,
      validId: () => fx.ventureId,
      invalid: pathAndBody(kiisFields, kiisValid),
    },
    {
      method: 'GET',
      url: '/api/ventures/:ventureId/kiis',
      as: admin,
      validId: () => fx.ventureId,
      invalid: fc.oneof(
        brokenQuery(
          { lang: q.strictEnum(['en', 'de', 'es', 'fr']), preview: q.strictEnum(['true', 'false']) },
          [],
        ).map((query): Req => ({ query })),
        badId.map((path): Req => ({ path })),
      ),
    },
    listRoute(
      '/api/ventures/admin-get-all',
      admin,
      {
        ...ventureFilters,
        adminStatus: q.choice(ADMIN_STATUSES),
        visibility: q.choice(VISIBILITIES),
        submitted: q.choice(['true', 'false']),
        hasRevision: q.choice(['true', 'false']),
      },
      ['sortBy', 'order'],
    ),
    {
      method: 'PATCH',
      url: '/api/ventures/admin/:ventureId/admin-status-update',
      as: admin,
      validId: () => fx.ventureId,
      invalid: pathAndBody(
        {
          adminStatus: { valid: 'under-review', invalid: bad.enumOf(ADMIN_STATUSES) },
          adminNotes: { valid: 'ok', invalid: fc.oneof(notString, tooLong(5_000)) },
          revision: { valid: 'reject', invalid: bad.enumOf(REVISION_DECISIONS, false) },
        },
        { adminStatus: 'under-review' },
      ),
    },

    // Investments and a venture's money
    {
      method: 'POST',
      url: '/api/investments',
      as: investor,
      invalid: bodyOnly({
        ventureId: {
          valid: new Lazy(() => fx.openVentureId),
          invalid: missingOr(true, fc.constant<FieldValue>(''), notString, hostileString, fc.uuid()),
        },
        amount: { valid: 100, invalid: bad.money(true, [-1, 0, 1, 49.99, 1e9, 1e13]) },
      }),
    },
    listRoute(
      '/api/investments/admin',
      admin,
      {
        search: q.search(),
        status: q.choice(INVESTMENT_STATUSES),
        ventureId: q.id(),
        userId: q.id(),
        sortBy: q.strictEnum(['investmentDate', 'amount', 'status']),
        order: q.strictEnum(['asc', 'desc']),
      },
      [],
    ),
    idRoute('POST', '/api/ventures/admin/:ventureId/close-funding', admin),
    {
      method: 'POST',
      url: '/api/ventures/admin/:ventureId/cancel',
      as: admin,
      validId: () => fx.openVentureId,
      invalid: pathAndBody({ reason: { valid: 'Because', invalid: bad.text(1000) } }, { reason: 'Because' }),
    },
    {
      method: 'POST',
      url: '/api/ventures/admin/:ventureId/repayments',
      as: admin,
      validId: () => fx.openVentureId,
      invalid: pathAndBody(
        {
          amount: { valid: 10, invalid: bad.money(true, [0, -1, -0.01, 1e13]) },
          note: { valid: 'Bank transfer', invalid: bad.text(1000, { required: false }) },
        },
        { amount: 10, note: 'Bank transfer' },
      ),
    },

    // Loan servicing (the venture has no loan: a valid request answers 409, an invalid one 400/404)
    {
      method: 'PUT',
      url: '/api/admin/business-date',
      as: admin,
      invalid: bodyOnly({
        date: {
          valid: '2020-01-01',
          invalid: fc.oneof(
            bad.text(10),
            fc.constantFrom<FieldValue>('2026-02-30', '26-01-01', '2026-1-1', 'tomorrow', '2026-13-01'),
          ),
        },
      }),
    },
    idRoute('GET', '/api/ventures/:ventureId/schedule', admin),
    {
      method: 'POST',
      url: '/api/ventures/my-ventures/:ventureId/repay',
      as: owner,
      validId: () => fx.openVentureId,
      invalid: pathAndBody(
        { amount: { valid: 10, invalid: bad.money(true, [0, -1, -0.01, 1e13]) } },
        { amount: 10 },
      ),
    },
    ...(['default', 'write-off'] as const).map((action): RouteSpec => ({
      method: 'POST',
      url: `/api/ventures/admin/:ventureId/${action}`,
      as: admin,
      validId: () => fx.openVentureId,
      invalid: pathAndBody({ reason: { valid: 'Because', invalid: bad.text(1000) } }, { reason: 'Because' }),
    })),
    {
      method: 'POST',
      url: '/api/ventures/admin/:ventureId/recoveries',
      as: admin,
      validId: () => fx.openVentureId,
      invalid: pathAndBody(
        {
          amount: { valid: 10, invalid: bad.money(true, [0, -1, -0.01, 1e13]) },
          costs: { valid: 0, invalid: bad.money(false, [-1, -0.01]) },
          note: { valid: 'Collateral sold', invalid: bad.text(1000, { required: false }) },
        },
        { amount: 10, costs: 0, note: 'Collateral sold' },
      ),
    },
    listRoute(
      '/api/admin/servicing',
      admin,
      { loanStatus: q.choice([...LOAN_STATUSES, 'late']), search: q.search() },
      [],
    ),
    idRoute('GET', '/api/admin/servicing/:ventureId', admin),
    idRoute('GET', '/api/investments/:investmentId', investor),
    idRoute('POST', '/api/investments/:investmentId/revoke', investor),

    // Balances
    listRoute(
      '/api/balances',
      admin,
      {
        search: q.search(),
        userId: q.id(),
        sortBy: q.strictEnum(['updatedAt', 'balance']),
        sortOrder: q.strictEnum(['asc', 'desc']),
      },
      [],
    ),
    listRoute(
      '/api/balances/all-histories',
      admin,
      {
        search: q.search(),
        userId: q.id(),
        from: q.day(),
        to: q.day(),
        kind: q.choice(LEDGER_KINDS),
        sortBy: q.strictEnum(['at', 'amount']),
        order: q.strictEnum(['asc', 'desc']),
      },
      [],
    ),
    {
      // Only page and limit, which are clamped: the invalid part is the id.
      ...idRoute('GET', '/api/balances/:userId/history', investor),
      lenient: pagingQuery([]).map((query): Req => ({ path: VALID_PATH, query })),
      validId: () => fx.investor.user!.id,
    },
    multipartRoute(
      '/api/balances/add-balance/:userId',
      admin,
      () => fx.investor.user!.id,
      {
        amount: {
          valid: '10',
          invalid: fc.oneof(
            fc.constant<FieldValue>(MISSING),
            textOf([
              '',
              ' ',
              'abc',
              '12.345',
              '1e309',
              '1e3',
              'NaN',
              'Infinity',
              '-Infinity',
              '0',
              '-0',
              '0.00',
              '1,50',
              '١٢',
              '+5',
              '0x10',
              '1e-7',
              '--5',
              '10 000',
              '99999999999999.99',
            ]),
            fc.constant<FieldValue>(new Big('string', 1_000_000, '9')),
          ),
        },
        note: { valid: 'note', invalid: tooLong(500) },
      },
      ['proof'],
    ),
    idRoute('GET', '/api/balances/proofs/:transactionId', admin),

    // Identity verification
    idRoute('GET', '/api/kyc/session/:token', visitor),
    multipartRoute(
      '/api/kyc/session/:token',
      visitor,
      () => fx.kycToken,
      {
        documentType: { valid: 'passport', invalid: bad.enumOf(KYC_DOCUMENT_TYPES) },
        dateOfBirth: {
          valid: '1990-04-12',
          invalid: missingOr(
            true,
            textOf([
              '',
              '1990-02-30',
              '12.04.1990',
              '2020-01-01',
              '1800-01-01',
              '9999-12-31',
              '1990-4-12',
              '١٩٩٠-٠٤-١٢',
              'yesterday',
            ]),
          ),
        },
        nationality: { valid: 'DE', invalid: bad.enumOf(NATIONALITY_CODES) },
        address: {
          valid: 'Hauptstr. 1, 10115 Berlin',
          invalid: fc.oneof(fc.constant<FieldValue>(MISSING), textOf(['', 'abc', '    ']), tooLong(300)),
        },
      },
      KYC_FILE_FIELDS,
    ),
    listRoute(
      '/api/kyc/admin',
      admin,
      {
        status: q.strictEnum(KYC_STATUSES),
        search: q.search(),
        sortBy: q.strictEnum(['submittedAt', 'decidedAt']),
        order: q.strictEnum(['asc', 'desc']),
      },
      [],
    ),
    idRoute('GET', '/api/kyc/admin/:userId', admin),
    {
      method: 'PATCH',
      url: '/api/kyc/admin/:userId',
      as: admin,
      validId: () => fx.kycUserId,
      invalid: pathAndBody(
        {
          status: { valid: 'rejected', invalid: bad.enumOf(['complete', 'rejected']) },
          reason: { valid: 'Blurred', invalid: fc.oneof(notString, tooLong(1000)) },
        },
        { status: 'rejected', reason: 'Blurred' },
      ),
    },
    idRoute('GET', '/api/kyc/admin/documents/:documentId', admin),
    {
      // The built-in provider has no webhook: every call is refused, whatever the body.
      method: 'POST',
      url: '/api/kyc/webhook',
      as: visitor,
      invalid: jsonBody({
        id: { valid: 'evt_1', invalid: bad.text(200) },
        type: {
          valid: 'verification.approved',
          invalid: bad.enumOf(['verification.submitted', 'verification.approved', 'verification.declined']),
        },
        sessionId: { valid: 'sess', invalid: bad.text(200) },
      }).map((body): Req => ({ body })),
    },

    // Investor protection (the investor has taken no test: a valid acknowledgement would be a 409)
    {
      method: 'GET',
      url: '/api/protection/knowledge-test',
      as: investor,
      invalid: brokenQuery({ lang: q.strictEnum(LANGUAGE_CODES) }, []).map((query): Req => ({ query })),
    },
    {
      method: 'POST',
      url: '/api/protection/knowledge-test',
      as: investor,
      invalid: bodyOnly({
        answers: {
          valid: ALL_RIGHT,
          invalid: fc.oneof(
            missingOr(true, notString, hostileString),
            oneOf<FieldValue>(
              { ...ALL_RIGHT, q01: 'e' },
              { ...ALL_RIGHT, q99: 'a' },
              { ...ALL_RIGHT, q01: 1 },
              { ...ALL_RIGHT, q01: null },
              { ...ALL_RIGHT, q01: ['b'] },
              Object.fromEntries(Object.entries(ALL_RIGHT).slice(1)),
              { ...ALL_RIGHT, [`q${'9'.repeat(40)}`]: 'a' },
              { ...ALL_RIGHT, q02: 'd'.repeat(41) },
            ),
          ),
        },
      }),
    },
    {
      method: 'POST',
      url: '/api/protection/risk-acknowledgement',
      as: investor,
      invalid: bodyOnly({
        acknowledged: { valid: true, invalid: fc.oneof(bad.bool(), fc.constant<FieldValue>(false)) },
      }),
    },
    {
      method: 'POST',
      url: '/api/protection/loss-simulation',
      as: investor,
      invalid: bodyOnly({
        annualIncome: { valid: 45_000, invalid: bad.money(true, [-1, -0.01, 1e11, 10_000_000_000.01]) },
        liquidAssets: { valid: 12_000.5, invalid: bad.money(true, [-1, -0.01, 1e11]) },
        annualCommitments: { valid: 0, invalid: bad.money(true, [-1, -0.01, 1e11]) },
      }),
    },
    multipartRoute(
      '/api/protection/sophisticated-request',
      investor,
      () => '',
      {
        criteria: {
          valid: '["income_or_portfolio","executive_position"]',
          invalid: fc.oneof(
            fc.constant<FieldValue>(MISSING),
            textOf([
              '',
              'income_or_portfolio',
              'INCOME_OR_PORTFOLIO',
              '[]',
              '[',
              '["income_or_portfolio"]',
              '["income_or_portfolio","income_or_portfolio"]',
              '["income_or_portfolio",7]',
              '["income_or_portfolio",null]',
              '{"0":"income_or_portfolio","1":"executive_position"}',
              'income_or_portfolio,executive_position',
              '__proto__',
            ]),
            tooLong(100),
          ),
        },
      },
      ['evidence'],
    ),
    listRoute(
      '/api/admin/protection',
      admin,
      { status: q.strictEnum(SOPHISTICATED_REQUEST_STATUSES), search: q.search() },
      [],
    ),
    idRoute('GET', '/api/admin/protection/requests/:requestId/evidence', admin),
    {
      // No request of that investor waits: a valid decision would be a 404 too.
      method: 'PATCH',
      url: '/api/admin/protection/:userId',
      as: admin,
      validId: () => fx.otherUserId,
      invalid: pathAndBody(
        {
          status: { valid: 'rejected', invalid: bad.enumOf(['accepted', 'rejected']) },
          reason: { valid: 'Unreadable', invalid: bad.text(1000) },
        },
        { status: 'rejected', reason: 'Unreadable' },
      ),
    },
    idRoute('GET', '/api/admin/protection/:userId/history', admin),

    // Auto-invest (issue 28)
    {
      method: 'PUT',
      url: '/api/auto-invest',
      as: investor,
      invalid: bodyOnly({
        active: { valid: true, invalid: bad.bool() },
        budget: { valid: 1000, invalid: bad.money(true, [0, -1, -0.01, 1e13]) },
        maxPerVenture: { valid: 100, invalid: bad.money(true, [0, -1, 1000.01, 1e13]) },
        riskLevels: {
          valid: ['medium'],
          invalid: oneOf<FieldValue>('medium', ['extreme'], ['MEDIUM'], [1], [null], {}, ['medium\u200b']),
        },
        countries: {
          valid: ['KE'],
          invalid: oneOf<FieldValue>('KE', ['Kenya'], ['K E'], [1], [null], ['KE\u200b'], ['\u202eKE']),
        },
      }),
    },
    listRoute(
      '/api/auto-invest/matches',
      investor,
      {
        riskLevels: q.choice(RISK_LEVELS),
        ventureTypes: q.choice(VENTURE_TYPES),
        countries: q.country(),
        minReturn: q.positive(),
        maxPeriod: q.positive(),
      },
      ['maxReturn', 'minPeriod'],
    ),

    // Deposits and withdrawals (issue 27)
    {
      method: 'PUT',
      url: '/api/payments/bank-account',
      as: investor,
      invalid: bodyOnly({
        iban: {
          valid: 'DE89370400440532013000',
          invalid: fc.oneof(
            bad.text(64),
            textOf([
              '',
              'DE89370400440532013001',
              'DE8937040044053201300',
              'XX89370400440532013000',
              'BR1800360305000010009795493C1',
              'DE89 3704 0044 0532 0130 00 00',
              'RF18539007547034',
            ]),
          ),
        },
        holderName: { valid: 'Ada Lovelace', invalid: bad.text(70) },
      }),
    },
    {
      method: 'POST',
      url: '/api/payments/withdrawals',
      as: investor,
      invalid: bodyOnly({ amount: { valid: 10, invalid: bad.money(true, [0, -1, -0.01, 1e13]) } }),
    },
    listRoute('/api/payments/withdrawals/mine', investor, { status: q.choice(WITHDRAWAL_STATUSES) }, []),
    idRoute('POST', '/api/payments/withdrawals/:id/cancel', investor),
    listRoute(
      '/api/admin/withdrawals',
      admin,
      { status: q.choice(WITHDRAWAL_STATUSES), search: q.search(), userId: q.id() },
      [],
    ),
    {
      method: 'PATCH',
      url: '/api/admin/withdrawals/:id',
      as: admin,
      validId: () => '00000000-0000-4000-8000-000000000000',
      invalid: pathAndBody(
        {
          status: { valid: 'approved', invalid: bad.enumOf(['approved', 'rejected']) },
          reason: { valid: 'Checked', invalid: bad.text(500, { required: false }) },
        },
        { status: 'approved' },
      ),
    },
    listRoute('/api/admin/withdrawals/exports', admin, { search: q.search() }, []),
    idRoute('GET', '/api/admin/withdrawals/exports/:exportId', admin),
    multipartRoute('/api/admin/bank-statements', admin, () => '', {}, ['file']),
    listRoute(
      '/api/admin/bank-statements/entries',
      admin,
      { status: q.choice(STATEMENT_ENTRY_STATUSES), search: q.search() },
      [],
    ),
    {
      method: 'POST',
      url: '/api/admin/bank-statements/entries/:entryId/assign',
      as: admin,
      validId: () => '00000000-0000-4000-8000-000000000000',
      invalid: pathAndBody(
        {
          userId: { valid: '00000000-0000-4000-8000-000000000000', invalid: bad.text(36) },
          note: { valid: 'Assigned', invalid: bad.text(500, { required: false }) },
        },
        { userId: '00000000-0000-4000-8000-000000000000' },
      ),
    },

    // Tickets
    {
      method: 'POST',
      url: '/api/tickets',
      as: investor,
      invalid: bodyOnly({
        subject: { valid: 'Question', invalid: fc.oneof(bad.text(150), textOf(['ab', ' ab '])) },
        category: { valid: 'account', invalid: bad.enumOf(TICKET_CATEGORIES) },
        message: { valid: 'Hello', invalid: bad.text(5000) },
      }),
    },
    listRoute('/api/tickets/mine', investor, { status: q.choice(TICKET_STATUSES) }, []),
    idRoute('GET', '/api/tickets/:id', investor),
    {
      method: 'POST',
      url: '/api/tickets/:id/messages',
      as: investor,
      validId: () => fx.ticketId,
      invalid: pathAndBody({ message: { valid: 'More', invalid: bad.text(5000) } }, { message: 'More' }),
    },
    listRoute(
      '/api/admin/tickets',
      admin,
      {
        status: q.choice(TICKET_STATUSES),
        category: q.choice(TICKET_CATEGORIES),
        search: q.search(),
        userId: q.id(),
      },
      ['sortBy', 'order'],
    ),
    {
      method: 'PATCH',
      url: '/api/admin/tickets/:id',
      as: admin,
      validId: () => fx.ticketId,
      invalid: pathAndBody(
        { status: { valid: 'resolved', invalid: bad.enumOf(TICKET_STATUSES) } },
        { status: 'resolved' },
      ),
    },

    // The audit log (issue 26)
    listRoute(
      '/api/admin/audit',
      admin,
      {
        actor: q.search(),
        actorId: q.id(),
        action: q.search(),
        targetType: q.search(),
        targetId: q.search(),
        from: q.day(),
        to: q.day(),
        order: q.strictEnum(['asc', 'desc']),
      },
      [],
    ),

    // Statements (issue 28): every parameter required, so any broken or missing one is a 400.
    {
      method: 'GET',
      url: '/api/statements/annual',
      as: investor,
      invalid: brokenQuery(
        {
          year: fc.oneof(
            oneOf<Value>(
              '1999',
              '0',
              '-2026',
              '20266',
              '2026.0',
              '2e3',
              '１２３４',
              '\u0661\u0669\u0669\u0669',
              '9999',
            ),
            hostileString.filter((s) => !/^\s*\d{4}\s*$/.test(s)),
          ),
          format: q.strictEnum(['pdf', 'csv']),
          lang: q.strictEnum(['en', 'de', 'es', 'fr']),
        },
        [],
      ).map((query): Req => ({ query })),
    },
    {
      method: 'GET',
      url: '/api/statements/transactions',
      as: owner,
      invalid: brokenQuery({ from: q.day(), to: q.day(), format: q.strictEnum(['csv']) }, []).map(
        (query): Req => ({ query }),
      ),
    },
    {
      method: 'GET',
      url: '/api/statements/investments',
      as: investor,
      invalid: brokenQuery({ format: q.strictEnum(['csv']) }, []).map((query): Req => ({ query })),
    },

    // Users and mails
    listRoute(
      '/api/users',
      admin,
      { role: q.choice(ROLES), isActive: q.choice(['true', 'false']), search: q.search() },
      ['sortBy', 'order'],
    ),
    idRoute('GET', '/api/users/:id', admin),
    {
      method: 'PATCH',
      url: '/api/users/:id',
      as: admin,
      validId: () => fx.otherUserId,
      invalid: pathAndBody(
        {
          isActive: { valid: false, invalid: bad.bool(false) },
          role: { valid: 'admin', invalid: bad.enumOf(ROLES, false) },
        },
        { isActive: false },
      ),
    },
    {
      method: 'POST',
      url: '/api/contact',
      as: visitor,
      invalid: bodyOnly({
        name: { valid: 'Ada', invalid: bad.text(100) },
        email: { valid: 'ada@example.com', invalid: bad.email() },
        subject: { valid: 'Hello', invalid: bad.text(200) },
        message: { valid: 'Hi there', invalid: bad.text(5000) },
      }),
    },
    listRoute('/api/admin/mails', admin, { status: q.choice(MAIL_STATUSES), search: q.search() }, [
      'sortBy',
      'order',
    ]),
    idRoute('GET', '/api/admin/mails/:id', admin),
    {
      method: 'PATCH',
      url: '/api/admin/mails/:id',
      as: admin,
      validId: () => fx.mailId,
      invalid: pathAndBody(
        { status: { valid: 'read', invalid: bad.enumOf(MAIL_STATUSES) } },
        { status: 'read' },
      ),
    },

    // Files: the uploads folder and the API viewer's assets (wildcard paths)
    {
      method: 'GET',
      url: '/uploads/*',
      as: admin,
      invalid: fc
        .oneof(
          staticId,
          fc.constantFrom(
            '../private/canary.txt',
            '..%2fprivate%2fcanary.txt',
            '%2e%2e/private/canary.txt',
            '%2e%2e%2fprivate%2fcanary.txt',
            '....//private/canary.txt',
            '..%252fprivate%252fcanary.txt',
            '.hidden',
            'ventures/../../private/canary.txt',
            'ventures/%2e%2e/%2e%2e/private/canary.txt',
            '%2fetc%2fpasswd',
            '..\\private\\canary.txt',
            'kyc/x.bin',
            'private/kyc/x.bin',
          ),
        )
        .map((raw): Req => ({ query: undefined, path: { raw } })),
    },
    {
      method: 'GET',
      url: '/api/docs/static/*',
      as: visitor,
      invalid: fc
        .oneof(
          staticId,
          fc.constantFrom(
            '../../../package.json',
            '..%2f..%2f..%2fpackage.json',
            '%2e%2e/%2e%2e/index.js',
            '.env',
          ),
        )
        .map((raw): Req => ({ path: { raw } })),
    },
  ];
  return specs;
}

/** Routes that take no input at all (their answer depends only on the session). */
const NO_INPUT = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/auth/logout',
  'POST /api/auth/2fa/setup',
  'GET /api/profile/get',
  'GET /api/ventures/my-ventures',
  'GET /api/balances/my-balance',
  'GET /api/kyc/my-verification',
  'GET /api/protection/me',
  'GET /api/payments/deposit-instructions',
  'GET /api/statements/years',
  'GET /api/payments/bank-account',
  'GET /api/auto-invest',
  'GET /api/auto-invest/disclosure',
  'POST /api/admin/withdrawals/export',
  'POST /api/kyc/start-verification',
  'GET /api/investments/my-investments',
  'GET /api/admin/overview',
  'GET /api/admin/business-date',
  'GET /api/dashboard/investor',
  'GET /api/dashboard/corporate',
  'GET /api/statistics',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
]);

// ------------------------------------------------------------------------------------------------

const SPECS = routeSpecs();

/**
 * The suite, split in `shards` files (tests/server/hostile-input-N.test.ts) that run side by side
 * on the two workers: one file of 1,125 s was the last thing `npm run test:full` waited for. Each
 * file has its own database and fixtures; shard N takes every `shards`-th route, shard 1 also checks
 * that every route has a generator, shards 2 and 3 the valid bodies with hostile text.
 */
export function hostileInputSuite(shard: number, shards: number) {
  beforeAll(async () => {
    t = await testContext();
    // The auth calls' per-IP limit (100 a minute) would answer 429 before validation after 100 runs.
    t.ctx.config.authCallsPerMinute = 1_000_000_000;
    fx.visitor = await t.injectAs('visitor');
    fx.admin = await t.injectAs('superadmin');
    fx.owner = await t.injectAs('corporate');
    fx.investor = await verifiedInvestor(t, 1_000_000n);
    fx.otherUserId = (await t.createUser({ role: 'user' })).id;
    fx.openVentureId = (await openVenture(t, { createdBy: fx.owner.user!.id })).id;
    const created = await fx.owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: {
        title: 'Hostile target',
        shortDescription: 'A venture the requests aim at.',
        longDescription: 'Long.',
        collateralDescription: 'Collateral.',
        country: 'KE',
        ventureType: VENTURE_TYPES[0],
        targetAmount: 50_000,
        expectedReturn: 12,
        investmentPeriod: 12,
        closingDate: future(),
        minInvestmentAmount: 50,
        maxInvestmentAmount: 5_000,
        collateralValue: 60_000,
        loanToValue: 83.33,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    fx.ventureId = created.json().data._id;
    const ticket = await fx.investor.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: { subject: 'Hostile ticket', category: 'account', message: 'Hello' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    fx.ticketId = ticket.json().data._id;
    const contact = await fx.visitor.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const mails = await fx.admin.inject({ method: 'GET', url: '/api/admin/mails' });
    fx.mailId = mails.json().mails[0].id;
    const kycUser = await t.injectAs('user');
    fx.kycUserId = kycUser.user!.id;
    const started = await kycUser.inject({ method: 'POST', url: '/api/kyc/start-verification' });
    expect(started.statusCode, started.body).toBe(200);
    const link = started.json().verificationUrl as string;
    fx.kycToken = link.slice(link.lastIndexOf('/') + 1);
    // A file beside the uploads folder that no path may reach.
    mkdirSync(`${t.dataDir}/private`, { recursive: true });
    writeFileSync(`${t.dataDir}/private/canary.txt`, 'CANARY-7d1e');
    // The first auth call creates the per-IP counter row; later calls only update it.
    await fx.visitor.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {} });
    countRows = await rowCounter(t.database.pool);
  });

  const routeKey = (method: string, url: string) => `${method} ${url}`;

  if (shard === 1)
    describe('every served route that takes input has a generator', () => {
      it('covers app.servedRoutes (a new route without a generator fails here)', async () => {
        await t.app.ready();
        const covered = new Set(SPECS.map((spec) => routeKey(spec.method, spec.url)));
        const missing = [
          ...new Set(
            t.app.servedRoutes
              .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
              .map((route) => routeKey(route.method, route.url)),
          ),
        ].filter((key) => !covered.has(key) && !NO_INPUT.has(key));
        expect(missing).toEqual([]);
        // And no route is listed as taking no input when its schema says otherwise (OpenAPI document).
        const document = t.app.swagger() as {
          paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>;
        };
        const withInput = Object.entries(document.paths).flatMap(([path, operations]) =>
          Object.entries(operations)
            .filter(([, op]) => (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined)
            .map(([method]) => routeKey(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'))),
        );
        expect(withInput.filter((key) => NO_INPUT.has(key))).toEqual([]);
        // Nothing listed that the app does not serve (a renamed route).
        const served = new Set(t.app.servedRoutes.map((route) => routeKey(route.method, route.url)));
        expect([...covered, ...NO_INPUT].filter((key) => !served.has(key))).toEqual([]);
      });
    });

  /** Runs the property and returns how many cases ran. */
  async function runProperty(
    spec: RouteSpec,
    arbitrary: fc.Arbitrary<Req>,
    mustRefuse: boolean,
  ): Promise<number> {
    let cases = 0;
    const checkRows = spec.method !== 'GET' && mustRefuse;
    let counts = checkRows ? await countRows() : undefined;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (req) => {
        cases += 1;
        const options = materialize(spec, req);
        const began = Date.now();
        if (process.env.HOSTILE_DEBUG) console.info(`send: ${JSON.stringify(describeRequest(options))}`);
        const res = await spec.as().inject(options);
        if (process.env.HOSTILE_DEBUG && Date.now() - began > 300)
          console.info(
            `slow ${Date.now() - began} ms: ${describeRequest(options)} -> ${res.statusCode} ${preview(res.body, 200)}`,
          );
        const answer = answerOf(res);
        // As the app sees it: '/api/docs/static/../../x' is '/x', outside the API.
        const api = new URL(String(options.url), 'http://app.test').pathname.startsWith('/api/');
        let breach = contractBreach(answer, { mustRefuse, api });
        if (!breach && answer.status < 300 && !mustRefuse) breach = paginationBreach(answer.body);
        if (!breach && answer.body.includes('CANARY-7d1e'))
          breach = 'served a file outside the uploads folder';
        if (!breach && checkRows) {
          const after = await countRows();
          const changed = changedTables(counts!, after);
          counts = after;
          if (changed.length > 0) breach = `changed the rows of ${changed.join(', ')}`;
        }
        if (breach) {
          throw new Error(
            `${routeKey(spec.method, spec.url)} ${breach}\n  request: ${describeRequest(options)}\n  answer: ${answer.status} ${answer.contentType} ${preview(answer.body, 500)}`,
          );
        }
      }),
      {
        numRuns: RUNS,
        ...(SEED !== undefined ? { seed: SEED } : {}),
        ...(PATH ? { path: PATH } : {}),
        endOnFailure: false,
      },
    );
    return cases;
  }

  /** A list answer's pagination is clamped: page from 1, limit 1..100, rows within the limit. */
  function paginationBreach(body: string): string | null {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return null;
    }
    const { pagination } = (parsed ?? {}) as { pagination?: { page: number; limit: number; total: number } };
    if (!pagination) return null;
    const rows = Object.values(parsed as Record<string, unknown>).find(Array.isArray) ?? [];
    if (!Number.isInteger(pagination.page) || pagination.page < 1)
      return `pagination.page ${pagination.page}`;
    if (!Number.isInteger(pagination.limit) || pagination.limit < 1 || pagination.limit > 100)
      return `pagination.limit ${pagination.limit}`;
    if (rows.length > pagination.limit) return `${rows.length} rows for a limit of ${pagination.limit}`;
    return null;
  }

  let totalCases = 0;
  const started = Date.now();

  describe.each(
    SPECS.filter((spec, index) =>
      ONLY ? routeKey(spec.method, spec.url) === ONLY : index % shards === shard - 1,
    ),
  )('$method $url', (spec) => {
    it('refuses generated invalid input with a 4xx of the contract and changes no row', async () => {
      const before = await countRows();
      totalCases += await runProperty(spec, spec.invalid, true);
      expect(changedTables(before, await countRows())).toEqual([]);
    });
    if (spec.lenient) {
      it('answers hostile paging and filters with clamped pagination or a 4xx, never a 5xx', async () => {
        const before = await countRows();
        totalCases += await runProperty(spec, spec.lenient!, false);
        expect(changedTables(before, await countRows())).toEqual([]);
      });
    }
  });

  /**
   * Valid bodies whose texts are hostile (NUL, lone surrogates, RTL, SQL, HTML) and valid extremes (a
   * closing date in the year 275760): the write may happen, but never as a 5xx.
   */
  if (shard === Math.min(2, shards))
    describe('valid bodies carrying hostile text', () => {
      const text = (max: number) =>
        hostileString.map((s) => `T${s}`.slice(0, max)).filter((s) => s.trim().length >= 3);
      const writes: { name: string; arbitrary: fc.Arbitrary<InjectOptions & { as: () => SignedIn }> }[] = [
        {
          name: 'POST /api/contact',
          arbitrary: fc.tuple(text(100), text(150), text(5000)).map(([name, subject, message]) => ({
            as: () => fx.visitor,
            method: 'POST',
            url: '/api/contact',
            payload: { name, email: 'ada@example.com', subject, message },
          })),
        },
        {
          name: 'POST /api/tickets/{id}/messages',
          arbitrary: text(5000).map((message) => ({
            as: () => fx.investor,
            method: 'POST',
            url: `/api/tickets/${fx.ticketId}/messages`,
            payload: { message },
          })),
        },
        {
          name: 'PATCH /api/ventures/id/{id}',
          arbitrary: fc
            .tuple(
              text(200),
              fc.array(text(32), { maxLength: 3 }),
              fc.constantFrom(future(), '+275760-09-13T00:00:00.000Z', '9999-12-31T23:59:59Z', '2999-01-01'),
            )
            .map(([title, tags, closingDate]) => ({
              as: () => fx.owner,
              method: 'PATCH',
              url: `/api/ventures/id/${fx.ventureId}`,
              payload: { title, tags, closingDate },
            })),
        },
        {
          name: 'PUT /api/profile/update',
          arbitrary: fc.tuple(text(200), text(300)).map(([firstName, address]) => ({
            as: () => fx.investor,
            method: 'PUT',
            url: '/api/profile/update',
            payload: {
              firstName,
              lastName: 'Investor',
              email: fx.investor.user!.email,
              phone: '+49 30 1',
              countryName: investorCountry.name,
              address,
              newsletterFrequency: 'monthly',
            },
          })),
        },
      ];
      it.each(writes)('$name never answers a 5xx', async ({ arbitrary }) => {
        await fc.assert(
          fc.asyncProperty(arbitrary, async ({ as, ...options }) => {
            const res = await as().inject(options);
            totalCases += 1;
            const breach = contractBreach(answerOf(res), { mustRefuse: false });
            if (breach)
              throw new Error(
                `${breach}\n  request: ${describeRequest(options)}\n  answer: ${res.statusCode} ${preview(res.body, 500)}`,
              );
          }),
          { numRuns: Math.ceil(RUNS / 4), ...(SEED !== undefined ? { seed: SEED } : {}) },
        );
      });
    });

  /**
   * PUT /api/payments/bank-account with a valid IBAN and a hostile holder's name (issue 27): the name
   * travels to the bank in the payment file and shows in the back office, so each one is either
   * refused with a 4xx of the contract naming what is wrong, or stored and answered exactly as sent
   * (less the surrounding white space every one-line field loses), never changed on the way: not by
   * the schema, not by PostgreSQL's UTF-8, not by the answer's serializer.
   */
  if (shard === Math.min(3, shards))
    describe('valid bodies carrying hostile text: bank account holder names', () => {
      const IBAN = 'DE89370400440532013000';
      /** Why a holder's name may be refused (src-shared/contracts/payments.ts, decision 0112). */
      const REFUSALS = new Set([
        'payments.holder_name_required',
        'payments.holder_name_too_long',
        'input.control_characters',
        'input.invisible_characters',
        'unicode.lone_surrogate',
      ]);
      const NAMES = [
        '<script>alert(1)</script>',
        '"><svg onload=alert(1)>',
        "O'Brien'; DROP TABLE bank_accounts; --",
        'Amara \u202eOkafor',
        '\u202eevil\u202c',
        'Amara\u2066Okafor\u2069',
        'Amara\u200bOkafor',
        'Amara\u0000Okafor',
        'Ama\u0007ra',
        'Amara\tOkafor',
        'Amara\nOkafor',
        'Amara\u0085',
        '\ud800',
        'Amara \udfff',
        '\ud83d Amara',
        'Amara 🙂',
        '👩\u200d👩\u200d👧 Family',
        '🇩🇪 Müller',
        '𝕬𝖉𝖆 Okafor',
        'Zoë Müller-Łukasz',
        'e\u0301\u0301\u0301',
        'ﷺ',
        '  Amara Okafor  ',
        '',
        '   ',
        'x'.repeat(70),
        'x'.repeat(71),
        '🙂'.repeat(35),
        'x'.repeat(100_000),
      ];
      const put = (holderName: string) =>
        fx.investor.inject({
          method: 'PUT',
          url: '/api/payments/bank-account',
          payload: { iban: IBAN, holderName },
        });
      const stored = async () =>
        (
          await t.database.pool.query<{ holder_name: string }>(
            'SELECT holder_name FROM bank_accounts WHERE user_id = $1',
            [fx.investor.user!.id],
          )
        ).rows[0]?.holder_name;

      /** The contract's promise for one name, or why it was broken. */
      async function check(holderName: string): Promise<string | null> {
        const before = await stored();
        const res = await put(holderName);
        totalCases += 1;
        const breach = contractBreach(answerOf(res), { mustRefuse: false });
        if (breach) return breach;
        if (res.statusCode >= 400) {
          const { code } = res.json() as { code: string };
          if (res.statusCode !== 400 || !REFUSALS.has(code)) return `refused with ${res.statusCode} ${code}`;
          if ((await stored()) !== before) return 'refused, but the stored name changed';
          return null;
        }
        const expected = holderName.trim();
        const answered = (res.json() as { data: { holderName: string } }).data.holderName;
        if (answered !== expected) return `answered ${JSON.stringify(answered)}`;
        const read = await fx.investor.inject({ method: 'GET', url: '/api/payments/bank-account' });
        const readName = (read.json() as { data: { holderName: string } }).data.holderName;
        if (readName !== expected) return `read back as ${JSON.stringify(readName)}`;
        const row = await stored();
        if (row !== expected) return `stored as ${JSON.stringify(row)}`;
        return null;
      }

      it.each(NAMES.map((name) => ({ name, shown: preview(JSON.stringify(name), 60) })))(
        'holder name $shown is refused with its code or kept byte for byte',
        async ({ name }) => {
          expect(await check(name)).toBeNull();
        },
      );

      it('generated hostile holder names are refused with their code or kept byte for byte', async () => {
        const name = fc.oneof(
          hostileString.map((s) => `A${s}`),
          hostileString.map((s) => `${s}Z`),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
        );
        await fc.assert(
          fc.asyncProperty(name, async (holderName) => {
            const broken = await check(holderName);
            if (broken) throw new Error(`${broken}\n  holderName: ${JSON.stringify(holderName)}`);
          }),
          { numRuns: Math.ceil(RUNS / 4), ...(SEED !== undefined ? { seed: SEED } : {}) },
        );
      });
    });

  describe('summary', () => {
    it('ran the generated cases', () => {
      // Shown in the test output (and in the report): how many requests, in how long.
      console.info(
        `hostile input: ${totalCases} generated requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(totalCases).toBeGreaterThan(0);
    });
  });
}
