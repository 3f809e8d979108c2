/**
 * Errors: a failed call (ApiError) becomes react-admin's HttpError(message, status, { code, errors })
 * with the message and the field errors translated by code in the reader's language (the `errors`
 * namespace of the back office's i18next instance), so react-admin shows the message and maps
 * `errors` onto the form inputs. Nothing reads the server's English text.
 */
import { HttpError } from 'react-admin';
import type { i18n as I18n } from 'i18next';
import { ApiError } from '../../src-shared/api/http';
import { ERROR_TEXTS, interpolate, isErrorCode, type ErrorParams } from '../../src-shared/errors';
import { translateError, translateFieldErrors } from '../../src-shared/i18n/errors';

/** What translating an error code needs of an i18next instance. */
export type ErrorTranslator = Pick<I18n, 't' | 'language'>;

/** English straight from the code table, for a provider made without the app's i18next instance. */
export const ENGLISH: ErrorTranslator = {
  language: 'en',
  t: ((key: string, options?: Record<string, unknown>) =>
    isErrorCode(key)
      ? interpolate(ERROR_TEXTS[key], options as ErrorParams)
      : String(options?.defaultValue ?? key)) as unknown as I18n['t'],
};

/** A failed call as react-admin expects it: HttpError(message, status, { code, errors }), translated. */
export function toHttpError(error: unknown, i18n: ErrorTranslator = ENGLISH): unknown {
  if (!(error instanceof ApiError)) return error;
  const errors = translateFieldErrors(i18n, error);
  return new HttpError(translateError(i18n, error), error.status, {
    code: error.code,
    ...(Object.keys(errors).length > 0 ? { errors } : {}),
  });
}
