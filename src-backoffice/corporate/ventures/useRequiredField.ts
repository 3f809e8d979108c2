import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { isBlank } from './ventureForm';

/**
 * A validator per field whose message is '{Field Name} is required' in the current language
 * (spec 5: 'Target Amount is required'); the field name is the field's own translated label.
 */
export function useRequiredField() {
  const translate = useTranslate();
  return useCallback(
    (field: string) => (value: unknown) =>
      isBlank(value)
        ? {
            message: 'app.validation.field_required',
            args: { field: translate(`resources.ventures.fields.${field}`) },
          }
        : undefined,
    [translate],
  );
}
