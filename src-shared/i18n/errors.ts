import type { i18n as I18n } from 'i18next';
import { ApiError } from '../api/http';
import { fieldLabel, isErrorCode, isMoneyParam, type ErrorCode, type ErrorParams } from '../errors';
import { formatEuros } from '../money';
import { requireNamespace } from './index';

// The screens that show errors import this module: their arrival loads the `errors` catalog of the
// reader's language (the public site's first paint does without it; decision 0216).
requireNamespace('errors');

/**
 * Error codes in the reader's language. The server's `code` (and `codes` per field) is looked up in
 * the `errors` namespace; money parameters are formatted for the language. An unknown code shows
 * the server's English message; anything that is not an ApiError shows the fallback code's text.
 */
type Translator = Pick<I18n, 't' | 'language'>;

function translateCode(i18n: Translator, code: ErrorCode, params?: ErrorParams, english?: string): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    values[name] = isMoneyParam(name)
      ? formatEuros(Number(value), i18n.language)
      : name === 'field'
        ? fieldLabel(String(value))
        : String(value);
  }
  return i18n.t(code, { ns: 'errors', ...values, defaultValue: english ?? code });
}

/** `translateError(i18n, error)` with the `i18n` of `useTranslation()`. */
export function translateError(
  i18n: Translator,
  error: unknown,
  fallback: ErrorCode = 'common.server_error',
): string {
  if (error instanceof ApiError) {
    if (isErrorCode(error.code)) return translateCode(i18n, error.code, error.params, error.message);
    return error.message;
  }
  return translateCode(i18n, fallback);
}

/** Per-field errors of a failed call in the reader's language (`codes` first, else the English text). */
export function translateFieldErrors(i18n: Translator, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  const out: Record<string, string> = {};
  for (const [field, english] of Object.entries(error.fieldErrors)) {
    const code = error.fieldCodes?.[field];
    out[field] = isErrorCode(code) ? translateCode(i18n, code, { ...error.params, field }, english) : english;
  }
  return out;
}
