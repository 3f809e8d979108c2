import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ApiError } from '../../src-shared/api/http';
import {
  ERROR_TEXTS,
  errorCatalog,
  errorText,
  fieldLabel,
  interpolate,
  isErrorCode,
  type ErrorCode,
} from '../../src-shared/errors';
import { resources } from '../../src-shared/i18n/catalogs';
import { translateError, translateFieldErrors } from '../../src-shared/i18n/errors';

type Catalog = { [key: string]: string | Catalog };
const CODES = Object.keys(ERROR_TEXTS) as ErrorCode[];

function flatten(catalog: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalog as Catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object')
      for (const leaf of flatten(value, path)) out.set(...leaf);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (value: unknown) =>
  typeof value === 'string' ? [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort() : [];

describe('the error code table', () => {
  // The area is snake_case too: the contract names `business_date.backwards`.
  it('names every code area.snake_case and gives it a text', () => {
    const bad = CODES.filter((code) => !/^[a-z][a-z_]*\.[a-z0-9_]+$/.test(code) || !ERROR_TEXTS[code].trim());
    expect(bad).toEqual([]);
    expect(CODES.length).toBeGreaterThan(150);
  });

  it('is the English catalog of the errors namespace', () => {
    expect(flatten(resources.en.errors)).toEqual(new Map(Object.entries(ERROR_TEXTS)));
    expect(flatten(errorCatalog()).size).toBe(CODES.length);
  });

  for (const lang of ['de', 'es', 'fr'] as const) {
    it(`${lang}/errors.json translates every code and nothing else`, () => {
      const translated = flatten(resources[lang].errors);
      expect([...translated.keys()].sort()).toEqual([...CODES].sort());
      const empty = [...translated].filter(([, text]) => typeof text !== 'string' || !text.trim());
      expect(empty).toEqual([]);
    });

    it(`${lang}/errors.json keeps the placeholders (it may leave out {{field}}, shown beside the field)`, () => {
      const translated = flatten(resources[lang].errors);
      const mismatches = CODES.filter((code) => {
        const english = placeholders(ERROR_TEXTS[code]).filter((name) => name !== 'field');
        const other = placeholders(translated.get(code));
        return english.join() !== other.filter((name) => name !== 'field').join();
      });
      expect(mismatches).toEqual([]);
    });
  }
});

describe('errorText', () => {
  it('is the English text the server sends as message, money in euros and fields by their label', () => {
    expect(errorText('investment.insufficient_balance')).toBe('Insufficient balance.');
    expect(errorText('investment.left_to_fund', { amount: 1234.5 })).toBe(
      'Only €1,234.50 is left to fund in this venture.',
    );
    expect(errorText('investment.below_minimum', { amount: 30 })).toBe('Minimum investment is €30.00');
    expect(errorText('venture.field_required', { field: 'targetAmount' })).toBe('Target Amount is required');
    expect(errorText('kyc.under_age', { minAge: 18 })).toBe('You must be at least 18 years old.');
    expect(interpolate('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });

  it('knows its codes', () => {
    expect(isErrorCode('auth.invalid_credentials')).toBe(true);
    expect(isErrorCode('Invalid email or password.')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(fieldLabel('minInvestmentAmount')).toBe('Min Investment Amount');
  });
});

describe('translateError', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { de: { errors: resources.de.errors }, en: { errors: resources.en.errors } },
    lng: 'de',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });

  it('shows a coded answer in the reader language, money formatted for it', () => {
    const error = new ApiError({
      status: 400,
      code: 'investment.left_to_fund',
      message: 'Only €1,234.50 is left to fund in this venture.',
      params: { amount: 1234.5 },
      fieldErrors: { amount: 'Only €1,234.50 is left to fund in this venture.' },
      fieldCodes: { amount: 'investment.left_to_fund' },
    });
    expect(translateError(i18n, error)).toBe(
      'In diesem Vorhaben sind nur noch 1.234,50\u00a0€ zu finanzieren.',
    );
    expect(translateFieldErrors(i18n, error)).toEqual({
      amount: 'In diesem Vorhaben sind nur noch 1.234,50\u00a0€ zu finanzieren.',
    });
  });

  it('shows an unknown code as the server wrote it, and anything else as the fallback', () => {
    const unknown = new ApiError({ status: 409, code: 'future.code', message: 'Something new.' });
    expect(translateError(i18n, unknown)).toBe('Something new.');
    expect(translateError(i18n, new TypeError('boom'))).toBe('Etwas ist schiefgelaufen.');
    expect(translateError(i18n, new TypeError('boom'), 'network.no_response')).toBe(
      'Keine Antwort vom Server. Bitte versuchen Sie es später erneut.',
    );
  });

  it('names the field in English field texts, and translates field codes without it', () => {
    const error = new ApiError({
      status: 400,
      code: 'venture.field_required',
      message: 'Target Amount is required',
      params: { field: 'targetAmount' },
      fieldErrors: { targetAmount: 'Target Amount is required', title: 'Title is required' },
      fieldCodes: { targetAmount: 'venture.field_required', title: 'venture.field_required' },
    });
    expect(translateFieldErrors(i18n, error)).toEqual({
      targetAmount: 'Dieses Feld ist erforderlich',
      title: 'Dieses Feld ist erforderlich',
    });
  });
});
