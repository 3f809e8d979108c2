import { describe, expect, it } from 'vitest';
import {
  depositReference,
  findDepositReferences,
  formatReference,
  ibanProblem,
  isValidRfReference,
  maskIban,
  normalizeIban,
  rfCheckDigits,
} from '../../src-shared/rules/payments';

describe('ISO 11649 RF creditor references', () => {
  it('accepts the standard example and known valid references', () => {
    // The example of ISO 11649 itself, and the same in groups of four.
    expect(isValidRfReference('RF18539007547034')).toBe(true);
    expect(isValidRfReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidRfReference('RF712348231')).toBe(true);
    expect(isValidRfReference('rf18539007547034')).toBe(true);
    expect(rfCheckDigits('539007547034')).toBe('18');
  });

  it('refuses wrong check digits, wrong characters and wrong lengths', () => {
    expect(isValidRfReference('RF19539007547034')).toBe(false);
    expect(isValidRfReference('RF18539007547035')).toBe(false);
    expect(isValidRfReference('RF1853900754703!')).toBe(false);
    expect(isValidRfReference('XX18539007547034')).toBe(false);
    expect(isValidRfReference('RF18')).toBe(false);
    expect(isValidRfReference(`RF18${'1'.repeat(22)}`)).toBe(false);
  });

  it("derives each account's reference from its number: valid, unique, stable", () => {
    expect(depositReference(100001)).toBe('RF37AV00100001');
    expect(depositReference(100002)).toBe('RF10AV00100002');
    expect(formatReference('RF10AV00100002')).toBe('RF10 AV00 1000 02');
    const many = Array.from({ length: 2000 }, (_, i) => depositReference(100001 + i));
    expect(new Set(many).size).toBe(2000);
    expect(many.every(isValidRfReference)).toBe(true);
    expect(() => depositReference(0)).toThrow(RangeError);
    expect(() => depositReference(10 ** 8)).toThrow(RangeError);
  });

  it('finds references in remittance text, grouped or not, and ignores ones with wrong check digits', () => {
    expect(findDepositReferences('Deposit RF37 AV00 1000 01 thanks')).toEqual(['RF37AV00100001']);
    expect(findDepositReferences('rf10av00100002')).toEqual(['RF10AV00100002']);
    expect(findDepositReferences('RF38AV00100001')).toEqual([]);
    expect(findDepositReferences('RF37AV00100001 and RF10AV00100002')).toEqual([
      'RF37AV00100001',
      'RF10AV00100002',
    ]);
    expect(findDepositReferences('Invoice 4711')).toEqual([]);
  });
});

describe('IBAN (ISO 13616, ibantools)', () => {
  it('accepts valid IBANs in any spacing and case', () => {
    expect(ibanProblem('DE89370400440532013000')).toBeNull();
    expect(ibanProblem('de89 3704 0044 0532 0130 00')).toBeNull();
    expect(ibanProblem('FR1420041010050500013M02606')).toBeNull();
    expect(ibanProblem('GB29NWBK60161331926819')).toBeNull();
    expect(normalizeIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });

  it('refuses wrong check digits, a wrong country format and non-IBANs', () => {
    expect(ibanProblem('DE89370400440532013001')).toBe('payments.invalid_iban');
    expect(ibanProblem('DE88370400440532013000')).toBe('payments.invalid_iban');
    expect(ibanProblem('DE8937040044053201300')).toBe('payments.invalid_iban');
    expect(ibanProblem('XX89370400440532013000')).toBe('payments.invalid_iban');
    expect(ibanProblem('')).toBe('payments.invalid_iban');
    expect(ibanProblem('not an iban')).toBe('payments.invalid_iban');
  });

  it('refuses a valid IBAN outside the SEPA area', () => {
    // Brazil: a valid IBAN, no SEPA credit transfer.
    expect(ibanProblem('BR1800360305000010009795493C1')).toBe('payments.iban_not_sepa');
  });

  it('masks all but the last four characters', () => {
    expect(maskIban('DE89370400440532013000')).toBe('******************3000');
  });
});
