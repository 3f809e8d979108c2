/**
 * The arithmetic of investor protection (src-shared/rules/protection.ts), property by property: the
 * capacity to bear loss of EU 2020/1503 Art. 21(4) (10 % of a positive net worth, rounded down to the
 * cent, never negative) and the warning threshold of Art. 21(7) (the higher of EUR 1,000 and 5 % of the
 * net worth), with their edges to the cent. Replay a failure with FAST_CHECK_SEED.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lossCapacity, needsAcknowledgement, warningThresholdCents } from '../../src-shared/rules/protection';

const SEED = Number(process.env.FAST_CHECK_SEED ?? 25);
/** Cents from 0 to EUR 10 billion (the API's limit per field), small amounts drawn often. */
const cents = fc.oneof(
  fc.bigInt({ min: 0n, max: 1_000_000n }),
  fc.bigInt({ min: 0n, max: 1_000_000_000_000n }),
);
/** Any net worth, negative included. */
const netWorth = fc.oneof(
  fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
  fc.bigInt({ min: -2_000_000_000_000n, max: 3_000_000_000_000n }),
);
const FLOOR = 100_000n; // EUR 1,000

describe('lossCapacity (Art. 21(4)): 10 % of a positive net worth, rounded down, never negative', () => {
  it('net worth is income + liquid assets - commitments; capacity is the floor of its tenth, or 0', () => {
    fc.assert(
      fc.property(cents, cents, cents, (income, liquid, commitments) => {
        const { netWorthCents, capacityCents } = lossCapacity(income, liquid, commitments);
        expect(netWorthCents).toBe(income + liquid - commitments);
        expect(capacityCents >= 0n).toBe(true);
        if (netWorthCents <= 0n) {
          expect(capacityCents).toBe(0n);
        } else {
          // The largest whole cent amount whose tenfold does not exceed the net worth.
          expect(capacityCents * 10n <= netWorthCents).toBe(true);
          expect((capacityCents + 1n) * 10n > netWorthCents).toBe(true);
        }
      }),
      { numRuns: 500, seed: SEED },
    );
  });

  it('rises with income and liquid assets and falls with commitments', () => {
    fc.assert(
      fc.property(cents, cents, cents, fc.bigInt({ min: 1n, max: 1_000_000n }), (i, l, c, more) => {
        const base = lossCapacity(i, l, c).capacityCents;
        expect(lossCapacity(i + more, l, c).capacityCents >= base).toBe(true);
        expect(lossCapacity(i, l + more, c).capacityCents >= base).toBe(true);
        expect(lossCapacity(i, l, c + more).capacityCents <= base).toBe(true);
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('at the cent: EUR 23,000.55 gives 2,300.05; EUR 0.09 gives 0; EUR 0.10 gives 0.01; below zero gives 0', () => {
    expect(lossCapacity(3_000_000n, 500_055n, 1_200_000n)).toEqual({
      netWorthCents: 2_300_055n,
      capacityCents: 230_005n,
    });
    expect(lossCapacity(9n, 0n, 0n).capacityCents).toBe(0n);
    expect(lossCapacity(10n, 0n, 0n).capacityCents).toBe(1n);
    expect(lossCapacity(0n, 0n, 0n)).toEqual({ netWorthCents: 0n, capacityCents: 0n });
    expect(lossCapacity(0n, 100n, 101n)).toEqual({ netWorthCents: -1n, capacityCents: 0n });
  });
});

describe('warningThresholdCents (Art. 21(7)): the higher of EUR 1,000 and 5 % of the net worth', () => {
  it('is never below EUR 1,000, and is 5 % rounded down wherever that is higher', () => {
    fc.assert(
      fc.property(netWorth, (worth) => {
        const threshold = warningThresholdCents(worth);
        expect(threshold >= FLOOR).toBe(true);
        if (worth <= 0n) {
          expect(threshold).toBe(FLOOR);
          return;
        }
        const share = (worth * 5n) / 100n;
        expect(threshold).toBe(share > FLOOR ? share : FLOOR);
        if (threshold > FLOOR) {
          // 5 % rounded down: the largest whole cent amount whose twentyfold does not exceed it.
          expect(threshold * 20n <= worth).toBe(true);
          expect((threshold + 1n) * 20n > worth).toBe(true);
        }
      }),
      { numRuns: 500, seed: SEED },
    );
  });

  it('never falls when the net worth rises', () => {
    fc.assert(
      fc.property(netWorth, fc.bigInt({ min: 0n, max: 10_000_000n }), (worth, more) => {
        expect(warningThresholdCents(worth + more) >= warningThresholdCents(worth)).toBe(true);
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('is EUR 1,000 without a simulation, for a negative or zero net worth, and up to EUR 20,000', () => {
    expect(warningThresholdCents(null)).toBe(FLOOR);
    expect(warningThresholdCents(-1n)).toBe(FLOOR);
    expect(warningThresholdCents(0n)).toBe(FLOOR);
    expect(warningThresholdCents(1_999_999n)).toBe(FLOOR);
  });

  it('at EUR 20,000 exactly, 5 % is EUR 1,000; one cent above it is still EUR 1,000 (rounded down); it first rises at 20,000.20', () => {
    expect(warningThresholdCents(2_000_000n)).toBe(100_000n);
    expect(warningThresholdCents(2_000_001n)).toBe(100_000n);
    expect(warningThresholdCents(2_000_019n)).toBe(100_000n);
    expect(warningThresholdCents(2_000_020n)).toBe(100_001n);
    expect(warningThresholdCents(6_000_000n)).toBe(300_000n);
  });
});

describe('needsAcknowledgement (Art. 21(7)): only strictly above the threshold', () => {
  it('at the threshold no; one cent above yes', () => {
    fc.assert(
      fc.property(netWorth, (worth) => {
        const threshold = warningThresholdCents(worth);
        expect(needsAcknowledgement(threshold, threshold)).toBe(false);
        expect(needsAcknowledgement(threshold - 1n, threshold)).toBe(false);
        expect(needsAcknowledgement(threshold + 1n, threshold)).toBe(true);
      }),
      { numRuns: 200, seed: SEED },
    );
  });
});
