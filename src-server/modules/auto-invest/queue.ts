/**
 * The auto-invest job (decision 0157): approving a venture queues `auto-invest` in the approval's
 * transaction, so the admin's request returns at once and the allocation (thousands of mandates)
 * runs in a worker; the ten-minute jobs queue a venture whose goesLiveAt was reached later.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { executor } from '../mailer/service';
import type { Jobs } from '../../plugins/jobs';
import { allocateVenture, type RunResult } from './engine';

export const AUTO_INVEST_QUEUE = 'auto-invest';

interface AllocationJob {
  ventureId: string;
}

const ensured = new WeakSet<Jobs>();

async function ensureQueue(jobs: Jobs): Promise<void> {
  if (ensured.has(jobs)) return;
  await jobs.ensureQueue(AUTO_INVEST_QUEUE, {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retentionDays: 7,
  });
  ensured.add(jobs);
}

/** Creates the queue; `work` also runs its jobs (the serving process; tests call `runQueuedAllocations`). */
export async function startAutoInvest(ctx: AppContext, { work }: { work: boolean }): Promise<void> {
  const jobs = ctx.mailer.jobs;
  await ensureQueue(jobs);
  if (work)
    await jobs.boss.work<AllocationJob>(AUTO_INVEST_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
      const result = await allocateVenture(ctx, job!.data.ventureId);
      jobs.log.info({ ventureId: job!.data.ventureId, ...result }, 'auto-invest run');
    });
}

/** Queues a venture's allocation in the caller's transaction (it runs once that commits). */
export async function queueAllocation(ctx: AppContext, tx: DbOrTx, ventureId: string): Promise<void> {
  await ensureQueue(ctx.mailer.jobs);
  await ctx.mailer.jobs.boss.send(AUTO_INVEST_QUEUE, { ventureId } satisfies AllocationJob, {
    db: executor(tx),
  });
}

/** Runs every queued allocation now, oldest first (tests, the CLI). */
export async function runQueuedAllocations(ctx: AppContext): Promise<RunResult[]> {
  const boss = ctx.mailer.jobs.boss;
  await ensureQueue(ctx.mailer.jobs);
  const results: RunResult[] = [];
  for (;;) {
    const jobs = await boss.fetch<AllocationJob>(AUTO_INVEST_QUEUE, { batchSize: 10 });
    if (jobs.length === 0) return results;
    for (const job of jobs) {
      try {
        results.push(await allocateVenture(ctx, job.data.ventureId));
        await boss.complete(AUTO_INVEST_QUEUE, job.id);
      } catch (error) {
        await boss.fail(AUTO_INVEST_QUEUE, job.id, { message: (error as Error).message });
        throw error;
      }
    }
  }
}

/**
 * Ventures that opened in the last week (goesLiveAt reached in business time) without an allocation
 * run yet: queued (the ten-minute jobs). A venture approved with a later goesLiveAt opens here.
 */
export async function queueOpenedVentures(ctx: AppContext): Promise<number> {
  const now = ctx.now().toISOString();
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    WITH b AS (SELECT ${now}::timestamptz
                 + coalesce((SELECT c.offset_days FROM business_clock c WHERE c.id = 1), 0) * interval '1 day' AS t)
    SELECT v.id FROM ventures v, b
     WHERE v.lifecycle_status = 'new' AND v.cancelled_at IS NULL AND NOT v.is_deleted
       AND v.admin_status = 'approved' AND v.visibility <> 'draft'
       AND v.goes_live_at <= b.t AND v.goes_live_at > b.t - interval '7 days' AND v.closing_date > b.t
       AND NOT EXISTS (SELECT 1 FROM auto_invest_runs r WHERE r.venture_id = v.id)`);
  for (const row of rows) await queueAllocation(ctx, ctx.db, row.id);
  return rows.length;
}
