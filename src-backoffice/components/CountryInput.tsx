import { useMemo } from 'react';
import { SelectInput, useLocaleState, type SelectInputProps } from 'react-admin';
import { AFRICAN_COUNTRIES } from '../../src-shared/constants/countries';

const ENGLISH_NAMES = new Map(AFRICAN_COUNTRIES.map((c) => [c.code, c.name]));

/** A country's name in `locale` (Intl.DisplayNames), else its English name, else the code itself. */
export function countryName(code: unknown, locale: string): string {
  if (typeof code !== 'string' || code === '') return '';
  const upper = code.toUpperCase();
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region' }).of(upper);
    if (name && name !== upper) return name;
  } catch {
    // an unknown locale or code: the English name below
  }
  return ENGLISH_NAMES.get(upper) ?? upper;
}

/** The venture countries (the contract's African list) named in `locale`, sorted by that name. */
export function countryChoices(locale: string): Array<{ id: string; name: string }> {
  const collator = new Intl.Collator(locale);
  return AFRICAN_COUNTRIES.map((c) => ({ id: c.code, name: countryName(c.code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

export type CountryInputProps = Omit<SelectInputProps, 'choices' | 'translateChoice'>;

/**
 * A venture's country: a select of country names (in the reader's language, sorted) whose values are
 * the ISO 3166-1 alpha-2 codes the API takes. Used by the admin ventures filter and the corporate
 * venture form.
 */
export const CountryInput = (props: CountryInputProps) => {
  const [locale = 'en'] = useLocaleState();
  const choices = useMemo(() => countryChoices(locale), [locale]);
  return <SelectInput source="country" {...props} choices={choices} translateChoice={false} />;
};
