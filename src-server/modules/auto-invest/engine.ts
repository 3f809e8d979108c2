/**
 * The auto-invest engine (EU 2020/1503 Art. 6; API contract, "Auto-invest (Art. 6)"; decisions
 * 0155-0160). When a venture opens, a pg-boss job (queue.ts) runs `allocateVenture`: every active
 * mandate whose criteria match, in the fair order (waited longest first, id as tie-break), decides
 * once (plan.ts `decide`) and invests through place_investment, the very function of a manual
 * investment (rules, locks, ledger, protection, reflection period: Art. 21, 22).
 *
 * Chunks of CHUNK mandates, each in one transaction that first locks the venture row (the global
 * lock order: venture, then accounts, as place_investment), so what is left to fund cannot change
 * between the decisions and the investments: manual investors wait for the chunk. Within the chunk
 * the investments are one statement (place_investment once per ticket, in order). Should a ticket
 * still be refused (an investor's balance fell meanwhile), the chunk rolls back and is decided again.
 * One allocation row per mandate and venture (a unique index): a job run twice, or on two
 * instances, finds every mandate decided and invests nothing more.
 */
import { sql } from 'drizzle-orm';
import { centsToEuros } from '../../../src-shared/money';
import type { LanguageCode } from '../../../src-shared/constants/enums';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { startLoan } from '../servicing/loans';
import { publicTotals } from '../ventures/count-cache';
import { clearStatistics } from '../statistics/service';
import type { AutoInvestReceiptMessage } from '../mailer/templates';
import { decide, inputsToJson, type Decision, type MandateInput, type VentureInput } from './plan';

/** Mandates decided per transaction. */
export const CHUNK = 100;
const MAX_RETRIES = 5;

/** The business time as place_investment computes it from the app's clock. */
const businessNow = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz + coalesce((SELECT c.offset_days FROM business_clock c WHERE c.id = 1), 0) * interval '1 day')`;

interface VentureRow extends Record<string, unknown> {
  id: string;
  title: string;
  created_by: string;
  min_cents: string;
  max_cents: string;
  left_cents: string;
  open: boolean;
  /** Funded (by this run, another or manual investors): the mandates still to decide find it full. */
  full: boolean;
  business_now: Date;
}

interface MandateRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  budget_cents: string;
  max_per_venture_cents: string;
  spent_cents: string;
  company_spent_cents: string;
  balance_cents: string;
  protection_ok: boolean;
  threshold_cents: string | null;
  warning_accepted: boolean;
  email: string;
  first_name: string;
  language: string;
  /** The investor may invest at all (active, a verified `user`); others are passed over, unlogged. */
  eligible: boolean;
  /** waiting_since as text (microseconds kept), for the next chunk's cursor. */
  ws: string;
}

/** Where the previous chunk stopped in the fair order (null: from the start). */
type Cursor = { ws: string; id: string } | null;

/** The run's start (business time, as text): a mandate that waits since then got its allocation in
 * this run (or was activated after the run began) and is not read again. */
type Before = string;

interface Placed extends Record<string, unknown> {
  n: string;
  error_code: string | null;
  funded: boolean;
  investment_id: string | null;
  revocable_until: string | null;
}

export interface RunResult {
  runId: string | null;
  invested: number;
  skipped: number;
  /** False when the venture is not open (yet): nothing was decided. */
  open: boolean;
}

class ChunkRefused extends Error {}

/**
 * Locks the venture, then reads the clock and the venture with its open rule (place_investment's), in
 * business time. The lock first, then the clock: a decision is stamped when it is made, not when it
 * started to wait, so the log's created_at follows the lock order of runs side by side (decision 0227).
 */
async function lockVenture(
  tx: Tx,
  ventureId: string,
  clock: () => Date,
): Promise<{ venture: VentureRow | undefined; now: Date }> {
  await tx.execute(sql`SELECT 1 FROM ventures WHERE id = ${ventureId} FOR UPDATE`);
  const now = clock();
  const { rows } = await tx.execute<VentureRow>(sql`
    WITH b AS (SELECT ${businessNow(now)} AS t)
    SELECT v.id, v.title, v.created_by, v.min_investment_cents::text AS min_cents,
           v.max_investment_cents::text AS max_cents,
           greatest(v.target_amount_cents - v.amount_funded_cents, 0)::text AS left_cents,
           (v.lifecycle_status = 'new' AND v.cancelled_at IS NULL AND NOT v.is_deleted
             AND v.admin_status = 'approved' AND v.visibility <> 'draft'
             AND date_trunc('milliseconds', v.goes_live_at) <= b.t
             AND date_trunc('milliseconds', v.closing_date) > b.t) AS open,
           (v.lifecycle_status = 'funded' AND v.cancelled_at IS NULL) AS full,
           b.t AS business_now
      FROM ventures v, b WHERE v.id = ${ventureId}`);
  return { venture: rows[0], now };
}

/**
 * The next mandates in the fair order that match the venture and have no decision for it yet, with
 * their state: balance, live auto investments (all and in the company's ventures), investor
 * protection as place_investment checks it (Art. 21(2)-(5)) and the Art. 21(7) threshold. Investors
 * who cannot invest at all (deactivated, identity not verified) are not eligible.
 */
async function nextMandates(
  tx: Tx,
  venture: VentureRow,
  limit: number,
  after: Cursor,
  before: Before,
): Promise<MandateRow[]> {
  const { rows } = await tx.execute<MandateRow>(mandatesQuery(venture, limit, after, before));
  return rows;
}

/** nextMandates' statement. */
export function mandatesQuery(
  venture: Pick<VentureRow, 'id' | 'created_by' | 'business_now'>,
  limit: number,
  after: Cursor,
  before: Before,
) {
  // First the next mandates in the fair order (cheap filters only, materialized), then their state:
  // the state's joins for every active mandate would cost a sort of all of them per chunk.
  return sql`
    WITH m AS MATERIALIZED (
      SELECT m.*
        FROM auto_invest_mandates m
        JOIN ventures v ON v.id = ${venture.id}
       WHERE m.active
         AND NOT EXISTS (SELECT 1 FROM auto_invest_allocations x WHERE x.mandate_id = m.id AND x.venture_id = v.id)
         AND ${matchSql(sql`m`, sql`v`)}
         AND m.waiting_since <= ${before}::timestamptz
         ${after === null ? sql`` : sql`AND (m.waiting_since, m.id) > (${after.ws}::timestamptz, ${after.id}::uuid)`}
       ORDER BY m.waiting_since, m.id
       LIMIT ${limit})
    SELECT m.id, m.user_id, m.waiting_since::text AS ws, m.budget_cents::text, m.max_per_venture_cents::text,
           coalesce(sp.spent, 0)::text AS spent_cents, coalesce(sp.company_spent, 0)::text AS company_spent_cents,
           coalesce(a.balance_cents, 0)::text AS balance_cents,
           (u.is_active AND u.role = 'user' AND u.kyc_status = 'complete') AS eligible,
           (u.investor_category = 'sophisticated' OR (
              t.id IS NOT NULL AND ${venture.business_now}::timestamptz <= t.valid_until
              AND (t.passed OR EXISTS (SELECT 1 FROM risk_acknowledgements r WHERE r.attempt_id = t.id))
              AND s.net_worth_cents IS NOT NULL)) AS protection_ok,
           CASE WHEN u.investor_category = 'sophisticated' THEN NULL
                WHEN s.net_worth_cents IS NULL OR s.net_worth_cents <= 0 THEN 100000
                ELSE greatest(100000, s.net_worth_cents * 5 / 100) END::text AS threshold_cents,
           m.warning_accepted_at IS NOT NULL AS warning_accepted,
           u.email, u.first_name, u.language
      FROM m
      JOIN users u ON u.id = m.user_id
      LEFT JOIN accounts a ON a.user_id = m.user_id
      LEFT JOIN LATERAL (SELECT k.id, k.passed, k.valid_until FROM knowledge_test_attempts k
                          WHERE k.user_id = m.user_id ORDER BY k.taken_at DESC, k.id DESC LIMIT 1) t ON true
      LEFT JOIN LATERAL (SELECT l.net_worth_cents FROM loss_simulations l
                          WHERE l.user_id = m.user_id ORDER BY l.created_at DESC, l.id DESC LIMIT 1) s ON true
      LEFT JOIN LATERAL (SELECT sum(i.amount_cents) AS spent,
                                sum(i.amount_cents) FILTER (WHERE w.created_by = ${venture.created_by}) AS company_spent
                           FROM auto_invest_allocations al
                           JOIN investments i ON i.id = al.investment_id
                           JOIN ventures w ON w.id = al.venture_id
                          WHERE al.mandate_id = m.id AND i.status NOT IN ('revoked', 'refunded')) sp ON true
     ORDER BY m.waiting_since, m.id`;
}

/** A mandate `m` matches a venture `v`: every criterion it sets (an empty list or null sets none). */
export function matchSql(m: ReturnType<typeof sql>, v: ReturnType<typeof sql>) {
  return sql`(${m}.min_return IS NULL OR ${v}.expected_return >= ${m}.min_return)
       AND (${m}.max_return IS NULL OR ${v}.expected_return <= ${m}.max_return)
       AND (${m}.min_period IS NULL OR ${v}.investment_period >= ${m}.min_period)
       AND (${m}.max_period IS NULL OR ${v}.investment_period <= ${m}.max_period)
       AND (cardinality(${m}.risk_levels) = 0 OR ${v}.risk_level::text = ANY(${m}.risk_levels))
       AND (cardinality(${m}.venture_types) = 0 OR ${v}.venture_type::text = ANY(${m}.venture_types))
       AND (cardinality(${m}.countries) = 0 OR ${v}.country = ANY(${m}.countries))`;
}

const stateOf = (r: MandateRow): MandateInput => ({
  budgetCents: BigInt(r.budget_cents),
  maxPerVentureCents: BigInt(r.max_per_venture_cents),
  spentCents: BigInt(r.spent_cents),
  companySpentCents: BigInt(r.company_spent_cents),
  balanceCents: BigInt(r.balance_cents),
  protectionOk: r.protection_ok,
  thresholdCents: r.threshold_cents === null ? null : BigInt(r.threshold_cents),
  warningAccepted: r.warning_accepted,
});

/** One chunk in one transaction: returns how many were decided (0: every mandate is done). */
async function allocateChunk(
  ctx: AppContext,
  ventureId: string,
  runId: string,
  before: Before,
  firstSequence: number,
  limit: number,
  after: Cursor,
): Promise<{
  picked: number;
  decided: number;
  invested: number;
  funded: boolean;
  open: boolean;
  last: Cursor;
}> {
  return ctx.db.transaction(async (tx) => {
    const { venture, now } = await lockVenture(tx, ventureId, ctx.now);
    if (!venture || !(venture.open || venture.full))
      return { picked: 0, decided: 0, invested: 0, funded: false, open: false, last: null };
    const picked = await nextMandates(tx, venture, limit, after, before);
    if (picked.length === 0)
      return { picked: 0, decided: 0, invested: 0, funded: false, open: true, last: null };
    const last = { ws: picked.at(-1)!.ws, id: picked.at(-1)!.id };
    const mandates = picked.filter((m) => m.eligible);

    let left = venture.open ? BigInt(venture.left_cents) : 0n;
    const base = { minCents: BigInt(venture.min_cents), maxCents: BigInt(venture.max_cents) };
    const decided: { row: MandateRow; input: VentureInput; state: MandateInput; decision: Decision }[] = [];
    for (const row of mandates) {
      const input = { ...base, leftCents: left };
      const state = stateOf(row);
      const decision = decide(input, state);
      left -= decision.amountCents;
      decided.push({ row, input, state, decision });
    }

    // The tickets, through place_investment (Art. 21(7): the mandate's acceptance is the acknowledgement).
    const tickets = decided.filter((d) => d.decision.outcome === 'invested');
    const placed = new Map<number, Placed>();
    if (tickets.length > 0) {
      const { rows } = await tx.execute<Placed>(sql`
        SELECT t.n::text AS n, p.error_code, p.funded, p.body->'data'->>'_id' AS investment_id,
               p.body->'data'->>'revocableUntil' AS revocable_until
          FROM unnest(${pgArray(tickets.map((d) => d.row.user_id))}::uuid[],
                      ${pgArray(tickets.map((d) => d.decision.amountCents.toString()))}::bigint[],
                      ${pgArray(tickets.map((d) => String(d.state.warningAccepted)))}::boolean[])
               WITH ORDINALITY AS t(u, amount, ack, n)
         CROSS JOIN LATERAL place_investment(t.u, ${ventureId}::uuid, t.amount, ${now.toISOString()}::timestamptz,
                                             NULL, NULL, t.ack, true) p
         ORDER BY t.n`);
      for (const r of rows) {
        if (r.error_code !== null) throw new ChunkRefused(r.error_code);
        placed.set(Number(r.n) - 1, r);
      }
    }

    // The log: the order, the inputs, the outcome.
    const ids = decided.map((d) => d.row.id);
    const investmentIds = decided.map((d) =>
      d.decision.outcome === 'invested' ? placed.get(tickets.indexOf(d))!.investment_id : null,
    );
    await tx.execute(sql`
      INSERT INTO auto_invest_allocations (run_id, sequence, mandate_id, venture_id, outcome, reason,
                                           amount_cents, investment_id, inputs, created_at)
      SELECT ${runId}::uuid, ${firstSequence} + t.n - 1, t.mandate, ${ventureId}::uuid, t.outcome::auto_invest_outcome,
             t.reason::auto_invest_reason, t.amount, t.investment, t.inputs, ${venture.business_now}::timestamptz
        FROM unnest(${pgArray(ids)}::uuid[],
                    ${pgArray(decided.map((d) => d.decision.outcome))}::text[],
                    ${pgArray(decided.map((d) => (d.decision.outcome === 'skipped' ? d.decision.reason : null)))}::text[],
                    ${pgArray(decided.map((d) => d.decision.amountCents.toString()))}::bigint[],
                    ${pgArray(investmentIds)}::uuid[],
                    ${pgArray(decided.map((d) => JSON.stringify(inputsToJson(d.input, d.state))))}::jsonb[])
             WITH ORDINALITY AS t(mandate, outcome, reason, amount, investment, inputs, n)`);

    if (tickets.length > 0) {
      // The fair order: a mandate that got an allocation waits again from now, plus its sequence in
      // microseconds, so mandates served by the same venture keep their order among themselves (a
      // true round robin; decision 0156).
      await tx.execute(sql`
        UPDATE auto_invest_mandates m
           SET waiting_since = ${venture.business_now}::timestamptz + t.seq * interval '1 microsecond'
          FROM unnest(${pgArray(tickets.map((d) => d.row.id))}::uuid[],
                      ${pgArray(tickets.map((d) => firstSequence + decided.indexOf(d)))}::int[]) AS t(id, seq)
         WHERE m.id = t.id`);
      const receipts: AutoInvestReceiptMessage[] = tickets.map((d, i) => ({
        kind: 'auto-invest-receipt',
        to: d.row.email,
        lang: d.row.language as LanguageCode,
        name: d.row.first_name,
        title: venture.title,
        amount: centsToEuros(d.decision.amountCents),
        revocableUntil: placed.get(i)!.revocable_until,
        path: '/user/auto-invest',
      }));
      await ctx.mailer.enqueueMany(tx, receipts);
    }
    return {
      decided: decided.length,
      invested: tickets.length,
      funded: [...placed.values()].some((p) => p.funded),
      open: true,
      picked: picked.length,
      last,
    };
  });
}

/** node-postgres sends a JS array as a PostgreSQL array literal. */
const pgArray = <T>(values: T[]) => sql`${sql.param(values)}`;

/**
 * Allocates one venture to every matching active mandate (the job's work). Safe to run twice or
 * side by side: each mandate is decided once per venture.
 */
export async function allocateVenture(ctx: AppContext, ventureId: string, chunk = CHUNK): Promise<RunResult> {
  const now = ctx.now();
  const [run] = (
    await ctx.db.execute<{ id: string; started: string }>(sql`
      INSERT INTO auto_invest_runs (venture_id, started_at) VALUES (${ventureId}, ${businessNow(now)})
      RETURNING id, started_at::text AS started`)
  ).rows;
  const runId = run!.id;
  const before = run!.started;
  let invested = 0;
  let skipped = 0;
  let sequence = 1;
  let funded = false;
  let open = true;
  // Keyset over the fair order: each chunk goes on after the previous one's last mandate; once that
  // finds nothing, one pass from the start catches a mandate that moved behind the cursor meanwhile.
  let after: Cursor = null;
  let finalPass = false;
  for (;;) {
    let result: Awaited<ReturnType<typeof allocateChunk>> | undefined;
    for (let attempt = 0; result === undefined; attempt += 1) {
      try {
        result = await allocateChunk(ctx, ventureId, runId, before, sequence, chunk, after);
      } catch (error) {
        if (!(error instanceof ChunkRefused) || attempt >= MAX_RETRIES) throw error;
      }
    }
    open = result.open;
    if (result.picked === 0) {
      if (finalPass || !open) break;
      finalPass = true;
      after = null;
      continue;
    }
    after = result.last;
    sequence += result.decided;
    invested += result.invested;
    skipped += result.decided - result.invested;
    funded ||= result.funded;
  }
  if (!open && invested + skipped === 0) {
    // Not open (yet): no run is kept, so the ten-minute jobs queue the venture once it opens (queue.ts).
    await ctx.db.execute(sql`DELETE FROM auto_invest_runs WHERE id = ${runId}`);
    return { runId: null, invested, skipped, open };
  }
  await ctx.db.execute(sql`UPDATE auto_invest_runs SET finished_at = ${businessNow(ctx.now())},
                             invested = ${invested}, skipped = ${skipped} WHERE id = ${runId}`);
  if (invested > 0) {
    publicTotals(ctx).clear();
    clearStatistics(ctx);
  }
  // The target is reached: the loan starts as after a manual investment (or at the next close of business).
  if (funded) await startLoan(ctx, ventureId);
  return { runId, invested, skipped, open };
}
