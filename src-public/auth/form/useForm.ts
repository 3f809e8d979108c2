import { useCallback, useEffect, useState, type ChangeEvent, type RefObject } from 'react';
import { focusFirstField } from './validation';

/** The keys of `T` whose values are strings (the ones `bind` can tie to a text input). */
export type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export type FormErrors = Partial<Record<string, string>>;

/** The props that show a field's message under it (MUI's error state and helper text). */
export function errorProps(message: string | undefined): { error?: boolean; helperText?: string } {
  return message ? { error: true, helperText: message } : {};
}

/**
 * Minimal controlled-form state with per-field messages: `bind(key, label)` gives a text input its
 * name, label, value, change handler and message. Changing a field clears its message.
 */
export function useForm<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors>({});

  const clearError = useCallback((key: string) => {
    setErrors((previous) => {
      if (!(key in previous)) return previous;
      const next = { ...previous };
      delete next[key];
      return next;
    });
  }, []);

  const set = useCallback(
    <K extends keyof T>(key: K, value: T[K]) => {
      setValues((previous) => ({ ...previous, [key]: value }));
      clearError(String(key));
    },
    [clearError],
  );

  const errorOf = (key: string) => errorProps(errors[key]);

  const bind = <K extends StringKeys<T>>(key: K, label: string) => ({
    name: key,
    label,
    value: values[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, event.target.value as T[K]),
    ...errorOf(key),
  });

  return { values, setValues, set, bind, errors, setErrors, clearError, errorOf };
}

/** The state and helpers `useForm` gives a form of `T`. */
export type FormState<T extends object> = ReturnType<typeof useForm<T>>;

/**
 * Focus on the first field with a message: `focusFirst(fields)` moves the keyboard focus, once the
 * form has rendered the messages (so a screen reader reads the field with its message), to the
 * first of `fields` in the page's order, wherever the checks or the server found them.
 */
export function useFocusFirst(formRef: RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState<{ fields: string[] } | null>(null);
  useEffect(() => {
    if (request) focusFirstField(formRef.current, request.fields);
  }, [request, formRef]);
  return useCallback((fields: string[]) => setRequest({ fields }), []);
}
