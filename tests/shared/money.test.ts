import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  divRound,
  eurosToCents,
  expectedReturnCents,
  formatEuros,
  percentToHundredths,
} from '../../src-shared/money';

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

describe('eurosToCents', () => {
  it.each([
    [12.34, 1234n],
    [0.1, 10n],
    [0.01, 1n],
    [30, 3000n],
    [0, 0n],
    [-0, 0n],
    [-5.5, -550n],
    [1234567.89, 123456789n],
  ])('reads the number %s as %s cents', (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  it.each([
    ['12.34', 1234n],
    [' 12.5 ', 1250n],
    ['7', 700n],
    ['007.05', 705n],
    ['-0.01', -1n],
    ['-0', 0n],
    // The largest amount: 13 whole digits.
    ['9999999999999.99', 999999999999999n],
  ])('reads the string %j as %s cents', (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  it('never rounds: more than two decimals is not an amount', () => {
    expect(eurosToCents(12.345)).toBeNull();
    expect(eurosToCents('12.345')).toBeNull();
    expect(eurosToCents(1.005)).toBeNull();
    // Floating-point noise is refused rather than silently cut to 0.30.
    expect(eurosToCents(0.1 + 0.2)).toBeNull();
    expect(eurosToCents('0.100')).toBeNull();
  });

  it('refuses amounts with more than 13 whole digits and exponent notation', () => {
    expect(eurosToCents('10000000000000')).toBeNull();
    expect(eurosToCents(10_000_000_000_000)).toBeNull();
    expect(eurosToCents(1e21)).toBeNull(); // String(1e21) is '1e+21'
    expect(eurosToCents(1e-7)).toBeNull(); // '1e-7'
    expect(eurosToCents('1e3')).toBeNull();
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
    ['a bigint', 5n],
    ['a boolean', true],
    ['an object', { amount: 5 }],
    ['an array', [5]],
    ['an empty string', ''],
    ['a blank string', '   '],
    ['text', 'abc'],
    ['a decimal comma', '1,50'],
    ['a plus sign', '+5'],
    ['a trailing dot', '12.'],
    ['a leading dot', '.5'],
    ['a currency sign', '€5'],
    ['a thousands separator', '1,000.00'],
    ['a double minus', '--5'],
    ['inner spaces', '1 000'],
  ])('refuses %s', (_name, value) => {
    expect(eurosToCents(value)).toBeNull();
  });
});

describe('centsToEuros', () => {
  it.each([
    [1234n, 12.34],
    [5n, 0.05],
    [100n, 1],
    [0n, 0],
    [-1234n, -12.34],
    [-1n, -0.01],
    [999999999999999n, 9999999999999.99],
  ])('turns %s cents into %s euros', (cents, euros) => {
    expect(centsToEuros(cents)).toBe(euros);
  });

  it('gives the double a person would type for every amount (1.39, never 1.3900000000000001)', () => {
    expect(centsToEuros(139n)).toBe(1.39);
    for (let cents = 0; cents <= 200_000; cents += 1) {
      const typed = Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
      if (centsToEuros(cents) !== typed) expect(`${cents} cents`).toBe(`${typed} euros`);
    }
  });

  it('takes integer numbers as well as bigints', () => {
    expect(centsToEuros(1999)).toBe(19.99);
    expect(centsToEuros(-250)).toBe(-2.5);
  });

  it('refuses a fractional number of cents instead of rounding it', () => {
    expect(() => centsToEuros(1.5)).toThrow(RangeError);
  });

  it('round-trips with eurosToCents', () => {
    for (const cents of [0n, 1n, -1n, 10n, 99n, 101n, 3000n, 123456789n, -987654321n, 999999999999999n]) {
      expect(eurosToCents(centsToEuros(cents))).toBe(cents);
    }
  });
});

describe('formatEuros', () => {
  it('formats English by default with two decimals', () => {
    expect(formatEuros(1234.5)).toBe('€1,234.50');
    expect(formatEuros(12)).toBe('€12.00');
    expect(formatEuros(0)).toBe('€0.00');
    expect(formatEuros(0.05)).toBe('€0.05');
  });

  it('rounds to cents for display', () => {
    expect(formatEuros(1.999)).toBe('€2.00');
    expect(formatEuros(0.125)).toBe('€0.13');
    expect(formatEuros(0.004)).toBe('€0.00');
  });

  it('formats negative and large amounts', () => {
    expect(formatEuros(-1234.5)).toBe('-€1,234.50');
    expect(formatEuros(1_000_000_000_000)).toBe('€1,000,000,000,000.00');
    expect(formatEuros(9999999999999.99)).toBe('€9,999,999,999,999.99');
  });

  it('follows the given locale', () => {
    expect(formatEuros(1234.5, 'de')).toBe(`1.234,50${NBSP}€`);
    expect(formatEuros(-1234.5, 'de')).toBe(`-1.234,50${NBSP}€`);
    expect(formatEuros(1234.5, 'fr')).toBe(`1${NARROW_NBSP}234,50${NBSP}€`);
    // Spanish groups thousands only from five digits on.
    expect(formatEuros(1234.5, 'es')).toBe(`1234,50${NBSP}€`);
    expect(formatEuros(12345.5, 'es')).toBe(`12.345,50${NBSP}€`);
  });

  it.each([
    ['a numeric string', '12'],
    ['null', null],
    ['undefined', undefined],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a bigint', 1234n],
    ['an object', {}],
  ])("shows '-' for %s", (_name, value) => {
    expect(formatEuros(value)).toBe('-');
    expect(formatEuros(value, 'de')).toBe('-');
  });
});

describe('percentToHundredths', () => {
  it('reads a percentage with at most two decimals', () => {
    expect(percentToHundredths('12.5')).toBe(1250n);
    expect(percentToHundredths(12.5)).toBe(1250n);
    expect(percentToHundredths('7')).toBe(700n);
    expect(percentToHundredths(0.01)).toBe(1n);
    expect(percentToHundredths('0')).toBe(0n);
  });

  it('throws a RangeError naming the value for anything else', () => {
    expect(() => percentToHundredths('12.345')).toThrow(
      new RangeError('not a percentage with two decimals: 12.345'),
    );
    expect(() => percentToHundredths('abc')).toThrow(
      new RangeError('not a percentage with two decimals: abc'),
    );
    expect(() => percentToHundredths(Number.NaN)).toThrow(RangeError);
  });
});

describe('divRound', () => {
  it.each([
    [4n, 2n, 2n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [1n, 3n, 0n],
    [0n, 7n, 0n],
    // Halves go away from zero, whatever the signs.
    [5n, 2n, 3n],
    [7n, 2n, 4n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [1n, 2n, 1n],
    [-1n, 2n, -1n],
    // Just below a half goes towards zero.
    [-4n, 3n, -1n],
    [-1n, 3n, 0n],
  ])('%s / %s = %s', (numerator, denominator, quotient) => {
    expect(divRound(numerator, denominator)).toBe(quotient);
  });

  it('is exact for amounts far beyond 2^53', () => {
    expect(divRound(10n ** 30n + 5n, 10n)).toBe(10n ** 29n + 1n);
    expect(divRound(10n ** 30n + 4n, 10n)).toBe(10n ** 29n);
  });
});

describe('expectedReturnCents', () => {
  it('is amount × rate × months / 12, in cents', () => {
    // 100.00 € at 12 % for 12 months: 12.00 €.
    expect(expectedReturnCents(10_000n, '12', 12)).toBe(1_200n);
    // 100.00 € at 8.5 % for 6 months: 4.25 €.
    expect(expectedReturnCents(10_000n, 8.5, 6)).toBe(425n);
    // 30.00 € at 10 % for 18 months: 4.50 €.
    expect(expectedReturnCents(3_000n, '10', 18)).toBe(450n);
    expect(expectedReturnCents(10_000n, '0', 12)).toBe(0n);
    expect(expectedReturnCents(10_000n, '12', 0)).toBe(0n);
  });

  it('rounds to the nearest cent, halves away from zero', () => {
    // 33.33 € at 10 % for 1 month = 0.27775 €.
    expect(expectedReturnCents(3_333n, '10', 1)).toBe(28n);
    // 0.05 € at 10 % for 12 months = exactly half a cent.
    expect(expectedReturnCents(5n, '10', 12)).toBe(1n);
    expect(expectedReturnCents(-5n, '10', 12)).toBe(-1n);
    // 0.04 € at 10 % for 12 months = 0.4 cent.
    expect(expectedReturnCents(4n, '10', 12)).toBe(0n);
  });

  it('stays exact for large amounts', () => {
    // 9,999,999,999,999.99 € at 12.34 % for 60 months.
    expect(expectedReturnCents(999_999_999_999_999n, '12.34', 60)).toBe(616_999_999_999_999n);
  });

  it('refuses a rate with more than two decimals', () => {
    expect(() => expectedReturnCents(10_000n, '12.345', 12)).toThrow(RangeError);
  });
});
