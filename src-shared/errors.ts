/**
 * Stable error codes: the one table of every error the server sends. The server answers
 * `{ message, code, params?, errors?, codes? }`: `code` names the error, `message` is the English text
 * below (the API contract's wording, for API clients), `params` fill its `{{placeholders}}`, and
 * `codes` names each field's error beside `errors` (its English text). Clients translate by code
 * through i18next: the English catalog of the `errors` namespace is this table, and de/es/fr have
 * `src-shared/i18n/locales/{lang}/errors.json` with the same keys (a test checks).
 *
 * Codes are `area.snake_case`; never reuse a code for another meaning, and never change one a client
 * may know: add a new one. Parameters named `amount` or ending in `Amount` are euro amounts (numbers),
 * formatted in the reader's language.
 */
import { formatEuros } from './money';

export const ERROR_TEXTS = {
  // General
  'common.server_error': 'Something went wrong.',
  'common.not_found': 'Not found.',
  'common.invalid_input': 'Invalid input.',
  'common.invalid_request': 'Invalid request.',
  'common.invalid_value': 'Invalid value.',
  'common.too_many_requests': 'Too many requests. Please try again later.',
  'common.invalid_json': 'The request body is not valid JSON.',
  'common.empty_body': 'The request body is empty.',
  'common.body_too_large': 'The request body is too large.',
  'common.unsupported_media_type': 'Unsupported content type.',
  'common.invalid_content_length': 'Invalid Content-Length.',
  'common.file_too_large': 'The file is too large.',
  'common.too_many_files': 'Too many files.',
  'common.not_multipart': 'The request is not multipart/form-data.',
  'common.cross_site': 'Cross-site requests are not allowed.',
  // Sessions and roles
  'auth.login_required': 'Please log in.',
  'auth.forbidden': 'You are not allowed to do this.',
  // Client side only: no answer came back, or the request could not be built (spec 8)
  'network.no_response': 'No response from server. Please try again later.',
  'network.error': 'Network error. Please try again later.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_TEXTS;
export type ErrorParams = Record<string, string | number>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_TEXTS, value);
}

/** A parameter that is an amount of euros (formatted as money in every language). */
export function isMoneyParam(name: string): boolean {
  return name === 'amount' || name.endsWith('Amount');
}

/** Fills `{{name}}` placeholders; `format` turns each value into text (money formatting, say). */
export function interpolate(
  text: string,
  params: ErrorParams | undefined,
  format: (name: string, value: string | number) => string = (_name, value) => String(value),
): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? format(name, params[name]!) : whole,
  );
}

/** The code table as i18next's nested catalog (`investment.insufficient_balance` -> investment: {...}). */
export function errorCatalog(texts: Readonly<Record<string, string>> = ERROR_TEXTS): Record<string, object> {
  const catalog: Record<string, Record<string, string>> = {};
  for (const [code, text] of Object.entries(texts)) {
    const dot = code.indexOf('.');
    const area = code.slice(0, dot);
    (catalog[area] ??= {})[code.slice(dot + 1)] = text;
  }
  return catalog;
}

/** The English text of a code with its parameters (money in English format): the `message` the
 * server sends beside `code`. */
export function errorText(code: ErrorCode, params?: ErrorParams): string {
  // `?? code`: only reachable from untyped callers; the text then is what they passed.
  return interpolate(ERROR_TEXTS[code] ?? code, params, (name, value) =>
    isMoneyParam(name) ? formatEuros(value, 'en') : String(value),
  );
}
