import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitProRata } from '../../src-shared/rules/repayment';
import {
  LOAN_BUCKETS,
  addDays,
  addMonthsClamped,
  allocatePayment,
  annuityPaymentCents,
  buildSchedule,
  dailyLateInterestCents,
  daysBetween,
  distributePayment,
  installmentCount,
  loanStatusForDaysLate,
  monthsPerPeriod,
  owedCents,
  scheduleInterestCents,
  scheduleTermsProblem,
  type InstallmentBalance,
  type RepaymentFrequency,
  type RepaymentType,
  type ScheduleTerms,
  type ScheduledInstallment,
} from '../../src-shared/rules/schedule';

/**
 * The loan servicing arithmetic (src-shared/rules/schedule.ts) against the API contract, "Loan
 * servicing": the schedule's instalments, interest per period on the outstanding principal rounded
 * to the cent with the rounding rest in the last instalment, the allocation of a payment (oldest
 * instalment first; late interest, interest, principal) and the split over investors to the cent.
 */
const SEED = Number(process.env.FAST_CHECK_SEED ?? 24);
const RUNS = { numRuns: 500, seed: SEED };
const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
/** round-half-up(n / d), n >= 0, written out differently from the module (floor plus a comparison). */
const roundHalfUp = (n: bigint, d: bigint) => n / d + (2n * (n % d) >= d ? 1n : 0n);
/** The contract's interest of one period on `outstanding`. */
const periodInterest = (outstanding: bigint, rate: bigint, mpp: number) =>
  roundHalfUp(outstanding * rate * BigInt(mpp), 120_000n);

const terms = (over: Partial<ScheduleTerms> = {}): ScheduleTerms => ({
  principalCents: 1_200_000n,
  rateHundredths: 1200n,
  months: 12,
  type: 'annuity',
  frequency: 'monthly',
  gracePeriods: 0,
  disbursedOn: '2027-01-31',
  ...over,
});
const cents = (s: readonly ScheduledInstallment[]) =>
  s.map((r) => [r.number, r.dueDate, r.principalCents, r.interestCents]);

// Terms over the whole range: principal 1..10^9 cents (small ones often), rate 0.01 %..100 %,
// 1..360 months in whole periods, every type and frequency, grace 0..n-1.
const termsArb: fc.Arbitrary<ScheduleTerms> = fc
  .record({
    frequency: fc.constantFrom<RepaymentFrequency>('monthly', 'quarterly'),
    type: fc.constantFrom<RepaymentType>('bullet', 'annuity', 'equal_principal'),
    principalCents: fc.oneof(
      fc.bigInt({ min: 1n, max: 2_000n }),
      fc.bigInt({ min: 1n, max: 1_000_000_000n }),
    ),
    rateHundredths: fc.oneof(fc.bigInt({ min: 1n, max: 10_000n }), fc.constantFrom(1n, 1200n, 10_000n)),
    day: fc.integer({ min: 0, max: 3_000 }),
  })
  .chain((t) => {
    const mpp = t.frequency === 'monthly' ? 1 : 3;
    return fc.oneof(fc.integer({ min: 1, max: 360 / mpp }), fc.constantFrom(1, 360 / mpp)).chain((count) =>
      fc.integer({ min: 0, max: count - 1 }).map((gracePeriods) => ({
        principalCents: t.principalCents,
        rateHundredths: t.rateHundredths,
        months: count * mpp,
        type: t.type,
        frequency: t.frequency,
        gracePeriods,
        disbursedOn: addDays('2026-01-01', t.day),
      })),
    );
  });

describe('dates', () => {
  it('adds months from the start date, clamped to the end of a shorter month', () => {
    expect(addMonthsClamped('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsClamped('2027-01-31', 2)).toBe('2027-03-31');
    expect(addMonthsClamped('2027-01-31', 3)).toBe('2027-04-30');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonthsClamped('2100-01-29', 1)).toBe('2100-02-28'); // 2100 is no leap year
    expect(addMonthsClamped('2000-01-30', 1)).toBe('2000-02-29'); // 2000 is one
    expect(addMonthsClamped('2027-11-15', 2)).toBe('2028-01-15');
    expect(addMonthsClamped('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonthsClamped('2027-05-10', 0)).toBe('2027-05-10');
    expect(addMonthsClamped('2027-01-31', 360)).toBe('2057-01-31');
  });

  it('counts whole days and adds them, as UTC midnights do', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    expect(daysBetween('2027-12-31', '2027-01-01')).toBe(-364);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
    const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.integer({ min: -200_000, max: 200_000 }),
        fc.integer({ min: -50_000, max: 50_000 }),
        (from, step) => {
          const start = isoOf(Date.UTC(2000, 0, 1) + from * 86_400_000);
          const end = addDays(start, step);
          expect(end).toBe(isoOf(utc(start) + step * 86_400_000));
          expect(daysBetween(start, end)).toBe(step);
        },
      ),
      RUNS,
    );
  });

  it('refuses what is not a calendar date', () => {
    for (const bad of [
      '2027-02-29',
      '2027-13-01',
      '2027-00-10',
      '2027-1-01',
      '27-01-01',
      '2027-01-01T00:00Z',
      '',
    ])
      expect(() => addDays(bad, 1), bad).toThrow(RangeError);
    expect(() => addMonthsClamped('2027-01-01', 1.5)).toThrow(RangeError);
    expect(() => daysBetween('2027-04-31', '2027-05-01')).toThrow(RangeError);
  });
});

describe('schedule terms', () => {
  it('counts instalments in whole periods', () => {
    expect(monthsPerPeriod('monthly')).toBe(1);
    expect(monthsPerPeriod('quarterly')).toBe(3);
    expect(installmentCount(24, 'quarterly')).toBe(8);
    expect(installmentCount(7, 'monthly')).toBe(7);
    expect(() => installmentCount(7, 'quarterly')).toThrow(RangeError);
    expect(() => installmentCount(0, 'monthly')).toThrow(RangeError);
    expect(() => installmentCount(1.5, 'monthly')).toThrow(RangeError);
  });

  it('names why terms cannot make a schedule', () => {
    expect(scheduleTermsProblem({ months: 12, frequency: 'quarterly', gracePeriods: 3 })).toBeNull();
    expect(scheduleTermsProblem({ months: 1, frequency: 'monthly', gracePeriods: 0 })).toBeNull();
    expect(scheduleTermsProblem({ months: 13, frequency: 'quarterly', gracePeriods: 0 })).toBe(
      'schedule.period_not_whole',
    );
    expect(scheduleTermsProblem({ months: 12, frequency: 'quarterly', gracePeriods: 4 })).toBe(
      'schedule.grace_too_long',
    );
    expect(scheduleTermsProblem({ months: 12, frequency: 'monthly', gracePeriods: 12 })).toBe(
      'schedule.grace_too_long',
    );
    expect(scheduleTermsProblem({ months: 12, frequency: 'monthly', gracePeriods: -1 })).toBe(
      'schedule.grace_too_long',
    );
    expect(scheduleTermsProblem({ months: 12, frequency: 'monthly', gracePeriods: 1.5 })).toBe(
      'schedule.grace_too_long',
    );
  });

  it('refuses to build a schedule from such terms', () => {
    expect(() => buildSchedule(terms({ frequency: 'quarterly', months: 13 }))).toThrow(
      'schedule.period_not_whole',
    );
    expect(() => buildSchedule(terms({ gracePeriods: 12 }))).toThrow('schedule.grace_too_long');
    expect(() => buildSchedule(terms({ principalCents: 0n }))).toThrow(RangeError);
    expect(() => buildSchedule(terms({ rateHundredths: 0n }))).toThrow(RangeError);
    expect(() => buildSchedule(terms({ months: 361 }))).toThrow(RangeError);
    expect(() => buildSchedule(terms({ disbursedOn: '2027-02-30' }))).toThrow(RangeError);
  });
});

describe('buildSchedule, known examples', () => {
  it('annuity: 12,000.00 at 12 % over 12 months pays 1,066.19 a month, the rest in the last', () => {
    // Spreadsheet PMT(1%, 12, -12000) = 1066.1855…
    expect(annuityPaymentCents(1_200_000n, 1200n, 'monthly', 12)).toBe(106_619n);
    const s = buildSchedule(terms());
    expect(cents(s)).toEqual([
      [1, '2027-02-28', 94_619n, 12_000n],
      [2, '2027-03-31', 95_565n, 11_054n],
      [3, '2027-04-30', 96_521n, 10_098n],
      [4, '2027-05-31', 97_486n, 9_133n],
      [5, '2027-06-30', 98_461n, 8_158n],
      [6, '2027-07-31', 99_446n, 7_173n],
      [7, '2027-08-31', 100_440n, 6_179n],
      [8, '2027-09-30', 101_444n, 5_175n],
      [9, '2027-10-31', 102_459n, 4_160n],
      [10, '2027-11-30', 103_483n, 3_136n],
      [11, '2027-12-31', 104_518n, 2_101n],
      [12, '2028-01-31', 105_558n, 1_056n],
    ]);
    expect(s.slice(0, 11).every((r) => r.principalCents + r.interestCents === 106_619n)).toBe(true);
    expect(s[11]!.principalCents + s[11]!.interestCents).toBe(106_614n);
    expect(scheduleInterestCents(s)).toBe(79_423n);
  });

  it('annuity with grace: interest only first, then the payment over the periods left', () => {
    const s = buildSchedule(terms({ months: 14, gracePeriods: 2 }));
    expect(cents(s.slice(0, 2))).toEqual([
      [1, '2027-02-28', 0n, 12_000n],
      [2, '2027-03-31', 0n, 12_000n],
    ]);
    expect(cents(s.slice(2)).map(([n, , p, i]) => [n, p, i])).toEqual(
      cents(buildSchedule(terms())).map(([n, , p, i]) => [Number(n) + 2, p, i]),
    );
  });

  it('equal principal: 12,000.00 at 12 % over 12 months, 1,000.00 each, interest 120.00 down to 10.00', () => {
    const s = buildSchedule(terms({ type: 'equal_principal' }));
    expect(s.map((r) => r.principalCents)).toEqual(Array(12).fill(100_000n));
    expect(s.map((r) => r.interestCents)).toEqual(
      [120, 110, 100, 90, 80, 70, 60, 50, 40, 30, 20, 10].map((e) => BigInt(e * 100)),
    );
  });

  it('equal principal: floor(P / m) each, the rest in the last', () => {
    const s = buildSchedule(terms({ type: 'equal_principal', principalCents: 1_000_000n, months: 3 }));
    expect(s.map((r) => r.principalCents)).toEqual([333_333n, 333_333n, 333_334n]);
    expect(s.map((r) => r.interestCents)).toEqual([10_000n, 6_667n, 3_333n]);
  });

  it('bullet: interest each period, all principal at the end; grace changes nothing', () => {
    const plain = buildSchedule(terms({ type: 'bullet' }));
    const withGrace = buildSchedule(terms({ type: 'bullet', gracePeriods: 2 }));
    expect(withGrace).toEqual(plain);
    expect(plain.map((r) => r.interestCents)).toEqual(Array(12).fill(12_000n));
    expect(plain.map((r) => r.principalCents)).toEqual([...Array(11).fill(0n), 1_200_000n]);
    expect(scheduleInterestCents(plain)).toBe(144_000n); // 12,000 x 12 % x 12 / 12
  });

  it('bullet: the total is the simple-interest formula, the rounding rest in the last', () => {
    // 1,000.01 at 7.35 % over 7 months: 6.12506… a month, 6.13 each; total 42.8754… -> 42.88.
    const s = buildSchedule(
      terms({ type: 'bullet', principalCents: 100_001n, rateHundredths: 735n, months: 7 }),
    );
    expect(s.map((r) => r.interestCents)).toEqual([613n, 613n, 613n, 613n, 613n, 613n, 610n]);
    expect(scheduleInterestCents(s)).toBe(4_288n);
  });

  it('bullet: when rounding each period up would make the last interest negative, they round down', () => {
    // 0.60 at 10 % over 120 months: 0.5 cent a month; half up would be 1 cent x 119 > 60 cents in all.
    const s = buildSchedule(
      terms({ type: 'bullet', principalCents: 60n, rateHundredths: 1000n, months: 120 }),
    );
    expect(s.slice(0, 119).every((r) => r.interestCents === 0n)).toBe(true);
    expect(s[119]).toMatchObject({ principalCents: 60n, interestCents: 60n });
  });

  it('annuity: a payment of a few cents whose rounding repays the loan early leaves later instalments at 0', () => {
    // 4.90 at 0.98 % over 100 months: 5 cents a month (4.9 + interest that rounds to 0 each month).
    expect(annuityPaymentCents(490n, 98n, 'monthly', 100)).toBe(5n);
    const s = buildSchedule(terms({ principalCents: 490n, rateHundredths: 98n, months: 100 }));
    expect(s.slice(0, 98).every((r) => r.principalCents === 5n && r.interestCents === 0n)).toBe(true);
    expect(cents(s.slice(98)).map(([, , p, i]) => [p, i])).toEqual([
      [0n, 0n],
      [0n, 0n],
    ]);
    // 119.99 at 1.01 % over 360 months: 0.39 a month; the interest rounds down month after month.
    const small = buildSchedule(terms({ principalCents: 11_999n, rateHundredths: 101n, months: 360 }));
    expect(annuityPaymentCents(11_999n, 101n, 'monthly', 360)).toBe(39n);
    expect(small.slice(0, 356).every((r) => r.principalCents + r.interestCents === 39n)).toBe(true);
    expect(cents(small.slice(356)).map(([n, , p, i]) => [n, p, i])).toEqual([
      [357, 9n, 0n],
      [358, 0n, 0n],
      [359, 0n, 0n],
      [360, 0n, 0n],
    ]);
  });

  it('quarterly over 24 months: 8 instalments, every 3 months', () => {
    for (const type of ['bullet', 'annuity', 'equal_principal'] as const) {
      const s = buildSchedule(terms({ type, frequency: 'quarterly', months: 24, disbursedOn: '2027-01-31' }));
      expect(s.map((r) => r.dueDate)).toEqual([
        '2027-04-30',
        '2027-07-31',
        '2027-10-31',
        '2028-01-31',
        '2028-04-30',
        '2028-07-31',
        '2028-10-31',
        '2029-01-31',
      ]);
      expect(s[0]!.interestCents).toBe(36_000n); // 12,000 x 12 % x 3 / 12
      expect(sum(s.map((r) => r.principalCents))).toBe(1_200_000n);
    }
  });

  it('month-end start dates clamp each month without drifting, leap years included', () => {
    expect(buildSchedule(terms({ months: 3 })).map((r) => r.dueDate)).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(buildSchedule(terms({ months: 2, disbursedOn: '2028-01-31' })).map((r) => r.dueDate)).toEqual([
      '2028-02-29',
      '2028-03-31',
    ]);
  });
});

describe('buildSchedule, properties over all terms', () => {
  /** The annuity payment from its definition, independently of the module's closed form: the
   * rounded payment c satisfies (c − ½)·S <= P·(1+r)^m < (c + ½)·S, S = Σ_k (1+r)^(m−k), k = 1..m. */
  const paymentBracketsDefinition = (P: bigint, rate: bigint, mpp: number, m: number, c: bigint) => {
    const a = rate * BigInt(mpp);
    const b = 120_000n;
    // S = Σ b^k (a+b)^(m−k), the present values scaled by (a+b)^m, by Horner: S_j = S_(j−1)·(a+b) + b^j.
    let S = 0n;
    let bPower = 1n;
    for (let j = 1; j <= m; j += 1) {
      bPower *= b;
      S = S * (a + b) + bPower;
    }
    const value = 2n * P * (a + b) ** BigInt(m);
    return (2n * c - 1n) * S <= value && value < (2n * c + 1n) * S;
  };

  /** What is wrong with a schedule for terms `t`, one line per problem (one expect per run, not
   * thousands: the checks walk every instalment of 500 schedules of up to 360). */
  const scheduleProblems = (t: ScheduleTerms, s: readonly ScheduledInstallment[]): string[] => {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    const mpp = monthsPerPeriod(t.frequency);
    const n = t.months / mpp;
    const g = t.gracePeriods;
    const m = n - g;
    const P = t.principalCents;
    check(s.length === n && s.every((r, i) => r.number === i + 1), 'numbers 1..n');
    check(sum(s.map((r) => r.principalCents)) === P, 'principal adds up to P');
    s.forEach((r, i) => {
      check(r.principalCents >= 0n && r.interestCents >= 0n, `#${r.number} negative`);
      // Due dates: k periods after the start, strictly increasing.
      check(r.dueDate === addMonthsClamped(t.disbursedOn, (i + 1) * mpp), `#${r.number} due date`);
      check(
        daysBetween(i === 0 ? t.disbursedOn : s[i - 1]!.dueDate, r.dueDate) > 0,
        `#${r.number} not later`,
      );
      // Grace: interest only.
      if (i < g) check(r.principalCents === 0n, `#${r.number} principal in grace`);
    });

    if (t.type === 'bullet') {
      const each = periodInterest(P, t.rateHundredths, mpp);
      const total = roundHalfUp(P * t.rateHundredths * BigInt(t.months), 120_000n);
      // Half up per period, unless that would leave the last a negative interest: then floor.
      const earlier = each * BigInt(n - 1) <= total ? each : (P * t.rateHundredths * BigInt(mpp)) / 120_000n;
      for (const r of s.slice(0, n - 1))
        check(r.principalCents === 0n && r.interestCents === earlier, `#${r.number} bullet period`);
      check(s[n - 1]!.interestCents === total - earlier * BigInt(n - 1), 'bullet last interest: the rest');
      check(scheduleInterestCents(s) === total, 'bullet total: the simple-interest formula');
      return problems;
    }

    // Interest of every instalment: the formula on the outstanding before it.
    let outstanding = P;
    for (const r of s) {
      check(r.interestCents === periodInterest(outstanding, t.rateHundredths, mpp), `#${r.number} interest`);
      outstanding -= r.principalCents;
    }
    const amortising = s.slice(g, n - 1); // the last is the rest, checked by the sum above
    if (t.type === 'equal_principal') {
      for (const r of amortising) check(r.principalCents === P / BigInt(m), `#${r.number} floor(P / m)`);
      return problems;
    }
    const payment = annuityPaymentCents(P, t.rateHundredths, t.frequency, m);
    check(paymentBracketsDefinition(P, t.rateHundredths, mpp, m, payment), 'payment: the rounded definition');
    // Every amortising instalment but the last pays exactly the payment, unless the principal ran
    // out before (then it takes what is left, and the later ones owe nothing).
    outstanding = P;
    for (const r of amortising) {
      if (r.principalCents + r.interestCents !== payment)
        check(
          r.principalCents === outstanding && payment - r.interestCents > outstanding,
          `#${r.number} pays neither the payment nor what is left`,
        );
      outstanding -= r.principalCents;
    }
    return problems;
  };

  it('adds principal up to P, owes nothing negative, follows the interest rule, rest in the last', () => {
    fc.assert(
      fc.property(termsArb, (t) => {
        expect(scheduleProblems(t, buildSchedule(t))).toEqual([]);
      }),
      RUNS,
    );
  });

  it('pays exactly the payment in every amortising instalment but the last on ordinary loans', () => {
    // Rounding moves the outstanding by at most 1 cent a period, compounded: ((1+r)^(m-1) - 1) / r
    // cents at most before the last instalment, less than its principal (about PMT / (1+r)) from
    // 20,000.00 up at 1 % to 20 % a year over up to 360 months. Smaller loans may end early (see
    // 119.99 at 1.01 % over 360 months above).
    const ordinary = termsArb
      .filter((t) => t.type === 'annuity')
      .map((t) => ({
        ...t,
        principalCents: 2_000_000n + (t.principalCents % 1_000_000_000n),
        rateHundredths: 100n + (t.rateHundredths % 1_901n),
      }));
    fc.assert(
      fc.property(ordinary, (t) => {
        const s = buildSchedule(t);
        const payment = annuityPaymentCents(
          t.principalCents,
          t.rateHundredths,
          t.frequency,
          s.length - t.gracePeriods,
        );
        for (const r of s.slice(t.gracePeriods, -1)) expect(r.principalCents + r.interestCents).toBe(payment);
        expect(s.at(-1)!.principalCents > 0n).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('allocatePayment', () => {
  const balances = (s: readonly ScheduledInstallment[]): InstallmentBalance[] =>
    s.map((r) => ({
      number: r.number,
      principalCents: r.principalCents,
      interestCents: r.interestCents,
      lateInterestCents: 0n,
      paidPrincipalCents: 0n,
      paidInterestCents: 0n,
      paidLateInterestCents: 0n,
    }));
  const row = (number: number, over: Partial<InstallmentBalance> = {}): InstallmentBalance => ({
    number,
    principalCents: 10_000n,
    interestCents: 1_000n,
    lateInterestCents: 0n,
    paidPrincipalCents: 0n,
    paidInterestCents: 0n,
    paidLateInterestCents: 0n,
    ...over,
  });

  it('pays the oldest instalment first: late interest, then interest, then principal', () => {
    const rows = [
      row(3),
      row(1, { lateInterestCents: 50n, paidLateInterestCents: 20n, paidInterestCents: 400n }),
      row(2, { lateInterestCents: 7n }),
    ];
    expect(owedCents(rows)).toBe(30n + 600n + 10_000n + 7n + 11_000n + 11_000n);
    expect(allocatePayment(rows, 10n)).toEqual([
      { number: 1, lateInterestCents: 10n, interestCents: 0n, principalCents: 0n },
    ]);
    expect(allocatePayment(rows, 500n)).toEqual([
      { number: 1, lateInterestCents: 30n, interestCents: 470n, principalCents: 0n },
    ]);
    expect(allocatePayment(rows, 30n + 600n + 10_000n + 7n + 500n)).toEqual([
      { number: 1, lateInterestCents: 30n, interestCents: 600n, principalCents: 10_000n },
      { number: 2, lateInterestCents: 7n, interestCents: 500n, principalCents: 0n },
    ]);
  });

  it('skips what is paid, and refuses nothing, less than nothing, or more than is owed', () => {
    const rows = [row(1, { paidPrincipalCents: 10_000n, paidInterestCents: 1_000n }), row(2)];
    expect(allocatePayment(rows, 1n)).toEqual([
      { number: 2, lateInterestCents: 0n, interestCents: 1n, principalCents: 0n },
    ]);
    expect(allocatePayment(rows, 0n)).toBeNull();
    expect(allocatePayment(rows, -5n)).toBeNull();
    expect(allocatePayment(rows, 11_001n)).toBeNull();
    expect(allocatePayment(rows, 11_000n)).toEqual([
      { number: 2, lateInterestCents: 0n, interestCents: 1_000n, principalCents: 10_000n },
    ]);
    expect(allocatePayment([], 1n)).toBeNull();
    expect(() => owedCents([row(1, { paidInterestCents: 1_001n })])).toThrow(RangeError);
  });

  it('settles the oldest instalments in full, interest included, when paid before their due dates', () => {
    const s = buildSchedule(terms());
    const rows = balances(s);
    const firstTwo = s[0]!.principalCents + s[0]!.interestCents + s[1]!.principalCents + s[1]!.interestCents;
    expect(allocatePayment(rows, firstTwo + 100n)).toEqual([
      { number: 1, lateInterestCents: 0n, interestCents: 12_000n, principalCents: 94_619n },
      { number: 2, lateInterestCents: 0n, interestCents: 11_054n, principalCents: 95_565n },
      { number: 3, lateInterestCents: 0n, interestCents: 100n, principalCents: 0n },
    ]);
    // Paying the whole loan at once pays the whole schedule's interest too (the contract's rule).
    const all = allocatePayment(rows, owedCents(rows))!;
    expect(sum(all.map((a) => a.interestCents))).toBe(scheduleInterestCents(s));
    expect(sum(all.map((a) => a.principalCents))).toBe(1_200_000n);
  });

  it('allocates exactly the amount, in order, each part only after the ones before it are settled', () => {
    const rowArb = fc
      .record({
        principal: fc.bigInt({ min: 0n, max: 1_000_000n }),
        interest: fc.bigInt({ min: 0n, max: 100_000n }),
        late: fc.bigInt({ min: 0n, max: 10_000n }),
        paid: fc.tuple(
          fc.integer({ min: 0, max: 4 }),
          fc.integer({ min: 0, max: 4 }),
          fc.integer({ min: 0, max: 4 }),
        ),
      })
      .map(({ principal, interest, late, paid: [p, i, l] }) => ({
        principalCents: principal,
        interestCents: interest,
        lateInterestCents: late,
        // Whatever was paid before, up to all of each part.
        paidPrincipalCents: (principal * BigInt(p)) / 4n,
        paidInterestCents: (interest * BigInt(i)) / 4n,
        paidLateInterestCents: (late * BigInt(l)) / 4n,
      }));
    const caseArb = fc
      .array(rowArb, { minLength: 1, maxLength: 30 })
      .map((list) => list.map((r, i) => ({ number: i + 1, ...r })))
      .filter((rows) => owedCents(rows) > 0n)
      .chain((rows) =>
        fc.tuple(
          fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }),
          fc.bigInt({ min: 1n, max: owedCents(rows) }),
        ),
      );
    fc.assert(
      fc.property(caseArb, ([rows, amount]) => {
        const allocations = allocatePayment(rows, amount)!;
        expect(allocations).not.toBeNull();
        const total = sum(allocations.map((a) => a.lateInterestCents + a.interestCents + a.principalCents));
        expect(total).toBe(amount);
        expect(allocatePayment(rows, owedCents(rows) + 1n)).toBeNull();
        // Walk the unpaid parts in the contract's order: each gets min(unpaid, what is left).
        const byNumber = new Map(allocations.map((a) => [a.number, a]));
        expect(allocations.map((a) => a.number)).toEqual([...byNumber.keys()].sort((x, y) => x - y));
        let left = amount;
        for (const r of [...rows].sort((x, y) => x.number - y.number)) {
          const got = byNumber.get(r.number);
          for (const [owed, key] of [
            [r.lateInterestCents - r.paidLateInterestCents, 'lateInterestCents'],
            [r.interestCents - r.paidInterestCents, 'interestCents'],
            [r.principalCents - r.paidPrincipalCents, 'principalCents'],
          ] as const) {
            const expected = owed < left ? owed : left;
            expect(got?.[key] ?? 0n).toBe(expected);
            left -= expected;
          }
        }
        expect(left).toBe(0n);
      }),
      RUNS,
    );
  });
});

describe('distributePayment', () => {
  const primes = (count: number) => {
    const found: bigint[] = [];
    for (let x = 2; found.length < count; x += 1)
      if (found.every((p) => x % Number(p) !== 0)) found.push(BigInt(x));
    return found;
  };

  /** Every part adds up to the cent, each share the floor or ceiling of the exact one, fee exact. */
  const expectExact = (
    parts: { principalCents: bigint; interestCents: bigint; lateInterestCents: bigint },
    weights: readonly bigint[],
    feeHundredths: bigint,
  ) => {
    const d = distributePayment(parts, weights, feeHundredths);
    const all = sum(weights);
    for (const [key, total] of [
      ['principal', parts.principalCents],
      ['interest', parts.interestCents],
      ['lateInterest', parts.lateInterestCents],
    ] as const) {
      expect(d[key]).toHaveLength(weights.length);
      expect(sum(d[key])).toBe(total);
      expect(d[key]).toEqual(splitProRata(total, weights));
      d[key].forEach((share, i) => {
        const floor = (total * weights[i]!) / all;
        expect(share === floor || share === floor + 1n).toBe(true);
      });
    }
    d.fee.forEach((fee, i) => {
      expect(fee).toBe(roundHalfUp(feeHundredths * (d.interest[i]! + d.lateInterest[i]!), 10_000n));
      expect(d.credit[i]).toBe(d.principal[i]! + d.interest[i]! + d.lateInterest[i]! - fee);
      expect(d.credit[i]! >= 0n).toBe(true);
    });
    expect(sum(d.credit) + sum(d.fee)).toBe(
      parts.principalCents + parts.interestCents + parts.lateInterestCents,
    );
    return d;
  };

  it('splits over 1,000 investors with awkward weights exactly to the cent', () => {
    // 700 primes, 299 investors of 1 cent, one of 10^12 cents.
    const weights = [...primes(700), ...Array<bigint>(299).fill(1n), 1_000_000_000_000n];
    expect(weights).toHaveLength(1_000);
    const d = expectExact(
      { principalCents: 123_456_789n, interestCents: 9_876_543n, lateInterestCents: 1_001n },
      weights,
      100n,
    );
    // The huge investor takes nearly everything; a 1-cent one at most the odd cent of each part.
    expect(d.principal[999]! >= 123_456_789n - 1_000n).toBe(true);
    expect(d.principal[700]! <= 1n).toBe(true);
    expectExact({ principalCents: 999n, interestCents: 1n, lateInterestCents: 0n }, weights, 100n);
    expectExact({ principalCents: 0n, interestCents: 0n, lateInterestCents: 0n }, weights, 100n);
  });

  it('takes the fee of interest and late interest per investor, half up', () => {
    const d = distributePayment(
      { principalCents: 1_000n, interestCents: 150n, lateInterestCents: 50n },
      [1n, 1n],
      100n,
    );
    expect(d.interest).toEqual([75n, 75n]);
    expect(d.lateInterest).toEqual([25n, 25n]);
    expect(d.fee).toEqual([1n, 1n]); // 1 % of 100 cents each
    expect(d.credit).toEqual([599n, 599n]);
    expect(
      distributePayment({ principalCents: 0n, interestCents: 50n, lateInterestCents: 0n }, [1n], 100n).fee,
    ).toEqual([
      1n, // 0.5 cent rounds up
    ]);
    expect(
      distributePayment({ principalCents: 0n, interestCents: 49n, lateInterestCents: 0n }, [1n], 100n).fee,
    ).toEqual([0n]);
  });

  it('refuses negative parts or weights, no weight at all, and a fee rate beyond 100 %', () => {
    const parts = { principalCents: 1n, interestCents: 1n, lateInterestCents: 1n };
    expect(() => distributePayment({ ...parts, interestCents: -1n }, [1n], 100n)).toThrow(RangeError);
    expect(() => distributePayment(parts, [1n, -1n, 5n], 100n)).toThrow(RangeError);
    expect(() => distributePayment(parts, [0n, 0n], 100n)).toThrow(RangeError);
    expect(() => distributePayment(parts, [], 100n)).toThrow(RangeError);
    expect(() => distributePayment(parts, [1n], 10_001n)).toThrow(RangeError);
  });

  it('is exact for any payment, weights and fee rate', () => {
    const weightsArb = fc
      .array(
        fc.oneof(
          fc.bigInt({ min: 0n, max: 3n }),
          fc.bigInt({ min: 1n, max: 10n ** 6n }),
          fc.bigInt({ min: 1n, max: 10n ** 12n }),
        ),
        { minLength: 1, maxLength: 200 },
      )
      .filter((w) => sum(w) > 0n);
    const partArb = fc.oneof(fc.bigInt({ min: 0n, max: 1_000n }), fc.bigInt({ min: 0n, max: 10n ** 10n }));
    fc.assert(
      fc.property(
        fc.record({ principalCents: partArb, interestCents: partArb, lateInterestCents: partArb }),
        weightsArb,
        fc.oneof(fc.constant(100n), fc.bigInt({ min: 0n, max: 10_000n })),
        (parts, weights, fee) => {
          expectExact(parts, weights, fee);
        },
      ),
      RUNS,
    );
  });
});

describe('late interest and loan status', () => {
  it('accrues a day of late interest on unpaid principal, half up', () => {
    expect(dailyLateInterestCents(100_000n, 1200n)).toBe(33n); // 32.876…
    expect(dailyLateInterestCents(1_825n, 1000n)).toBe(1n); // exactly 0.5
    expect(dailyLateInterestCents(1_824n, 1000n)).toBe(0n);
    expect(dailyLateInterestCents(0n, 1200n)).toBe(0n);
    expect(dailyLateInterestCents(365_000_000n, 1000n)).toBe(100_000n); // 3,650,000.00 at 10 %: 1,000.00 a day
  });

  it('maps days past due to the contract loanStatus buckets', () => {
    const cases: [number, string][] = [
      [-3, 'current'],
      [0, 'current'],
      [1, 'late_1_15'],
      [15, 'late_1_15'],
      [16, 'late_16_30'],
      [30, 'late_16_30'],
      [31, 'late_31_60'],
      [60, 'late_31_60'],
      [61, 'late_61_90'],
      [90, 'late_61_90'],
      [91, 'default'],
      [10_000, 'default'],
    ];
    for (const [days, status] of cases) expect(loanStatusForDaysLate(days), String(days)).toBe(status);
    expect(() => loanStatusForDaysLate(1.5)).toThrow(RangeError);
    expect(() => loanStatusForDaysLate(Number.NaN)).toThrow(RangeError);
    // The buckets follow each other without a gap.
    LOAN_BUCKETS.forEach((bucket, i) => {
      if (i > 0) expect(bucket.fromDays).toBe(LOAN_BUCKETS[i - 1]!.toDays! + 1);
      expect(loanStatusForDaysLate(bucket.fromDays)).toBe(bucket.status);
    });
  });
});
