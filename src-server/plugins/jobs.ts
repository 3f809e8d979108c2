/**
 * The job queue: one pg-boss instance per process, in PostgreSQL (safe with many server instances:
 * schedules and jobs are shared, each job runs once). `Jobs` owns it: it creates, starts and stops
 * pg-boss and creates queues. Modules that queue work (the mailer) receive the `Jobs` and add their
 * own queue and worker to it; the recurring jobs are registered by src-server/jobs.ts.
 */
import PgBoss from 'pg-boss';

export interface JobsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface JobsOptions {
  connectionString: string;
  log: JobsLog;
  /** false (tests, the OpenAPI build): no maintenance or cron timers; queued work runs on demand. */
  background?: boolean;
}

export class Jobs {
  readonly boss: PgBoss;
  readonly log: JobsLog;
  private started = false;

  constructor(options: JobsOptions) {
    this.log = options.log;
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      max: 3,
      application_name: 'crowdfunding-platform-jobs',
      ...(options.background === false ? { supervise: false, schedule: false } : {}),
    });
    this.boss.on('error', (err) => options.log.warn({ err }, 'job queue error'));
  }

  /** Starts pg-boss (creating its tables on first use). */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  /** Creates a queue unless it exists (another instance may create it at the same moment). */
  async ensureQueue(name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
    if (await this.boss.getQueue(name)) return;
    try {
      await this.boss.createQueue(name, { name, expireInMinutes: 5, ...options });
    } catch (error) {
      if (!(await this.boss.getQueue(name))) throw error; // else another instance made it meanwhile
    }
  }

  /** Runs `run` on the cron schedule, on one instance at a time (pg-boss schedules are shared). */
  async every(name: string, cron: string, run: () => Promise<void>): Promise<void> {
    await this.ensureQueue(name, { retryLimit: 2, retentionDays: 1 });
    await this.boss.schedule(name, cron);
    await this.boss.work(name, run);
  }

  /** Finishes the jobs in hand (10 s at most) and closes pg-boss's connections. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, close: true, wait: true, timeout: 10_000 });
  }
}
