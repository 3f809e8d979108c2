/**
 * The investor's mandate, its allocations, the live match count and the disclosures (API contract,
 * "Auto-invest (Art. 6)"; EU 2020/1503 Art. 6; Delegated Regulation 2022/2118; decisions 0155-0160).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type {
  Allocation,
  AutoInvestCriteria,
  AutoInvestDisclosure,
  Mandate,
} from '../../../src-shared/contracts/autoInvest';
import type { autoInvestBodySchema } from '../../../src-shared/contracts/autoInvest';
import type { RiskLevel, VentureType } from '../../../src-shared/constants/enums';
import { RISK_LEVELS } from '../../../src-shared/constants/enums';
import { centsToEuros, eurosToCents } from '../../../src-shared/money';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { autoInvestAllocations, autoInvestMandates, investments, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { protectionGate } from '../protection/service';
import { matchSql } from './engine';

type MandateRow = typeof autoInvestMandates.$inferSelect;
type Body = z.output<typeof autoInvestBodySchema>;

const num = (v: string | null) => (v === null ? null : Number(v));

export function toMandate(row: MandateRow, investedCents: bigint): Mandate {
  return {
    _id: row.id,
    active: row.active,
    budget: centsToEuros(row.budgetCents),
    invested: centsToEuros(investedCents),
    maxPerVenture: centsToEuros(row.maxPerVentureCents),
    minReturn: num(row.minReturn),
    maxReturn: num(row.maxReturn),
    minPeriod: row.minPeriod,
    maxPeriod: row.maxPeriod,
    riskLevels: row.riskLevels as RiskLevel[],
    ventureTypes: row.ventureTypes as VentureType[],
    countries: row.countries,
    warningAcceptedAt: row.warningAcceptedAt?.toISOString() ?? null,
    warningThreshold: row.warningThresholdCents === null ? null : centsToEuros(row.warningThresholdCents),
    waitingSince: row.waitingSince.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the mandate's live auto investments hold (revoked and refunded ones do not count). */
async function investedBy(db: DbOrTx, mandateId: string): Promise<bigint> {
  const { rows } = await db.execute<{ cents: string }>(sql`
    SELECT coalesce(sum(i.amount_cents), 0)::text AS cents FROM auto_invest_allocations al
      JOIN investments i ON i.id = al.investment_id
     WHERE al.mandate_id = ${mandateId} AND i.status NOT IN ('revoked', 'refunded')`);
  return BigInt(rows[0]!.cents);
}

/** The newest allocations shown on the screen. */
export const ALLOCATIONS_SHOWN = 200;

/** GET /api/auto-invest */
export async function readAutoInvest(
  db: DbOrTx,
  userId: string,
): Promise<{ data: Mandate | null; allocations: Allocation[] }> {
  const [row] = await db.select().from(autoInvestMandates).where(eq(autoInvestMandates.userId, userId));
  if (!row) return { data: null, allocations: [] };
  const [invested, rows] = await Promise.all([
    investedBy(db, row.id),
    db
      .select({
        allocation: autoInvestAllocations,
        venture: { id: ventures.id, title: ventures.title },
        revocableUntil: investments.revocableUntil,
      })
      .from(autoInvestAllocations)
      .innerJoin(ventures, eq(ventures.id, autoInvestAllocations.ventureId))
      .leftJoin(investments, eq(investments.id, autoInvestAllocations.investmentId))
      .where(eq(autoInvestAllocations.mandateId, row.id))
      .orderBy(desc(autoInvestAllocations.createdAt), desc(autoInvestAllocations.sequence))
      .limit(ALLOCATIONS_SHOWN),
  ]);
  return {
    data: toMandate(row, invested),
    allocations: rows.map(({ allocation: a, venture, revocableUntil }) => ({
      _id: a.id,
      venture: { _id: venture.id, title: venture.title },
      outcome: a.outcome,
      reason: a.reason,
      amount: centsToEuros(a.amountCents),
      investmentId: a.investmentId,
      revocableUntil: revocableUntil?.toISOString() ?? null,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

/**
 * PUT /api/auto-invest: creates or replaces the investor's mandate. Art. 21(7): for a
 * non-sophisticated investor whose maximum per venture is above their warning threshold, the mandate
 * must carry the accepted warning (`acceptWarning: true` once; `false` withdraws it), else 409
 * `auto_invest.warning_required` naming the threshold. `waitingSince` (the fair order) restarts when
 * the mandate is created or activated.
 */
export async function saveMandate(ctx: AppContext, userId: string, body: Body): Promise<Mandate> {
  const now = ctx.clock.now();
  const budgetCents = eurosToCents(body.budget)!;
  const maxPerVentureCents = eurosToCents(body.maxPerVenture)!;
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(autoInvestMandates)
      .where(eq(autoInvestMandates.userId, userId))
      .for('update');
    const gate = await protectionGate(tx, userId, now);
    const sophisticated = gate.category === 'sophisticated';
    let acceptedAt = existing?.warningAcceptedAt ?? null;
    let acceptedThreshold = existing?.warningThresholdCents ?? null;
    if (body.acceptWarning === true) {
      acceptedAt = now;
      acceptedThreshold = gate.warningThresholdCents;
    } else if (body.acceptWarning === false) {
      acceptedAt = null;
      acceptedThreshold = null;
    }
    if (!sophisticated && maxPerVentureCents > gate.warningThresholdCents && acceptedAt === null)
      throw new HttpError(409, 'auto_invest.warning_required', {
        params: { amount: centsToEuros(gate.warningThresholdCents) },
        fields: { acceptWarning: 'auto_invest.warning_required' },
      });
    const values = {
      active: body.active,
      budgetCents,
      maxPerVentureCents,
      minReturn: body.minReturn == null ? null : body.minReturn.toFixed(2),
      maxReturn: body.maxReturn == null ? null : body.maxReturn.toFixed(2),
      minPeriod: body.minPeriod ?? null,
      maxPeriod: body.maxPeriod ?? null,
      riskLevels: [...new Set(body.riskLevels)].sort(),
      ventureTypes: [...new Set(body.ventureTypes)].sort(),
      countries: [...new Set(body.countries)].sort(),
      warningAcceptedAt: acceptedAt,
      warningThresholdCents: acceptedThreshold,
      waitingSince: !existing || (body.active && !existing.active) ? now : existing.waitingSince,
      updatedAt: now,
    };
    const [row] = existing
      ? await tx
          .update(autoInvestMandates)
          .set(values)
          .where(eq(autoInvestMandates.id, existing.id))
          .returning()
      : await tx
          .insert(autoInvestMandates)
          .values({ ...values, userId, createdAt: now })
          .returning();
    return toMandate(row!, existing ? await investedBy(tx, existing.id) : 0n);
  });
}

/** The number of ventures open for investment now that the criteria match ("N open ventures match today"). */
export async function countMatches(ctx: AppContext, c: AutoInvestCriteria): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const text = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
  const { rows } = await ctx.db.execute<{ n: number }>(sql`
    WITH m AS (SELECT ${c.minReturn ?? null}::numeric AS min_return, ${c.maxReturn ?? null}::numeric AS max_return,
                      ${c.minPeriod ?? null}::int AS min_period, ${c.maxPeriod ?? null}::int AS max_period,
                      ${text(c.riskLevels)} AS risk_levels, ${text(c.ventureTypes)} AS venture_types,
                      ${text(c.countries)} AS countries)
    SELECT count(*)::int AS n FROM ventures v, m
     WHERE v.lifecycle_status = 'new' AND v.cancelled_at IS NULL AND NOT v.is_deleted
       AND v.admin_status = 'approved' AND v.visibility <> 'draft'
       AND v.goes_live_at <= ${now}::timestamptz AND v.closing_date > ${now}::timestamptz
       AND v.amount_funded_cents < v.target_amount_cents
       AND ${matchSql(sql`m`, sql`v`)}`);
  return rows[0]!.n;
}

/**
 * The disclosures the screen shows (Delegated Regulation 2022/2118, Art. 6(5) of 2020/1503): over
 * the investor's live investments (invested or completed, manual and automatic alike), the average
 * rate weighted by amount, the split by risk level and the concentration per company, largest first.
 */
export async function disclosure(db: DbOrTx, userId: string): Promise<AutoInvestDisclosure> {
  const { rows } = await db.execute<{
    risk_level: RiskLevel;
    company_id: string;
    company: string;
    cents: string;
    weighted: string;
  }>(sql`
    SELECT v.risk_level, v.created_by AS company_id,
           coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name) AS company,
           sum(i.amount_cents)::text AS cents, sum(i.amount_cents * v.expected_return)::text AS weighted
      FROM investments i JOIN ventures v ON v.id = i.venture_id JOIN users c ON c.id = v.created_by
     WHERE i.user_id = ${userId} AND i.status IN ('invested', 'completed')
     GROUP BY v.risk_level, v.created_by, c.company_name, c.first_name, c.last_name`);
  let total = 0n;
  let weighted = 0;
  const byRisk = new Map<RiskLevel, bigint>(RISK_LEVELS.map((r) => [r, 0n]));
  const byCompany = new Map<string, { company: string; cents: bigint }>();
  for (const r of rows) {
    const cents = BigInt(r.cents);
    total += cents;
    weighted += Number(r.weighted);
    byRisk.set(r.risk_level, byRisk.get(r.risk_level)! + cents);
    const company = byCompany.get(r.company_id) ?? { company: r.company, cents: 0n };
    company.cents += cents;
    byCompany.set(r.company_id, company);
  }
  const share = (cents: bigint) => (total === 0n ? 0 : Math.round(Number((cents * 10000n) / total)) / 100);
  return {
    weightedAverageRate: total === 0n ? 0 : Math.round((weighted / Number(total)) * 100) / 100,
    total: centsToEuros(total),
    byRisk: [...byRisk].map(([riskLevel, cents]) => ({
      riskLevel,
      amount: centsToEuros(cents),
      share: share(cents),
    })),
    byCompany: [...byCompany]
      .map(([companyId, c]) => ({
        companyId,
        company: c.company,
        amount: centsToEuros(c.cents),
        share: share(c.cents),
      }))
      .sort((a, b) => b.amount - a.amount || a.companyId.localeCompare(b.companyId)),
  };
}
