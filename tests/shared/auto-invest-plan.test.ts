import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  companyCapCents,
  decide,
  fairOrder,
  inputsFromJson,
  inputsToJson,
  plan,
  replay,
  type LogLine,
  type PlannedMandate,
} from '../../src-server/modules/auto-invest/plan';

/**
 * The auto-invest planner (src-server/modules/auto-invest/plan.ts; EU 2020/1503 Art. 6; API
 * contract, "Auto-invest (Art. 6)") over many ventures opening one after the other, the world's
 * state carried from one to the next as the engine's database would: no mandate exceeds its budget,
 * its maximum per venture or the 10 % company cap; no venture overfunds; the order is fair; a replay
 * of the log gives the same decisions; shuffling the input changes nothing.
 */
const SEED = Number(process.env.FAST_CHECK_SEED ?? 28);
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

interface World {
  mandates: (PlannedMandate & { perCompany: Map<number, bigint> })[];
  ventures: { company: number; minCents: bigint; maxCents: bigint; leftCents: bigint }[];
}

const cents = (min: bigint, max: bigint) => fc.bigInt({ min, max });

const mandateArb = fc.record({
  budgetCents: cents(3_000n, 2_000_000n),
  maxShare: fc.integer({ min: 1, max: 100 }),
  balanceCents: fc.oneof(cents(0n, 10_000n), cents(0n, 5_000_000n)),
  protectionOk: fc.boolean(),
  thresholdCents: fc.option(cents(100_000n, 500_000n), { nil: null }),
  warningAccepted: fc.boolean(),
  waitingSince: fc.integer({ min: 0, max: 20 }),
});

const ventureArb = fc.record({
  company: fc.integer({ min: 0, max: 4 }),
  minCents: cents(3_000n, 50_000n),
  maxExtra: cents(0n, 500_000n),
  target: cents(3_000n, 3_000_000n),
});

const worldArb = fc
  .record({
    mandates: fc.array(mandateArb, { minLength: 1, maxLength: 40 }),
    ventures: fc.array(ventureArb, { minLength: 1, maxLength: 25 }),
  })
  .map(({ mandates, ventures }): World => ({
    mandates: mandates.map((m, i) => ({
      id: `m${String(i).padStart(3, '0')}`,
      budgetCents: m.budgetCents,
      maxPerVentureCents: (m.budgetCents * BigInt(m.maxShare)) / 100n || 1n,
      spentCents: 0n,
      companySpentCents: 0n,
      balanceCents: m.balanceCents,
      protectionOk: m.protectionOk,
      thresholdCents: m.thresholdCents,
      warningAccepted: m.warningAccepted,
      waitingSince: m.waitingSince,
      perCompany: new Map(),
    })),
    ventures: ventures.map((v) => {
      const min = v.minCents < v.target ? v.minCents : v.target;
      const max = min + v.maxExtra < v.target ? min + v.maxExtra : v.target;
      return { company: v.company, minCents: min, maxCents: max, leftCents: v.target };
    }),
  }));

/** Opens every venture in turn (at `time` + its index), applying the decisions to the world. */
function simulate(world: World, time = 100) {
  const logs: LogLine[][] = [];
  world.ventures.forEach((venture, index) => {
    const inputs = world.mandates.map((m) => ({
      ...m,
      companySpentCents: m.perCompany.get(venture.company) ?? 0n,
    }));
    const log = plan(venture, inputs);
    for (const line of log) {
      if (line.decision.outcome !== 'invested') continue;
      const m = world.mandates.find((x) => x.id === line.mandateId)!;
      m.balanceCents -= line.decision.amountCents;
      m.spentCents += line.decision.amountCents;
      m.perCompany.set(
        venture.company,
        (m.perCompany.get(venture.company) ?? 0n) + line.decision.amountCents,
      );
      // As the engine: the time, plus the sequence in microseconds (the order kept among them).
      m.waitingSince = time + index + line.sequence / 1e6;
    }
    logs.push(log);
  });
  return logs;
}

describe('the auto-invest planner', () => {
  it('never exceeds a budget, a maximum per venture, the company cap, a balance or a venture', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const start = new Map(world.mandates.map((m) => [m.id, m.balanceCents]));
        const logs = simulate(world);
        for (const m of world.mandates) {
          expect(m.spentCents).toBeLessThanOrEqual(m.budgetCents);
          expect(m.balanceCents).toBeGreaterThanOrEqual(0n);
          expect(start.get(m.id)! - m.balanceCents).toBe(m.spentCents);
          for (const held of m.perCompany.values())
            expect(held).toBeLessThanOrEqual(companyCapCents(m.budgetCents));
        }
        logs.forEach((log, i) => {
          const venture = world.ventures[i]!;
          const tickets = log.filter((l) => l.decision.outcome === 'invested');
          expect(sum(tickets.map((l) => l.decision.amountCents))).toBeLessThanOrEqual(venture.leftCents);
          for (const line of tickets) {
            const amount = line.decision.amountCents;
            expect(amount).toBeLessThanOrEqual(line.mandate.maxPerVentureCents);
            expect(amount).toBeLessThanOrEqual(venture.maxCents);
            expect(amount).toBeLessThanOrEqual(line.venture.leftCents);
            // At least the minimum, unless exactly what is left (place_investment's rule).
            expect(amount >= venture.minCents || amount === line.venture.leftCents).toBe(true);
            // Art. 21(7): above the threshold only with the warning accepted.
            if (line.mandate.thresholdCents !== null && amount > line.mandate.thresholdCents)
              expect(line.mandate.warningAccepted).toBe(true);
            expect(line.mandate.protectionOk).toBe(true);
          }
        });
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('is fair: a mandate that found the venture full waited less than every one that invested', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const before = world.ventures.map(() => new Map<string, number>());
        // Record each mandate's waitingSince as it was when each venture opened.
        const logs: LogLine[][] = [];
        const snapshot = world.ventures;
        world.ventures = [];
        for (const [i, venture] of snapshot.entries()) {
          for (const m of world.mandates) before[i]!.set(m.id, m.waitingSince);
          world.ventures = [venture];
          logs.push(simulate(world, 100 + i)[0]!);
        }
        logs.forEach((log, i) => {
          const key = (id: string) => [before[i]!.get(id)!, id] as const;
          const earlier = (a: string, b: string) => {
            const [wa, ia] = key(a);
            const [wb, ib] = key(b);
            return wa < wb || (wa === wb && ia < ib);
          };
          // The log is in the fair order...
          for (let k = 1; k < log.length; k += 1)
            expect(earlier(log[k - 1]!.mandateId, log[k]!.mandateId)).toBe(true);
          // ...so whoever was turned away for a full venture came after everyone who invested.
          const invested = log.filter((l) => l.decision.outcome === 'invested').map((l) => l.mandateId);
          for (const full of log.filter(
            (l) => l.decision.outcome === 'skipped' && l.decision.reason === 'venture_full',
          ))
            for (const id of invested) expect(earlier(id, full.mandateId)).toBe(true);
        });
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('turns equal mandates in a circle: each invests once before any invests twice', () => {
    const mandates: PlannedMandate[] = Array.from({ length: 7 }, (_, i) => ({
      id: `m${i}`,
      budgetCents: 10_000_000n,
      maxPerVentureCents: 10_000n,
      spentCents: 0n,
      companySpentCents: 0n,
      balanceCents: 10_000_000n,
      protectionOk: true,
      thresholdCents: null,
      warningAccepted: false,
      waitingSince: 0,
    }));
    const winners: string[] = [];
    // Each venture has room for two tickets; over 7 ventures the 14 tickets go round twice.
    for (let v = 0; v < 7; v += 1) {
      const log = plan({ minCents: 10_000n, maxCents: 10_000n, leftCents: 20_000n }, mandates);
      for (const line of log.filter((l) => l.decision.outcome === 'invested')) {
        winners.push(line.mandateId);
        mandates.find((m) => m.id === line.mandateId)!.waitingSince = v + 1 + line.sequence / 1e6;
      }
    }
    expect(winners.slice(0, 7).sort()).toEqual(mandates.map((m) => m.id).sort());
    expect(winners.slice(7).sort()).toEqual(mandates.map((m) => m.id).sort());
  });

  it('replays: the decisions recomputed from the logged inputs (through their JSON) are the same', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        for (const log of simulate(world)) {
          const stored = log.map((l) => ({
            ...l,
            ...inputsFromJson(JSON.parse(JSON.stringify(inputsToJson(l.venture, l.mandate)))),
          }));
          expect(replay(stored)).toEqual(log.map((l) => l.decision));
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('is deterministic: the input order does not matter', () => {
    fc.assert(
      fc.property(worldArb, fc.integer(), (world, salt) => {
        const venture = world.ventures[0]!;
        const shuffled = [...world.mandates].sort(
          (a, b) => ((a.id.charCodeAt(3) * salt) % 7) - ((b.id.charCodeAt(3) * salt) % 7),
        );
        expect(plan(venture, shuffled)).toEqual(plan(venture, world.mandates));
        expect(fairOrder(shuffled).map((m) => m.id)).toEqual(fairOrder(world.mandates).map((m) => m.id));
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('gives each skip its reason', () => {
    const venture = { minCents: 5_000n, maxCents: 500_000n, leftCents: 1_000_000n };
    const ok = {
      budgetCents: 1_000_000n,
      maxPerVentureCents: 20_000n,
      spentCents: 0n,
      companySpentCents: 0n,
      balanceCents: 100_000n,
      protectionOk: true,
      thresholdCents: 100_000n,
      warningAccepted: false,
    };
    expect(decide(venture, ok)).toEqual({ outcome: 'invested', amountCents: 20_000n });
    expect(decide({ ...venture, leftCents: 0n }, ok)).toMatchObject({ reason: 'venture_full' });
    expect(decide(venture, { ...ok, protectionOk: false })).toMatchObject({ reason: 'protection_missing' });
    expect(decide(venture, { ...ok, balanceCents: 4_999n })).toMatchObject({ reason: 'no_balance' });
    expect(decide(venture, { ...ok, companySpentCents: 96_000n })).toMatchObject({ reason: 'company_cap' });
    expect(decide(venture, { ...ok, maxPerVentureCents: 4_000n })).toMatchObject({ reason: 'below_minimum' });
    expect(decide(venture, { ...ok, spentCents: 998_000n })).toMatchObject({ reason: 'below_minimum' });
    // Art. 21(7): above the threshold without the mandate's accepted warning.
    expect(
      decide(venture, {
        ...ok,
        budgetCents: 10_000_000n,
        balanceCents: 500_000n,
        maxPerVentureCents: 150_000n,
      }),
    ).toMatchObject({
      reason: 'protection_missing',
    });
    // Exactly what is left, below the minimum: taken.
    expect(decide({ ...venture, leftCents: 3_000n }, ok)).toEqual({
      outcome: 'invested',
      amountCents: 3_000n,
    });
  });
});
