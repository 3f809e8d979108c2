import { describe, expect, it } from 'vitest';
import { xirr, type CashFlow } from '../../src-shared/rules/xirr';

/**
 * XIRR (src-shared/rules/xirr.ts) on known cash flows. The expected values in the comments were
 * computed by a spreadsheet: LibreOffice Calc 7.4's =XIRR(values; dates) on the same flows (the
 * Excel documentation's example is quoted too). Closed forms are given where one exists.
 */
const flows = (...pairs: [number, string][]): CashFlow[] => pairs.map(([amount, date]) => ({ amount, date }));

/** The example of Excel's XIRR documentation. */
const EXCEL_EXAMPLE = flows(
  [-10000, '2008-01-01'],
  [2750, '2008-03-01'],
  [4250, '2008-10-30'],
  [3250, '2009-02-15'],
  [2750, '2009-04-01'],
);

describe('xirr on known cash flows', () => {
  it("the Excel documentation's example", () => {
    // Excel's documentation: 0.373362535; LibreOffice: 0.373362533518832 (Excel stops Newton's
    // method earlier); both agree to 8 decimals.
    expect(xirr(EXCEL_EXAMPLE)).toBeCloseTo(0.373362533518832, 10);
    expect(xirr(EXCEL_EXAMPLE)).toBeCloseTo(0.373362535, 8);
  });

  it('one year at +10 % and at -10 %', () => {
    // LibreOffice: 0.0999999999999999 (365 days: exactly 10 %).
    expect(xirr(flows([-1000, '2023-01-01'], [1100, '2024-01-01']))).toBeCloseTo(0.1, 12);
    // LibreOffice: -0.1.
    expect(xirr(flows([-1000, '2023-01-01'], [900, '2024-01-01']))).toBeCloseTo(-0.1, 12);
  });

  it('an investor: two investments, quarterly repayments, a third investment, the rest valued today', () => {
    const investor = flows(
      [-5000, '2024-01-15'],
      [-2500, '2024-03-01'],
      [450, '2024-04-15'],
      [450, '2024-07-15'],
      [450, '2024-10-15'],
      [-1000, '2024-11-20'],
      [5300, '2025-01-15'],
      [3600, '2025-03-01'],
    );
    // LibreOffice: 0.247923201841591.
    expect(xirr(investor)).toBeCloseTo(0.247923201841591, 10);
  });

  it('amounts with cents', () => {
    // LibreOffice: 0.331912252531799.
    const cents = flows(
      [-50, '2025-01-10'],
      [-30.5, '2025-02-03'],
      [12.34, '2025-05-03'],
      [80.5, '2025-08-01'],
    );
    expect(xirr(cents)).toBeCloseTo(0.331912252531799, 10);
  });

  it('short horizons give large annual rates', () => {
    // +10 % in 31 days: 1.1^(365/31) - 1; LibreOffice: 2.07160585347213.
    expect(xirr(flows([-100, '2024-01-01'], [110, '2024-02-01']))).toBeCloseTo(2.07160585347213, 10);
    // Doubled in 182 days: 2^(365/182) - 1; LibreOffice: 3.01526305019045.
    expect(xirr(flows([-1000, '2024-01-01'], [2000, '2024-07-01']))).toBeCloseTo(3.01526305019045, 10);
  });

  it('finds a near-total loss by bisection where Newton from 10 % fails', () => {
    // 1 back of 1,000 after 366 days: 0.001^(365/366) - 1 = -0.99898094711858 (closed form);
    // LibreOffice answers Err:502 (its Newton does not converge from the default guess).
    expect(xirr(flows([-1000, '2020-01-01'], [1, '2021-01-01']))).toBeCloseTo(-0.99898094711858, 9);
  });

  it('falls back to bisection from a hopeless guess and still finds the rate', () => {
    expect(xirr(EXCEL_EXAMPLE, 1e6)).toBeCloseTo(0.373362533518832, 9);
  });

  it('does not depend on the order of the flows, on Date or string dates, or on zero flows', () => {
    const shuffled = [
      EXCEL_EXAMPLE[3]!,
      EXCEL_EXAMPLE[0]!,
      EXCEL_EXAMPLE[4]!,
      EXCEL_EXAMPLE[1]!,
      EXCEL_EXAMPLE[2]!,
    ];
    expect(xirr(shuffled)).toBeCloseTo(0.373362533518832, 10);
    const asDates = EXCEL_EXAMPLE.map((f) => ({ ...f, date: new Date(`${String(f.date)}T00:00:00Z`) }));
    expect(xirr([...asDates, { amount: 0, date: '2007-01-01' }])).toBeCloseTo(0.373362533518832, 10);
  });
});

describe('xirr without an answer: null', () => {
  it('no flows, one flow, or flows of one sign only', () => {
    expect(xirr([])).toBeNull();
    expect(xirr(flows([-100, '2024-01-01']))).toBeNull();
    expect(xirr(flows([-100, '2024-01-01'], [-50, '2024-06-01']))).toBeNull();
    expect(xirr(flows([100, '2024-01-01'], [50, '2024-06-01']))).toBeNull();
    // A total loss: nothing came back (a spreadsheet answers #NUM!).
    expect(xirr(flows([-100, '2024-01-01'], [0, '2025-01-01']))).toBeNull();
  });

  it('every flow on the same day (no time has passed)', () => {
    expect(xirr(flows([-100, '2024-01-01'], [110, '2024-01-01']))).toBeNull();
  });

  it('flows whose present value never reaches zero (LibreOffice: Err:502)', () => {
    expect(xirr(flows([-100, '2024-01-01'], [50, '2024-06-01'], [-100, '2025-01-01']))).toBeNull();
  });

  it('an unreadable date or amount', () => {
    expect(xirr(flows([-100, 'not a date'], [110, '2025-01-01']))).toBeNull();
    expect(xirr(flows([Number.NaN, '2024-01-01'], [110, '2025-01-01']))).toBeNull();
  });
});
