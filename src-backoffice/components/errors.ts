import { HttpError } from 'react-admin';

/**
 * Spec 8: the message of a failed call, else the fallback (a translation key). The dataProvider
 * already translated it by the server's error code (providers/httpError.ts, `toHttpError`); no
 * English text of the server is read here.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.message !== '') return error.message;
  return fallback;
}

/** The per-field messages of a 4xx answer (`errors`, translated by code), for a form to show on its inputs. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (error instanceof HttpError) {
    const errors = (error.body as { errors?: unknown } | null)?.errors;
    if (errors && typeof errors === 'object' && Object.keys(errors).length > 0) {
      return errors as Record<string, string>;
    }
  }
  return undefined;
}
