import type { SophisticatedCriterion } from '../../../src-shared/constants/enums';

/**
 * The point of EU 2020/1503 Annex II, Section I, each criterion stands for: legal persons need at
 * least one of I(1)(a)-(c), natural persons at least two of I(2)(a)-(c). I(2)(b) is one point with
 * two alternatives (a year in the financial sector, or 12 months as an executive of a legal person
 * meeting I(1)), which the contract's list claims separately.
 */
export const ANNEX_II_POINT: Readonly<Record<SophisticatedCriterion, string>> = {
  income_or_portfolio: 'I(2)(a)',
  financial_sector_experience: 'I(2)(b)',
  executive_position: 'I(2)(b)',
  capital_market_transactions: 'I(2)(c)',
  legal_own_funds: 'I(1)(a)',
  legal_net_turnover: 'I(1)(b)',
  legal_balance_sheet: 'I(1)(c)',
};

/**
 * True when the criteria claimed could make a sophisticated investor under Annex II, Section I: one
 * point of I(1) (a legal person), or two different points of I(2) (a natural person). The admin
 * still checks the evidence; this only flags a claim that cannot be enough whatever it shows (the
 * two alternatives of I(2)(b) count once).
 */
export function claimCoversAnnexII(criteria: readonly SophisticatedCriterion[]): boolean {
  const points = new Set(criteria.map((criterion) => ANNEX_II_POINT[criterion]));
  const legal = [...points].some((point) => point.startsWith('I(1)'));
  const natural = [...points].filter((point) => point.startsWith('I(2)')).length;
  return legal || natural >= 2;
}
