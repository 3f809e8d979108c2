import { HttpError } from 'react-admin';

/** Spec 8: show the server's `message` when it sent one, else the fallback (a translation key). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof HttpError) {
    const message = (error.body as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message !== '') return message;
    if (error.status === 0) return error.message;
  }
  return fallback;
}

/** The per-field messages of a 4xx answer (`errors`), for a form to show on its inputs. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (error instanceof HttpError) {
    const errors = (error.body as { errors?: unknown } | null)?.errors;
    if (errors && typeof errors === 'object' && Object.keys(errors).length > 0) {
      return errors as Record<string, string>;
    }
  }
  return undefined;
}
