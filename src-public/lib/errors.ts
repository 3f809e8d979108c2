import type { i18n as I18n } from 'i18next';
import { ApiError } from '../../src-shared/api/http';
import { errorText } from '../../src-shared/errors';
import { translateError } from '../../src-shared/i18n/errors';
import type { RuleError } from '../../src-shared/rules/invest';

/**
 * What a form shows when its call fails (spec section 8). A refusal the server explains with a code
 * is translated by code (`errors` namespace, src-shared/i18n/errors.ts); the texts below cover the
 * answers that carry no code (a proxy's 502, an HTML page) and the calls that got no answer.
 */
export interface FailureTexts {
  /** The server answered with an error but without a code of its own. */
  fallback: string;
  /** No answer came back at all; defaults to the code `network.no_response`'s text. */
  noResponse?: string;
  /** The request could not even be made (anything that is not an ApiError); defaults to the fallback. */
  network?: string;
}

type Translator = Pick<I18n, 't' | 'language'>;

/** True when the server answered and its error body carried a `code` (the server explained). */
export function answeredWithCode(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status === 0) return false;
  const body = error.body;
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string';
}

/** The message of a failed call in the reader's language. */
export function failureText(i18n: Translator, error: unknown, texts: FailureTexts): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return texts.noResponse ?? translateError(i18n, error);
    return answeredWithCode(error) ? translateError(i18n, error) : texts.fallback;
  }
  return texts.network ?? texts.fallback;
}

/** A shared rule's refusal (src-shared/rules) in the reader's language, worded as the server's. */
export function translateRule(i18n: Translator, rule: RuleError): string {
  const error = new ApiError({
    status: 400,
    code: rule.code,
    params: rule.params,
    message: errorText(rule.code, rule.params),
  });
  return translateError(i18n, error);
}
