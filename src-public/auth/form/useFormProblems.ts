import { useTranslation } from 'react-i18next';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { failureText } from '../../lib/errors';
import type { FormErrors } from './useForm';

/**
 * How a form with inputs `${idPrefix}-${field}` shows what is wrong: the client's checks (an error
 * code per field) or a failed request (the server's field messages), each field's message in the
 * reader's language and the focus on the first in `order`; a failure no field explains goes to
 * `setFailure`.
 */
export function useFormProblems(
  order: readonly string[],
  idPrefix: string,
  setErrors: (errors: FormErrors) => void,
  setFailure: (failure: string) => void,
) {
  const { t, i18n } = useTranslation();
  const focus = (field: string) => document.getElementById(`${idPrefix}-${field}`)?.focus();
  return {
    /** Shows the client's problems; true when there were any (the request is then not sent). */
    refused(found: Partial<Record<string, string>>): boolean {
      if (Object.keys(found).length === 0) return false;
      setErrors(
        Object.fromEntries(
          Object.entries(found).map(([field, code]) => [field, t(code ?? '', { ns: 'errors' })]),
        ),
      );
      focus(order.find((field) => found[field])!);
      return true;
    },
    /** Shows a failed request: its field messages, or else `fallback` (or the server's own text). */
    failed(error: unknown, fallback: string) {
      const fields = translateFieldErrors(i18n, error);
      setErrors(fields);
      const first = order.find((field) => fields[field]);
      if (first) focus(first);
      else setFailure(failureText(i18n, error, { fallback }));
    },
  };
}
