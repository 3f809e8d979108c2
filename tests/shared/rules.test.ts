import { describe, expect, it } from 'vitest';
import {
  checkInvestment,
  checkInvestmentAmount,
  isOpenForInvestment,
  leftToFundCents,
  type InvestTerms,
} from '../../src-shared/rules/invest';
import {
  changedMoneyTerms,
  checkRequired,
  checkVentureTerms,
  loanToValueOf,
  CREATE_REQUIRED_FIELDS,
  decideReview,
  hasMoneyIn,
  REVIEW_RULES,
  reviewRule,
  termsAreFrozen,
  type ReviewInput,
  type VentureTerms,
} from '../../src-shared/rules/venture';
import { ADMIN_STATUSES, LIFECYCLE_STATUSES } from '../../src-shared/constants/enums';

const NOW = new Date('2026-06-01T12:00:00Z');
const LATER = new Date('2026-07-01T00:00:00Z');
const open = {
  adminStatus: 'approved',
  visibility: 'public',
  lifecycleStatus: 'new',
  cancelledAt: null,
  goesLiveAt: '2026-05-01T00:00:00Z',
  closingDate: LATER.toISOString(),
};
// Minimum €100, maximum €1,000, target €5,000, €4,950 funded: €50 left.
const terms: InvestTerms = {
  minInvestmentCents: 10_000n,
  maxInvestmentCents: 100_000n,
  targetAmountCents: 500_000n,
  amountFundedCents: 100_000n,
};

describe('invest rules', () => {
  it('a venture is open only approved, new, live and before its closing date', () => {
    expect(isOpenForInvestment(open, NOW)).toBe(true);
    expect(isOpenForInvestment({ ...open, adminStatus: 'under-review' }, NOW)).toBe(false);
    expect(isOpenForInvestment({ ...open, visibility: 'draft' }, NOW)).toBe(false);
    expect(isOpenForInvestment({ ...open, lifecycleStatus: 'funded' }, NOW)).toBe(false);
    expect(isOpenForInvestment({ ...open, cancelledAt: NOW }, NOW)).toBe(false);
    expect(isOpenForInvestment({ ...open, goesLiveAt: '2026-06-01T12:00:01Z' }, NOW)).toBe(false);
    expect(isOpenForInvestment({ ...open, goesLiveAt: NOW }, NOW)).toBe(true);
    expect(isOpenForInvestment({ ...open, closingDate: NOW }, NOW)).toBe(false);
    expect(isOpenForInvestment({ ...open, closingDate: null }, NOW)).toBe(false);
    // A public answer without adminStatus and visibility: the server checks those.
    expect(isOpenForInvestment({ lifecycleStatus: 'new', closingDate: LATER }, NOW)).toBe(true);
  });

  it('checks minimum, maximum, what is left and the balance, in that order', () => {
    expect(checkInvestmentAmount(10_000n, terms, 1_000_000n)).toBeNull();
    expect(checkInvestmentAmount(9_999n, terms)).toEqual({
      code: 'investment.below_minimum',
      params: { amount: 100 },
      field: 'amount',
    });
    expect(checkInvestmentAmount(0n, terms)?.code).toBe('investment.below_minimum');
    expect(checkInvestmentAmount(100_000n, terms)).toBeNull();
    expect(checkInvestmentAmount(100_001n, terms)).toEqual({
      code: 'investment.above_maximum',
      params: { amount: 1000 },
      field: 'amount',
    });
    const almost = { ...terms, amountFundedCents: 495_000n };
    expect(leftToFundCents(almost)).toBe(5_000n);
    expect(checkInvestmentAmount(10_000n, almost)).toEqual({
      code: 'investment.left_to_fund',
      params: { amount: 50 },
      field: 'amount',
    });
    // The last ticket may be below the minimum when it is exactly what is left.
    expect(checkInvestmentAmount(5_000n, almost)).toBeNull();
    expect(checkInvestmentAmount(4_999n, almost)?.code).toBe('investment.below_minimum');
    expect(checkInvestmentAmount(10_000n, terms, 9_999n)).toEqual({
      code: 'investment.insufficient_balance',
      field: 'amount',
    });
    expect(checkInvestmentAmount(10_000n, terms, 10_000n)).toBeNull();
  });

  it('a fully funded venture is not open, and closed comes before the amount', () => {
    const full = { ...terms, amountFundedCents: 500_000n };
    expect(leftToFundCents({ ...terms, amountFundedCents: 600_000n })).toBe(0n);
    expect(checkInvestmentAmount(10_000n, full)).toEqual({ code: 'investment.not_open' });
    expect(
      checkInvestment({ venture: { ...open, lifecycleStatus: 'funded' }, terms, amountCents: 1n, now: NOW }),
    ).toEqual({ code: 'investment.not_open' });
    expect(
      checkInvestment({ venture: open, terms, amountCents: 10_000n, balanceCents: 10_000n, now: NOW }),
    ).toBeNull();
  });
});

const valid: VentureTerms = {
  country: 'KE',
  minInvestmentCents: 3_000n,
  maxInvestmentCents: 100_000n,
  targetAmountCents: 1_000_000n,
  expectedReturn: 12.5,
  investmentPeriod: 24,
  loanToValue: 60,
  closingDate: LATER,
  // 1,000,000 / 1,666,667 = 59.99998 %: the 60 % sent (decision 0202).
  collateralValueCents: 1_666_667n,
  tags: ['solar'],
};
const codes = (terms: Partial<VentureTerms>, options?: { checkClosingDate?: boolean }) =>
  Object.fromEntries(
    Object.entries(checkVentureTerms({ ...valid, ...terms }, NOW, options)).map(([field, e]) => [
      field,
      e.code,
    ]),
  );

describe('venture rules', () => {
  it('accepts valid terms, at every boundary', () => {
    expect(codes({})).toEqual({});
    expect(
      codes({
        expectedReturn: 100,
        investmentPeriod: 360,
        loanToValue: 100,
        collateralValueCents: 1_000_000n,
      }),
    ).toEqual({});
    // Without a collateral value, a loan-to-value sent is only checked for its range.
    expect(
      codes({
        investmentPeriod: 1,
        loanToValue: 0,
        collateralValueCents: undefined,
        maxInvestmentCents: 1_000_000n,
      }),
    ).toEqual({});
    // Not sent: computed (decision 0202); one rounding step either way is accepted.
    expect(codes({ loanToValue: undefined })).toEqual({});
    expect(codes({ loanToValue: 59.99 })).toEqual({});
    expect(codes({ loanToValue: 60.01 })).toEqual({});
    expect(codes({ tags: Array.from({ length: 20 }, (_, i) => `t${i}`.padEnd(32, 'x')) })).toEqual({});
  });

  it('names each broken rule on its field', () => {
    expect(codes({ country: 'DE' })).toEqual({ country: 'venture.country_unknown' });
    expect(codes({ targetAmountCents: 0n, maxInvestmentCents: 0n, minInvestmentCents: 0n })).toMatchObject({
      targetAmount: 'venture.target_not_positive',
      minInvestmentAmount: 'venture.min_investment_too_low',
    });
    expect(checkVentureTerms({ ...valid, minInvestmentCents: 2_999n }, NOW).minInvestmentAmount).toEqual({
      code: 'venture.min_investment_too_low',
      params: { amount: 30 },
    });
    expect(codes({ minInvestmentCents: 100_001n })).toEqual({ maxInvestmentAmount: 'venture.max_below_min' });
    expect(codes({ maxInvestmentCents: 1_000_001n })).toEqual({
      maxInvestmentAmount: 'venture.max_above_target',
    });
    expect(codes({ expectedReturn: 0 })).toEqual({ expectedReturn: 'venture.expected_return_range' });
    expect(codes({ expectedReturn: 100.01 })).toEqual({ expectedReturn: 'venture.expected_return_range' });
    expect(codes({ investmentPeriod: 0 })).toEqual({ investmentPeriod: 'venture.period_range' });
    expect(codes({ investmentPeriod: 361 })).toEqual({ investmentPeriod: 'venture.period_range' });
    expect(codes({ investmentPeriod: 1.5 })).toEqual({ investmentPeriod: 'venture.period_whole_months' });
    expect(codes({ loanToValue: -0.01 })).toEqual({ loanToValue: 'venture.ltv_range' });
    // Loan-to-value = target ÷ collateral value (decision 0202).
    expect(checkVentureTerms({ ...valid, loanToValue: 59.98 }, NOW).loanToValue).toEqual({
      code: 'venture.ltv_mismatch',
      params: { loanToValue: 60 },
    });
    expect(codes({ collateralValueCents: 999_999n, loanToValue: undefined })).toEqual({
      collateralValue: 'venture.collateral_below_target',
    });
    expect(codes({ collateralValueCents: 0n, loanToValue: undefined })).toEqual({
      collateralValue: 'venture.collateral_below_target',
    });
    expect(codes({ closingDate: NOW })).toEqual({ closingDate: 'venture.closing_date_past' });
    expect(codes({ closingDate: NOW }, { checkClosingDate: false })).toEqual({});
    expect(codes({ collateralValueCents: -1n })).toEqual({ collateralValue: 'venture.collateral_negative' });
    expect(codes({ amountFundedCents: 1_000_001n })).toEqual({ targetAmount: 'venture.target_below_funded' });
    expect(codes({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toEqual({
      tags: 'venture.too_many_tags',
    });
    expect(codes({ tags: ['x'.repeat(33)] })).toEqual({ tags: 'venture.tag_too_long' });
  });

  it('computes the loan-to-value: target ÷ collateral, two decimals, half up', () => {
    expect(loanToValueOf(5_000_000n, 7_000_000n)).toBe(71.43);
    expect(loanToValueOf(100n, 300n)).toBe(33.33);
    expect(loanToValueOf(200n, 300n)).toBe(66.67);
    expect(loanToValueOf(1n, 8n)).toBe(12.5);
    expect(loanToValueOf(1_000_000n, 1_000_000n)).toBe(100);
    expect(loanToValueOf(1_000n, 0n)).toBeNull();
    expect(loanToValueOf(0n, 1_000n)).toBeNull();
  });

  it('requires the spec 5 fields, each named', () => {
    const errors = checkRequired(
      { title: ' ', country: 'KE', targetAmount: NaN, tags: [] },
      CREATE_REQUIRED_FIELDS,
    );
    expect(errors.title).toEqual({ code: 'venture.field_required', params: { field: 'title' } });
    expect(errors.targetAmount?.code).toBe('venture.field_required');
    expect(errors.country).toBeUndefined();
    expect(Object.keys(errors)).toHaveLength(CREATE_REQUIRED_FIELDS.length - 1);
  });

  it('freezes the money terms of an approved venture with investments', () => {
    expect(termsAreFrozen({ adminStatus: 'approved', investmentCount: 1 })).toBe(true);
    expect(termsAreFrozen({ adminStatus: 'approved', investmentCount: 0 })).toBe(false);
    expect(termsAreFrozen({ adminStatus: 'under-review', investmentCount: 3 })).toBe(false);
    expect(changedMoneyTerms({ title: 'New', targetAmount: 10, tags: ['a'] })).toEqual(['targetAmount']);
    expect(changedMoneyTerms({ title: 'New', longDescription: 'x' })).toEqual([]);
  });
});

describe('the review transitions (REVIEW_RULES)', () => {
  const LIVE = new Date('2026-05-01T00:00:00Z');
  const review = (change: Partial<ReviewInput>): ReviewInput => ({
    from: 'pending',
    to: 'approved',
    lifecycleStatus: 'coming-soon',
    cancelled: false,
    hasMoney: false,
    notes: 'Checked.',
    goesLiveAt: null,
    dateIssued: null,
    ...change,
  });

  it('has a row for every combination of status, lifecycle, cancellation and money', () => {
    for (const from of ADMIN_STATUSES)
      for (const to of ADMIN_STATUSES)
        for (const lifecycleStatus of LIFECYCLE_STATUSES)
          for (const cancelled of [false, true])
            for (const hasMoney of [false, true]) {
              const input = review({ from, to, lifecycleStatus, cancelled, hasMoney });
              expect(REVIEW_RULES).toContain(reviewRule(input));
            }
  });

  it('approving puts a coming-soon venture live now, keeping a goesLiveAt already set', () => {
    expect(decideReview(review({}), NOW)).toEqual({
      ok: true,
      effect: 'go-live',
      lifecycleStatus: 'new',
      goesLiveAt: NOW,
      dateIssued: NOW,
    });
    expect(decideReview(review({ from: 'rejected', goesLiveAt: LIVE, dateIssued: LIVE }), NOW)).toMatchObject(
      {
        ok: true,
        lifecycleStatus: 'new',
        goesLiveAt: LIVE,
        dateIssued: LIVE,
      },
    );
  });

  it.each(['pending', 'under-review', 'rejected'] as const)(
    'an approved venture without money sent to %s closes again (new -> coming-soon, goesLiveAt cleared)',
    (to) => {
      expect(
        decideReview(
          review({ from: 'approved', to, lifecycleStatus: 'new', goesLiveAt: LIVE, dateIssued: LIVE }),
          NOW,
        ),
      ).toEqual({
        ok: true,
        effect: 'back-to-review',
        lifecycleStatus: 'coming-soon',
        goesLiveAt: null,
        dateIssued: LIVE,
      });
    },
  );

  it.each(['pending', 'under-review', 'rejected'] as const)(
    'an approved venture with money cannot go to %s (409)',
    (to) => {
      for (const lifecycleStatus of ['new', 'funded', 'repaid'] as const)
        expect(
          decideReview(review({ from: 'approved', to, lifecycleStatus, hasMoney: true }), NOW),
        ).toMatchObject({
          ok: false,
          status: 409,
          error: { code: 'venture.review_locked_with_money' },
        });
    },
  );

  it('the same status again changes nothing but the notes; a cancelled venture is refused', () => {
    const again = review({
      from: 'approved',
      to: 'approved',
      lifecycleStatus: 'funded',
      hasMoney: true,
      goesLiveAt: LIVE,
    });
    expect(decideReview(again, NOW)).toEqual({
      ok: true,
      effect: 'unchanged',
      lifecycleStatus: 'funded',
      goesLiveAt: LIVE,
      dateIssued: null,
    });
    expect(decideReview(review({ cancelled: true, from: 'rejected', to: 'approved' }), NOW)).toMatchObject({
      ok: false,
      status: 409,
      error: { code: 'venture.review_cancelled' },
    });
  });

  it('moves between pending, under-review and rejected without touching the lifecycle', () => {
    expect(decideReview(review({ from: 'pending', to: 'under-review' }), NOW)).toEqual({
      ok: true,
      effect: 'status-only',
      lifecycleStatus: 'coming-soon',
      goesLiveAt: null,
      dateIssued: null,
    });
  });

  it('rejecting needs notes (400 on adminNotes), after the 409 refusals', () => {
    for (const notes of [undefined, null, '', '   ']) {
      expect(decideReview(review({ to: 'rejected', notes }), NOW)).toEqual({
        ok: false,
        status: 400,
        error: { code: 'venture.reject_notes_required' },
        fields: { adminNotes: { code: 'venture.reject_notes_required' } },
        effect: 'status-only',
      });
    }
    expect(decideReview(review({ from: 'rejected', to: 'rejected', notes: '' }), NOW)).toMatchObject({
      status: 400,
    });
    expect(
      decideReview(review({ from: 'approved', to: 'rejected', hasMoney: true, notes: '' }), NOW),
    ).toMatchObject({ status: 409 });
    expect(decideReview(review({ to: 'rejected', notes: 'Collateral not verified.' }), NOW).ok).toBe(true);
  });

  it('money is in a venture with a live investment, an amount funded, or once funded or repaid', () => {
    const none = { amountFundedCents: 0n, lifecycleStatus: 'new' as const, liveInvestments: 0 };
    expect(hasMoneyIn(none)).toBe(false);
    expect(hasMoneyIn({ ...none, liveInvestments: 1 })).toBe(true);
    expect(hasMoneyIn({ ...none, amountFundedCents: 1n })).toBe(true);
    expect(hasMoneyIn({ ...none, lifecycleStatus: 'funded' })).toBe(true);
    expect(hasMoneyIn({ ...none, lifecycleStatus: 'repaid' })).toBe(true);
  });
});
