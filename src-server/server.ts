/**
 * Process concerns only: read the configuration, start the database (embedded unless DATABASE_URL
 * is set), migrate, seed the demo on an empty embedded database, listen, and shut down gracefully.
 */
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, urlHost, type Config } from './config';
import { createDatabase, runMigrations, type Database } from './db/client';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { DEMO_PASSWORD, isEmpty } from './db/seed/demo';
import { demoLoginLines, seedDemoData } from './db/seed/run';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { scheduleRecurringJobs } from './jobs';
import { resolveKycKey } from './modules/kyc/crypto';
import { Mailer } from './modules/mail/service';
import { Jobs } from './plugins/jobs';

const SHUTDOWN_TIMEOUT_MS = 20_000;

/** Thrown between start-up steps when a signal asked the server to stop. */
class StartStopped extends Error {}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
    // Identity documents' key: configured, or kept in DATA_DIR with the embedded database.
    config = { ...config, kycEncryptionKey: resolveKycKey(config) };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });
  const started = performance.now();

  let releaseLock: (() => void) | undefined;
  let embedded: EmbeddedPostgres | undefined;
  let database: Database | undefined;
  let jobs: Jobs | undefined;
  const cleanUp = async () => {
    await jobs?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    releaseLock?.();
  };

  // Signals are handled from the first moment: one during start-up stops after the step in hand
  // (initdb, migrations, demo data), so that the embedded PostgreSQL is never left running.
  let stopRequested: string | undefined;
  let shutdown = (signal: string) => {
    if (stopRequested) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopRequested = signal;
    logger.info(`${signal} while starting: stopping after the current step`);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const checkpoint = () => {
    if (stopRequested) throw new StartStopped();
  };

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      releaseLock = lockDataDir(config.dataDir);
      embedded = await startEmbeddedPostgres({
        dir: join(config.dataDir, 'pg'),
        database: 'platform',
        log: (message) => logger.info(message),
      });
      logger.info({ port: embedded.port, dir: join(config.dataDir, 'pg') }, 'embedded PostgreSQL started');
      databaseUrl = embedded.url;
    }
    checkpoint();
    database = createDatabase(databaseUrl, {
      onError: (err) => logger.warn({ err }, 'idle database connection lost'),
    });
    await runMigrations(database);
    checkpoint();

    let demoLines: string[] = [];
    if (!config.databaseUrl && config.seedDemo && (await isEmpty(database.db))) {
      const logins = await seedDemoData(database.db, {
        dataDir: config.dataDir,
        kycKey: config.kycEncryptionKey!,
      });
      demoLines = demoLoginLines(logins);
      logger.info(
        { logins: logins.map(({ role, email }) => ({ role, email })), password: DEMO_PASSWORD },
        'Demo data created',
      );
    }
    checkpoint();

    jobs = new Jobs({ connectionString: databaseUrl, log: logger });
    await jobs.start();
    const mailer = new Mailer({
      jobs,
      dataDir: config.dataDir,
      smtpUrl: config.smtpUrl,
      publicUrl: config.publicUrl,
      log: logger,
    });
    const appContext = { config, db: database.db, pool: database.pool, mailer, now: () => new Date() };
    await mailer.start({ work: true });
    await scheduleRecurringJobs(jobs, appContext);

    checkpoint();
    const app = await buildApp(appContext, { loggerInstance: logger });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${urlHost(config.host)}:${port}`;
    logger.info(
      { startupMs: Math.round(performance.now() - started) },
      `Ready: ${url} (back office at /admin and /corporate, API docs at /api/docs)`,
    );
    if (process.stdout.isTTY) {
      // A plain summary for the person at the terminal; the JSON lines above are for log tools.
      const demo = demoLines.length
        ? `\nDemo data created. Demo logins:\n${demoLines.join('\n')}\n`
        : '\nDemo logins are listed in README.md (password demo-password-2026).\n';
      process.stdout.write(
        `\n  Public site   ${url}/\n  Back office   ${url}/admin  and  ${url}/corporate\n  API docs      ${url}/api/docs\n${demo}\n`,
      );
    }

    let shuttingDown = false;
    shutdown = (signal: string) => {
      if (shuttingDown) {
        logger.warn(`${signal} again: exiting now`);
        process.exit(1);
      }
      shuttingDown = true;
      logger.info(`${signal}: finishing requests in flight, then stopping`);
      const timer = setTimeout(() => {
        logger.error('shutdown took too long: exiting');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      void app
        .close()
        .then(cleanUp)
        .then(() => {
          logger.info('stopped');
          process.exit(0);
        });
    };
    // A signal that came while listening started.
    if (stopRequested) shutdown(stopRequested);
  } catch (error) {
    await cleanUp();
    // A step cut short by the signal itself (Ctrl-C also reaches initdb) is a stop, not a failure.
    if (error instanceof StartStopped || stopRequested) {
      logger.info('stopped');
      process.exit(0);
    }
    if (error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError) {
      logger.fatal(error.message);
    } else {
      logger.fatal({ err: error }, `could not start: ${(error as Error).message}`);
    }
    process.exit(1);
  }
}

await main();
