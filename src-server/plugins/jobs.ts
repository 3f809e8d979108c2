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

  /**
   * Creates a queue unless it exists. Another instance may create it at the same moment: its queue
   * then exists and this one is done, or the two creations deadlock in pg-boss's `create_queue`
   * (PostgreSQL aborts one of them with 40P01, seen with two instances started together on a new
   * database), and the aborted one tries again after a short random pause.
   */
  async ensureQueue(name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (await this.boss.getQueue(name)) return;
      try {
        await this.boss.createQueue(name, { name, expireInMinutes: 5, ...options });
        return;
      } catch (error) {
        if (await this.boss.getQueue(name)) return; // another instance made it meanwhile
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        this.log.warn(
          { queue: name, attempt },
          'creating a job queue deadlocked with another instance: trying again',
        );
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
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
