import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useI18nProvider, useTranslate } from 'react-admin';
import { isMoneyParam } from '../../../src-shared/errors';
import { formatEuros } from '../../../src-shared/money';
import { isBlank, ventureTermErrors } from './ventureForm';

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

/**
 * A validator per field for the shared rules across fields (min <= max <= target, ranges, closing
 * date): the rule's error code translated in the current language (the `errors` namespace).
 */
export function useVentureRule(mode: 'create' | 'edit') {
  const i18n = (useI18nProvider() as { i18n?: I18n }).i18n;
  return useCallback(
    (field: string) => (_value: unknown, values: Record<string, unknown>) => {
      const error = ventureTermErrors(values ?? {}, mode)[field];
      if (!error) return undefined;
      if (!i18n) return error.code;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(error.params ?? {}))
        params[name] = isMoneyParam(name) ? formatEuros(Number(value), i18n.language) : String(value);
      return i18n.t(error.code, { ns: 'errors', ...params });
    },
    [i18n, mode],
  );
}
