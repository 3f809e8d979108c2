/**
 * The auto-invest allocation rules as pure functions (EU 2020/1503 Art. 6; API contract,
 * "Auto-invest (Art. 6)"): no database, no clock, integer cents. The engine (engine.ts) reads the
 * inputs under the venture's lock, asks `decide` for each mandate in the fair order and logs the
 * inputs beside the outcome, so `replay` recomputes every decision from the log alone.
 */
import { COMPANY_CAP_PERCENT, type AutoInvestSkipReason } from '../../../src-shared/contracts/autoInvest';

/** The venture as a decision sees it; `leftCents` is what is left to fund at that moment. */
export interface VentureInput {
  minCents: bigint;
  /** The venture's maximum ticket (place_investment refuses more). */
  maxCents: bigint;
  leftCents: bigint;
}

/** One mandate's state when its turn comes. */
export interface MandateInput {
  budgetCents: bigint;
  maxPerVentureCents: bigint;
  /** The mandate's live auto investments (revoked and refunded ones excluded). */
  spentCents: bigint;
  /** The part of `spentCents` in ventures of this venture's company. */
  companySpentCents: bigint;
  balanceCents: bigint;
  /** Art. 21(2)-(5): a valid knowledge test (or failed + acknowledged) and a loss simulation, or sophisticated. */
  protectionOk: boolean;
  /** Art. 21(7): the warning threshold (null for a sophisticated investor) and whether the mandate accepted the warning. */
  thresholdCents: bigint | null;
  warningAccepted: boolean;
}

export type Decision =
  | { outcome: 'invested'; amountCents: bigint }
  | { outcome: 'skipped'; reason: AutoInvestSkipReason; amountCents: 0n };

const min = (...values: bigint[]) => values.reduce((a, b) => (b < a ? b : a));
const skip = (reason: AutoInvestSkipReason): Decision => ({ outcome: 'skipped', reason, amountCents: 0n });

/** The most a company may hold of the mandate's budget: 10 % of it, rounded down to the cent. */
export const companyCapCents = (budgetCents: bigint) => (budgetCents * COMPANY_CAP_PERCENT) / 100n;

/**
 * One mandate's decision for one venture: ticket = min(maxPerVenture, budget left, balance, venture
 * left, the venture's maximum ticket, the company's room under the 10 % cap), at least the venture's
 * minimum unless it is exactly what is left (place_investment's rule). The reasons, in this order:
 * venture full, protection missing (Art. 21), no balance, company cap, below minimum.
 */
export function decide(venture: VentureInput, m: MandateInput): Decision {
  if (venture.leftCents <= 0n) return skip('venture_full');
  if (!m.protectionOk) return skip('protection_missing');
  // The smallest ticket the venture takes: its minimum, or what is left when that is less.
  const smallest = min(venture.minCents, venture.leftCents);
  if (m.balanceCents < smallest) return skip('no_balance');
  const capRoom = companyCapCents(m.budgetCents) - m.companySpentCents;
  if (capRoom < smallest) return skip('company_cap');
  const budgetLeft = m.budgetCents - m.spentCents;
  const ticket = min(
    m.maxPerVentureCents,
    budgetLeft,
    m.balanceCents,
    venture.leftCents,
    venture.maxCents,
    capRoom,
  );
  if (ticket <= 0n || (ticket < venture.minCents && ticket !== venture.leftCents))
    return skip('below_minimum');
  // Art. 21(7): above the threshold only with the warning accepted on the mandate.
  if (m.thresholdCents !== null && ticket > m.thresholdCents && !m.warningAccepted)
    return skip('protection_missing');
  return { outcome: 'invested', amountCents: ticket };
}

/** A mandate in the fair order's terms, with its state. */
export interface PlannedMandate extends MandateInput {
  id: string;
  /** Milliseconds: when it last got an allocation or was activated. */
  waitingSince: number;
}

/** The fair order (Art. 6(2)'s non-discrimination): the mandate that waited longest first, its id as tie-break. */
export function fairOrder<T extends { id: string; waitingSince: number }>(mandates: readonly T[]): T[] {
  return [...mandates].sort((a, b) =>
    a.waitingSince !== b.waitingSince
      ? a.waitingSince - b.waitingSince
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0,
  );
}

/** One line of the allocation log: the order, the inputs and the decision. */
export interface LogLine {
  sequence: number;
  mandateId: string;
  venture: VentureInput;
  mandate: MandateInput;
  decision: Decision;
}

/**
 * Plans one venture's allocation from scratch: every mandate in the fair order decides with the
 * venture's left as the previous ones left it. Returns the log the engine would write.
 */
export function plan(venture: VentureInput, mandates: readonly PlannedMandate[]): LogLine[] {
  let left = venture.leftCents;
  return fairOrder(mandates).map((m, i) => {
    const input = { ...venture, leftCents: left };
    const decision = decide(input, m);
    left -= decision.amountCents;
    return { sequence: i + 1, mandateId: m.id, venture: input, mandate: stateOf(m), decision };
  });
}

function stateOf(m: MandateInput): MandateInput {
  return {
    budgetCents: m.budgetCents,
    maxPerVentureCents: m.maxPerVentureCents,
    spentCents: m.spentCents,
    companySpentCents: m.companySpentCents,
    balanceCents: m.balanceCents,
    protectionOk: m.protectionOk,
    thresholdCents: m.thresholdCents,
    warningAccepted: m.warningAccepted,
  };
}

/** Recomputes every decision of a log from its inputs, in its order. */
export function replay(log: readonly LogLine[]): Decision[] {
  return [...log].sort((a, b) => a.sequence - b.sequence).map((line) => decide(line.venture, line.mandate));
}

/** The log's inputs as JSON (bigints as strings), as the allocation rows store them. */
export function inputsToJson(
  venture: VentureInput,
  mandate: MandateInput,
): Record<string, string | boolean | null> {
  return {
    minCents: venture.minCents.toString(),
    maxCents: venture.maxCents.toString(),
    leftCents: venture.leftCents.toString(),
    budgetCents: mandate.budgetCents.toString(),
    maxPerVentureCents: mandate.maxPerVentureCents.toString(),
    spentCents: mandate.spentCents.toString(),
    companySpentCents: mandate.companySpentCents.toString(),
    balanceCents: mandate.balanceCents.toString(),
    protectionOk: mandate.protectionOk,
    thresholdCents: mandate.thresholdCents?.toString() ?? null,
    warningAccepted: mandate.warningAccepted,
  };
}

/** The inverse of `inputsToJson`. */
export function inputsFromJson(json: Record<string, unknown>): {
  venture: VentureInput;
  mandate: MandateInput;
} {
  const big = (k: string) => BigInt(json[k] as string);
  return {
    venture: { minCents: big('minCents'), maxCents: big('maxCents'), leftCents: big('leftCents') },
    mandate: {
      budgetCents: big('budgetCents'),
      maxPerVentureCents: big('maxPerVentureCents'),
      spentCents: big('spentCents'),
      companySpentCents: big('companySpentCents'),
      balanceCents: big('balanceCents'),
      protectionOk: json.protectionOk === true,
      thresholdCents: json.thresholdCents == null ? null : big('thresholdCents'),
      warningAccepted: json.warningAccepted === true,
    },
  };
}
