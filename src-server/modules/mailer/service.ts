import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../../db/client';
import type { Jobs } from '../../plugins/jobs';
import { renderMail, type MailMessage } from './templates';

export const MAIL_QUEUE = 'send-email';
export const MAIL_FROM = 'AfriVest <no-reply@afrivest.example>';

export interface MailerOptions {
  /** The job queue (src-server/plugins/jobs.ts), started before the mailer. */
  jobs: Jobs;
  dataDir: string;
  smtpUrl?: string;
  publicUrl: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * E-mail goes through a pg-boss queue in PostgreSQL: the job is written in the same transaction as
 * the change that caused it (no mail is lost, none is sent for a change that rolled back), and a
 * worker sends it with retries and back-off, so a failing SMTP server never fails a request.
 * Without SMTP_URL each message is written to DATA_DIR/outbox/ as an .eml file. The queue itself
 * (pg-boss) belongs to `Jobs`; tests send the queued messages with `drain()` instead of the worker.
 */
export class Mailer {
  private readonly boss: PgBoss;
  private readonly transport: Transporter;
  private readonly options: MailerOptions;

  constructor(options: MailerOptions) {
    this.options = options;
    this.boss = options.jobs.boss;
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** The job queue the mailer was given (other modules queue their own work on it: auto-invest). */
  get jobs(): Jobs {
    return this.options.jobs;
  }

  get outboxDir(): string {
    return join(this.options.dataDir, 'outbox');
  }

  /** Creates the e-mail queue; `work` also starts sending (the serving process; tests use `drain()`). */
  async start({ work }: { work: boolean }): Promise<void> {
    await this.options.jobs.ensureQueue(MAIL_QUEUE, {
      retryLimit: 12,
      retryDelay: 10,
      retryBackoff: true,
      retentionDays: 7,
    });
    if (work) {
      await this.boss.work<MailMessage>(
        MAIL_QUEUE,
        { pollingIntervalSeconds: 2, batchSize: 5 },
        async (jobs) => {
          // Each message on its own: pg-boss fails a whole batch when its handler throws, and would
          // send again the messages of the batch that were delivered. A failed one is marked failed
          // (retried with back-off); pg-boss then completes the others, still active.
          for (const job of jobs) {
            try {
              await this.deliver(job.data, job.id);
            } catch (error) {
              this.options.log.warn(
                { err: error, kind: job.data.kind, jobId: job.id },
                'e-mail not sent: will retry',
              );
              await this.boss.fail(MAIL_QUEUE, job.id, { message: (error as Error).message });
            }
          }
        },
      );
    }
  }

  /** Queues a message inside the caller's transaction. */
  async enqueue(tx: DbOrTx, message: MailMessage): Promise<void> {
    await this.boss.send(MAIL_QUEUE, message, { db: executor(tx) });
  }

  /** Queues many messages in the caller's transaction in one statement (a bank statement's credits). */
  async enqueueMany(tx: DbOrTx, messages: MailMessage[]): Promise<void> {
    for (let i = 0; i < messages.length; i += 1000) {
      const part = messages.slice(i, i + 1000).map((data) => ({ name: MAIL_QUEUE, data }));
      await this.boss.insert(part, { db: executor(tx) });
    }
  }

  /** Sends every queued message now (tests and the CLI use it instead of the polling worker). */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const jobs = await this.boss.fetch<MailMessage>(MAIL_QUEUE, { batchSize: 20 });
      if (jobs.length === 0) return sent;
      for (const job of jobs) {
        try {
          await this.deliver(job.data, job.id);
          await this.boss.complete(MAIL_QUEUE, job.id);
          sent += 1;
        } catch (error) {
          await this.boss.fail(MAIL_QUEUE, job.id, { message: (error as Error).message });
          throw error;
        }
      }
    }
  }

  /** Renders and sends (or writes) one message. Throws on failure, so pg-boss retries it. */
  async deliver(message: MailMessage, jobId: string): Promise<void> {
    const rendered = renderMail(message, this.options.publicUrl);
    const info = await this.transport.sendMail({
      from: MAIL_FROM,
      to: message.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: { 'X-Mail-Kind': message.kind },
    });
    if (this.options.smtpUrl) {
      this.options.log.info({ kind: message.kind, jobId, messageId: info.messageId }, 'e-mail sent');
      return;
    }
    await mkdir(this.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(this.outboxDir, `${stamp}-${message.kind}-${jobId.slice(0, 8)}.eml`);
    await writeFile(file, info.message as Buffer);
    this.options.log.info({ kind: message.kind, to: message.to, file }, 'e-mail written to the outbox');
  }
}

/** Lets pg-boss run its SQL on our transaction, so the job commits (or rolls back) with it. */
export function executor(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQL[] = text
        .split(/\$(\d+)/)
        .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}
