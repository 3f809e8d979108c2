/**
 * The recurring jobs of a serving process, on the job queue (src-server/plugins/jobs.ts): the hourly
 * sweep and the ventures' closing-date rule. pg-boss schedules are shared by every server instance,
 * so each run happens once.
 */
import type { AppContext } from './context';
import { cancelExpiredVentures } from './modules/ventures/money';
import { sweep } from './modules/maintenance/sweep';
import type { Jobs } from './plugins/jobs';

export const SWEEP_QUEUE = 'hourly-sweep';
export const TEN_MINUTES_QUEUE = 'ten-minute-jobs';

/** Registers the recurring jobs (called once the queue has started). */
export async function scheduleRecurringJobs(jobs: Jobs, ctx: AppContext): Promise<void> {
  await jobs.every(SWEEP_QUEUE, '17 * * * *', async () => {
    jobs.log.info({ removed: await sweep(ctx.db) }, 'hourly sweep');
  });
  // The closing-date rule: ventures still raising money after their closing date are cancelled and refunded.
  await jobs.every(TEN_MINUTES_QUEUE, '*/10 * * * *', async () => {
    jobs.log.info({ result: { cancelledVentures: await cancelExpiredVentures(ctx) } }, 'ten-minute jobs');
  });
}
