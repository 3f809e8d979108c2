import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitProRata as serverSplit } from '../../src-server/modules/ventures/money';
import { eurosToCents } from '../../src-shared/money';
import { repaymentShares, splitProRata, type RepaymentInvestment } from '../../src-shared/rules/repayment';

/**
 * The repayment preview of the back office (src-shared/rules/repayment.ts) against the contract:
 * "credited pro rata to the cent" — the shares add up to the amount exactly, each is the floor or
 * the ceiling of the exact share, and the split is the server's own.
 */
const SEED = Number(process.env.FAST_CHECK_SEED ?? 13);
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

const totalArb = fc.oneof(fc.bigInt({ min: 1n, max: 100n }), fc.bigInt({ min: 1n, max: 10n ** 12n }));
const weightsArb = fc.array(
  fc.oneof(fc.bigInt({ min: 1n, max: 5n }), fc.bigInt({ min: 3_000n, max: 10n ** 10n })),
  { minLength: 1, maxLength: 200 },
);

const investment = (
  id: string,
  investorId: string,
  amount: number,
  day: number,
  status = 'completed',
): RepaymentInvestment => ({
  id,
  amount,
  status,
  investmentDate: new Date(Date.UTC(2026, 0, day)).toISOString(),
  investor: { id: investorId, name: `Investor ${investorId}` },
});

describe('splitProRata (shared)', () => {
  it('credits exactly the total, each share the floor or the ceiling, as the server splits it', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const shares = splitProRata(total, weights);
        const all = sum(weights);
        expect(sum(shares)).toBe(total);
        shares.forEach((share, i) => {
          const floor = (total * weights[i]!) / all;
          expect(share === floor || share === floor + 1n).toBe(true);
        });
        expect(shares).toEqual(serverSplit(total, [...weights]));
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('gives the odd cent to the larger remainder, ties to the earlier one', () => {
    expect(splitProRata(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(splitProRata(1n, [2n, 1n])).toEqual([1n, 0n]);
    expect(splitProRata(10n, [1n, 2n])).toEqual([3n, 7n]); // 3.33 and 6.67
    expect(() => splitProRata(10n, [0n])).toThrow(RangeError);
  });
});

describe('repaymentShares (the preview of a repayment)', () => {
  it('splits per investor over completed investments, oldest investor first, to the cent', () => {
    const shares = repaymentShares(100, [
      investment('c', 'ann', 100, 3),
      investment('a', 'bob', 100, 1),
      investment('b', 'cem', 100, 2),
      investment('d', 'bob', 0.5, 4, 'refunded'),
    ]);
    expect(shares).toEqual([
      { investorId: 'bob', name: 'Investor bob', invested: 100, amount: 33.34 },
      { investorId: 'cem', name: 'Investor cem', invested: 100, amount: 33.33 },
      { investorId: 'ann', name: 'Investor ann', invested: 100, amount: 33.33 },
    ]);
  });

  it('adds an investor’s investments together and splits one cent', () => {
    const rows = [
      investment('a', 'ann', 30, 1),
      investment('b', 'bob', 50, 2),
      investment('c', 'ann', 20, 3),
    ];
    expect(repaymentShares(0.01, rows).map((s) => [s.investorId, s.invested, s.amount])).toEqual([
      ['ann', 50, 0.01],
      ['bob', 50, 0],
    ]);
  });

  it('always adds up to the amount exactly (random investments and amounts)', () => {
    const rowsArb = fc.array(
      fc.record({
        investor: fc.integer({ min: 0, max: 20 }),
        cents: fc.integer({ min: 1, max: 10_000_000 }),
        day: fc.integer({ min: 1, max: 28 }),
      }),
      { minLength: 1, maxLength: 80 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), rowsArb, (cents, rows) => {
        const amount = cents / 100;
        const list = rows.map((r, i) =>
          investment(`i${String(i).padStart(3, '0')}`, `p${r.investor}`, r.cents / 100, r.day),
        );
        const shares = repaymentShares(amount, list);
        const credited = shares.reduce((acc, s) => acc + eurosToCents(s.amount)!, 0n);
        expect(credited).toBe(BigInt(cents));
        expect(new Set(shares.map((s) => s.investorId)).size).toBe(shares.length);
      }),
      { numRuns: 200, seed: SEED },
    );
  });

  it('previews nothing for an amount that is not a positive two-decimal euro amount, or no completed investment', () => {
    const rows = [investment('a', 'ann', 30, 1)];
    for (const amount of [0, -5, 1.234, Number.NaN, '', undefined])
      expect(repaymentShares(amount, rows)).toEqual([]);
    expect(repaymentShares(10, [investment('a', 'ann', 30, 1, 'invested')])).toEqual([]);
  });
});
