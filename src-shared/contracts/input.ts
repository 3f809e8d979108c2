/**
 * The validation boundary's shared rules for what people type (security findings 5, 6 and 11 of
 * issue 26; docs/security.md, "Validation at the boundary"). Every request schema's free text goes
 * through `safeText` and every euro amount through `maxEuros`, so a request is refused by its schema,
 * before any side effect (a rate-limit slot, a row, a queued e-mail), with a message that is true.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../errors';

/** Decision 0113: the largest euro amount any request may carry (a venture's target, an investment,
 * a balance credit, a repayment...). Far above any real amount under Art. 1(2)(c) of Regulation (EU)
 * 2020/1503 (offers up to EUR 5,000,000), and far below what cents in a bigint or a double can hold
 * exactly. */
export const MAX_EUROS = 100_000_000;

/** C0 controls (tab, line feed and carriage return included), DEL and C1: never in a one-line field. */
// eslint-disable-next-line no-control-regex -- finding these characters is the point
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
/** The same less tab, line feed and carriage return, which multi-line texts keep. */
// eslint-disable-next-line no-control-regex -- finding these characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Characters that are not seen but change what is seen (decision 0112): bidi embeddings and
 * overrides (U+202A-202E), isolates (U+2066-2069), marks (U+200E, U+200F, U+061C), zero-width
 * characters (U+200B-200D, U+2060, U+FEFF) and tag characters (U+E0000-E007F).
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/u;

/**
 * Half of a surrogate pair (decision 0151): a string JSON can carry ("\ud800") but UTF-8 cannot, so
 * PostgreSQL would have stored U+FFFD in its place and the answer would differ from what was sent.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a text's characters, as an error code, or null when nothing is. */
export function textProblem(value: string, multiline = false): ErrorCode | null {
  if ((multiline ? CONTROL_MULTILINE : CONTROL_ONE_LINE).test(value)) return 'input.control_characters';
  if (INVISIBLE.test(value)) return 'input.invisible_characters';
  if (LONE_SURROGATE.test(value)) return 'unicode.lone_surrogate';
  return null;
}

/**
 * The one refinement of every free-text field: control characters (finding 11) and invisible or
 * direction-changing characters (finding 6) are refused with a message naming the field, never
 * removed silently (decision 0112). `multiline` keeps tab, line feed and carriage return.
 */
export function safeText<T extends z.ZodType<string | null | undefined>>(
  schema: T,
  options: { multiline?: boolean } = {},
): T {
  return schema.superRefine((value, ctx) => {
    if (typeof value !== 'string') return;
    const code = textProblem(value, options.multiline);
    if (code) ctx.addIssue({ code: 'custom', message: code, abort: true });
  }) as unknown as T;
}

/** True when a euro amount is within ±MAX_EUROS (finite, so NaN and Infinity are out too). */
export const withinMaxEuros = (value: number) => Number.isFinite(value) && Math.abs(value) <= MAX_EUROS;

/**
 * The one upper bound of every euro amount in a request (finding 5): at most MAX_EUROS either way,
 * checked before the schema's other rules (its message is the only one a huge amount gets: never
 * "at most two decimals" or "must be more than 0" for 1e15). Use it on the bare number schema,
 * before any other refinement: `maxEuros(z.number(...)).refine(...)`.
 */
export function maxEuros<T extends z.ZodNumber>(schema: T): T {
  return schema.refine(withinMaxEuros, { message: 'input.amount_too_large', abort: true }) as T;
}
