/**
 * Loan-to-value follows from the target and the collateral value (issue 30, item 9; decision 0202):
 * the server computes it (target ÷ collateral value × 100, two decimals) and stores that; a
 * loanToValue sent that differs beyond rounding (0.01) is refused with 400 `venture.ltv_mismatch`
 * naming the computed value; a collateral value below the target (a loan-to-value above 100 %, or
 * no collateral) is refused with 400 `venture.collateral_below_target`. On create, on an edit
 * (changing the target recomputes it) and on a revision an approved venture's company proposes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testContext, type SignedIn, type TestContext } from './context';

let t: TestContext;
let owner: SignedIn;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testContext();
  owner = await t.injectAs('corporate');
});

const body = (overrides: Record<string, unknown> = {}) => {
  const b: Record<string, unknown> = {
    title: 'Cold rooms',
    shortDescription: 'Cold rooms for fish.',
    longDescription: 'A long description.',
    collateralDescription: 'The rooms.',
    country: 'KE',
    ventureType: 'business',
    targetAmount: 50_000,
    expectedReturn: 12.5,
    investmentPeriod: 24,
    closingDate: new Date(Date.now() + 30 * DAY).toISOString(),
    minInvestmentAmount: 50,
    maxInvestmentAmount: 5_000,
    collateralValue: 70_000,
    ...overrides,
  };
  for (const [key, value] of Object.entries(b)) if (value === undefined) delete b[key];
  return b;
};

const post = (payload: Record<string, unknown>) =>
  owner.inject({ method: 'POST', url: '/api/ventures', payload });

describe('loan-to-value', () => {
  it('is computed from the target and the collateral value when not sent', async () => {
    const res = await post(body());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.loanToValue).toBe(71.43); // 50,000 / 70,000 = 71.428...
  });

  it('accepts a sent value within rounding and stores the computed one', async () => {
    for (const sent of [71.43, 71.42, 71.44]) {
      const res = await post(body({ loanToValue: sent }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.loanToValue).toBe(71.43);
    }
  });

  it('refuses a sent value that contradicts the target and the collateral value', async () => {
    const res = await post(body({ loanToValue: 50 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'venture.ltv_mismatch',
      codes: { loanToValue: 'venture.ltv_mismatch' },
      errors: {
        loanToValue: 'Loan To Value must be the Target Amount divided by the Collateral Value: 71.43 %',
      },
    });
  });

  it('refuses a collateral value below the target (above 100 %) or none', async () => {
    for (const collateralValue of [40_000, 0]) {
      const res = await post(body({ collateralValue }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'venture.collateral_below_target',
        codes: { collateralValue: 'venture.collateral_below_target' },
      });
    }
  });

  it('is recomputed when an edit changes the target, and an edit that contradicts it is refused', async () => {
    const created = (await post(body())).json().data;
    const edit = (payload: Record<string, unknown>) =>
      owner.inject({ method: 'PATCH', url: `/api/ventures/id/${created._id}`, payload });
    const changed = await edit({ targetAmount: 35_000 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.loanToValue).toBe(50);
    const refused = await edit({ loanToValue: 71.43 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('venture.ltv_mismatch');
    const read = await owner.inject({ method: 'GET', url: `/api/ventures/my-ventures/${created._id}` });
    expect(read.json().data.loanToValue).toBe(50);
  });
});
