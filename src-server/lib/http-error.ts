import { errorText, isErrorCode, type ErrorCode, type ErrorParams } from '../../src-shared/errors';

/** A field's error: a code, or a code with the parameters of its text. */
export type FieldError = ErrorCode | { code: ErrorCode; params?: ErrorParams };

export interface HttpErrorOptions {
  /** Values for the code's `{{placeholders}}` (sent as `params`; money as euros). */
  params?: ErrorParams;
  /** Per-field errors: sent as `errors` (English text) and `codes` (their codes). */
  fields?: Record<string, FieldError>;
  headers?: Record<string, string>;
}

/**
 * An error with the contract's shape and a 4xx status: `{ message, code, params?, errors?, codes? }`.
 * `message` is the code's English text from src-shared/errors.ts.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly errors: Record<string, string> | undefined;
  readonly codes: Record<string, ErrorCode> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(statusCode: number, code: ErrorCode, options: HttpErrorOptions = {}) {
    super(errorText(code, options.params));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.params = options.params;
    this.headers = options.headers;
    if (options.fields && Object.keys(options.fields).length > 0) {
      this.errors = {};
      this.codes = {};
      for (const [field, error] of Object.entries(options.fields)) {
        const { code: fieldCode, params } =
          typeof error === 'string' ? { code: error, params: undefined } : error;
        this.errors[field] = errorText(fieldCode, params);
        this.codes[field] = fieldCode;
      }
    }
  }

  /** The answer's body. */
  toBody(): Record<string, unknown> {
    return {
      message: this.message,
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
      ...(this.errors ? { errors: this.errors, codes: this.codes } : {}),
    };
  }
}

/**
 * A field's error from a validation message: the request schemas' messages are codes
 * (src-shared/contracts), whose texts may name the field (`{{field}}`). Any other message (zod's own,
 * for a type the schema did not word) keeps its text under `common.invalid_value`.
 */
export function fieldErrorOf(message: string | undefined, field?: string): { text: string; code: ErrorCode } {
  if (isErrorCode(message)) return { text: errorText(message, field ? { field } : undefined), code: message };
  return { text: message || errorText('common.invalid_value'), code: 'common.invalid_value' };
}

export const notFound = (code: ErrorCode = 'common.not_found') => new HttpError(404, code);
