/**
 * The recurring jobs of a serving process, on the job queue (src-server/plugins/jobs.ts): the hourly
 * sweep, the ventures' closing-date rule and the daily close of business (loan servicing). pg-boss schedules are shared by every server instance,
 * so each run happens once.
 */
import type { AppContext } from './context';
import { cancelExpiredVentures } from './modules/ventures/money';
import { sweep } from './modules/maintenance/sweep';
import { catchUp } from './modules/servicing/cob';
import type { Jobs } from './plugins/jobs';
import { queueOpenedVentures, startAutoInvest } from './modules/auto-invest/queue';

export const SWEEP_QUEUE = 'hourly-sweep';
export const TEN_MINUTES_QUEUE = 'ten-minute-jobs';
export const COB_QUEUE = 'close-of-business';

/** Registers the recurring jobs (called once the queue has started). */
export async function scheduleRecurringJobs(jobs: Jobs, ctx: AppContext): Promise<void> {
  // The auto-invest worker (Art. 6): allocations queued when a venture opens.
  await startAutoInvest(ctx, { work: true });
  await jobs.every(SWEEP_QUEUE, '17 * * * *', async () => {
    jobs.log.info({ removed: await sweep(ctx.db) }, 'hourly sweep');
  });
  // The closing-date rule: ventures still raising money after their closing date are cancelled and refunded.
  await jobs.every(TEN_MINUTES_QUEUE, '*/10 * * * *', async () => {
    jobs.log.info(
      {
        result: {
          cancelledVentures: await cancelExpiredVentures(ctx),
          // Art. 6: a venture whose goesLiveAt was reached since is allocated to the mandates.
          autoInvestQueued: await queueOpenedVentures(ctx),
        },
      },
      'ten-minute jobs',
    );
  });
  // The close of business (API contract, "Business date"): every day not closed yet, in order, up to
  // yesterday (a day missed while every server was down is caught up). Hourly, so a day is closed
  // within an hour of midnight UTC; each day's run is guarded by its cob_runs row, so a second run
  // (another instance, a retry) changes nothing.
  await jobs.every(COB_QUEUE, '5 * * * *', async () => {
    await ctx.clock.refresh(ctx.db);
    jobs.log.info({ closedDays: await catchUp(ctx) }, 'close of business');
  });
}
