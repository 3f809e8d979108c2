/**
 * Process concerns only: read the configuration, start the database (embedded unless DATABASE_URL
 * is set), migrate, seed the demo on an empty embedded database, listen, and shut down gracefully.
 *
 * The steps run side by side where they can: PostgreSQL starts (and on a first start creates its
 * cluster while the demo pictures are drawn) as the heavy modules load; the migrations and the demo
 * seed run beside pg-boss's own start and the building of the Fastify app. `npm start`
 * (scripts/start.mjs) calls main() while the web entries are still being built and passes that build
 * as `webReady`: the server listens once it is done. The Ready line lists how long each step took.
 */
import { existsSync } from 'node:fs';
import { createBusinessClock } from './lib/business-clock';
import { join } from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig, urlHost, type Config } from './config';
import {
  EmbeddedPostgresError,
  embeddedUrl,
  freePort,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded-postgres/supervisor';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { isDatabaseUnavailable } from './lib/db-unavailable';
import { resolveKycKey } from './modules/kyc/crypto';
import type { Database } from './db/client';
import type { Jobs } from './plugins/jobs';

const SHUTDOWN_TIMEOUT_MS = 20_000;
/** The log is written once this much has gathered, or after LOG_FLUSH_MS. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 100;
/** After SIGTERM, how long requests in flight may take to finish before their connections are cut
 * (issue 29: "in-flight requests finish within 10 s"); the jobs then get up to 10 s of their own. */
const DRAIN_TIMEOUT_MS = 10_000;
/** The longest an API statement may run or wait for a lock (then 503); the slowest seen is ~0.2 s. */
const STATEMENT_TIMEOUT_MS = 15_000;
/** A transaction left open between two statements this long is ended by PostgreSQL. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** Thrown between start-up steps when a signal asked the server to stop. */
class StartStopped extends Error {}

export interface MainOptions {
  /** Settles when the web entries are built (dist/web); the app is built and listens after it. */
  webReady?: Promise<unknown>;
}

export async function main(options: MainOptions = {}): Promise<void> {
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
  // Written asynchronously and in batches: lines wait until 4 KiB have gathered or 100 ms have
  // passed (flushed at exit too), so that an access line per request is not a write (and a wake-up
  // of whatever reads the log) per request (decision 0211).
  const logger = pino(
    { level: config.logLevel },
    pino.destination({ sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
  // pg-boss marks a job done (or failed) without awaiting it: with the database gone at that moment,
  // the rejection is nobody's, and Node would end the process over it. A database that is unavailable
  // is a passing state (the job runs again once its active state expires): logged, not fatal. Any
  // other unhandled rejection still ends the process, as Node's default does.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    logger.warn({ err: reason }, 'database unavailable (a background task failed)');
  });
  const started = performance.now();
  // How long each step took (ms), for the Ready line and `npm run bench:start`.
  const steps: Record<string, number> = {};
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const begun = performance.now();
    try {
      return await step();
    } finally {
      steps[name] = Math.round(performance.now() - begun);
    }
  };

  let releaseLock: (() => void) | undefined;
  let embeddedStart: Promise<EmbeddedPostgres> | undefined;
  let embedded: EmbeddedPostgres | undefined;
  let database: Database | undefined;
  let jobs: Jobs | undefined;
  const cleanUp = async () => {
    await jobs?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    // A PostgreSQL still starting when another step failed is stopped once it has started.
    const pgServer = embedded ?? (await embeddedStart?.catch(() => undefined));
    await pgServer?.stop().catch(() => undefined);
    releaseLock?.();
  };

  // Signals are handled from the first moment: one during start-up stops after the step in hand
  // (initdb, migrations, demo data), so that the embedded PostgreSQL is never left running.
  let stopRequested: string | undefined;
  let stopNow: (error: Error) => void = () => undefined;
  // Rejects at a signal: a wait that may be abandoned safely (for the web build) races it.
  const stopSignal = new Promise<never>((_resolve, reject) => (stopNow = reject));
  stopSignal.catch(() => undefined);
  let shutdown = (signal: string) => {
    if (stopRequested) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopRequested = signal;
    embedded?.expectStop();
    logger.info(`${signal} while starting: stopping after the current step`);
    stopNow(new StartStopped());
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const checkpoint = () => {
    if (stopRequested) throw new StartStopped();
  };

  // Settled promises that are awaited later must not count as unhandled meanwhile.
  const later = <T>(promise: Promise<T>): Promise<T> => {
    promise.catch(() => undefined);
    return promise;
  };

  try {
    let databaseUrl = config.databaseUrl;
    let newCluster = false;
    if (!databaseUrl) {
      releaseLock = lockDataDir(config.dataDir);
      const dir = join(config.dataDir, 'pg');
      newCluster = !existsSync(join(dir, 'PG_VERSION'));
      // Not the HTTP port: that one is only reserved once the API listens, after PostgreSQL has
      // started, and the system can hand the same free port out twice (seen in the e2e runs:
      // "listen EADDRINUSE" on the port PostgreSQL had taken).
      let port = await freePort();
      while (port === config.port) port = await freePort();
      // Known before PostgreSQL listens (not on a first start: initdb makes the password).
      databaseUrl = embeddedUrl(dir, port, 'platform');
      embeddedStart = later(
        startEmbeddedPostgres({
          dir,
          database: 'platform',
          port,
          log: (message, level = 'info') => logger[level](message),
          // Killed or crashed, it is started again (the API answers 503 meanwhile).
          supervise: true,
        }),
      );
    }
    const webReady = options.webReady ? later(options.webReady) : undefined;

    // The heavy modules load while PostgreSQL starts.
    const load = performance.now();
    const startup = await import('./startup');
    steps.loadModules = Math.round(performance.now() - load);
    const seedDemo = !config.databaseUrl && config.seedDemo;
    if (newCluster && seedDemo) startup.predrawDemoPictures();

    const postgresReady = later(
      (async () => {
        if (!embeddedStart) return;
        const waited = performance.now();
        try {
          embedded = await embeddedStart;
        } finally {
          steps.waitForPostgres = Math.round(performance.now() - waited);
        }
        Object.assign(steps, embedded.timings);
        logger.info({ port: embedded.port, dir: join(config.dataDir, 'pg') }, 'embedded PostgreSQL started');
      })(),
    );
    if (!databaseUrl) {
      await postgresReady;
      databaseUrl = embedded!.url;
    }
    checkpoint();
    const connectionString = databaseUrl;
    // The pools connect on first use: the app can be built before PostgreSQL listens.
    const db = startup.createDatabase(connectionString, {
      max: config.databasePoolSize,
      onError: (err) => logger.warn({ err }, 'idle database connection lost'),
      statementTimeoutMillis: STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMillis: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
    database = db;
    jobs = new startup.Jobs({ connectionString, log: logger });
    const queue = jobs;
    const mailer = new startup.Mailer({
      jobs: queue,
      dataDir: config.dataDir,
      smtpUrl: config.smtpUrl,
      publicUrl: config.publicUrl,
      log: logger,
    });
    const realNow = () => new Date();
    // The business date (its days ahead are read once the migrations have made business_clock).
    const clock = createBusinessClock(realNow, config.businessDateControl);
    const lifecycle = { draining: false };
    const appContext = { config, db: db.db, pool: db.pool, mailer, now: realNow, clock, lifecycle };
    // The database takes a connection (waited for up to 30 s: still starting, or a busy machine)
    // before the migrations and the job queue use it.
    const databaseReachable = later(
      (async () => {
        await postgresReady;
        (await startup.connectPatiently(db.pool, startup.STARTUP_WAIT_MS)).release();
      })(),
    );

    // Side by side: the app's routes; the schema and the demo data; pg-boss's start (its own schema)
    // and the e-mail queue.
    const appBuilt = later(
      (async () => {
        if (webReady) await timed('waitForWebBuild', () => webReady);
        return timed('buildApp', () => startup.buildApp(appContext, { loggerInstance: logger }));
      })(),
    );
    let demoLines: string[] = [];
    const schemaAndData = later(
      (async () => {
        await databaseReachable;
        checkpoint();
        await timed('migrate', () => startup.runMigrations(db));
        await clock.refresh(db.db);
        checkpoint();
        if (!seedDemo) return;
        if (!(await timed('seedCheck', () => startup.isEmpty(db.db)))) return;
        const seeded = await timed('seed', () =>
          startup.seedDemoData(db, { kycKey: config.kycEncryptionKey!, config }),
        );
        const { logins } = seeded;
        demoLines = [`  (${startup.demoTimelineLine(seeded)})`, ...startup.demoLoginLines(logins)];
        logger.info(
          {
            logins: logins.map(({ role, email }) => ({ role, email })),
            password: startup.DEMO_PASSWORD,
            timeline: seeded.timeline,
          },
          'Demo data created',
        );
      })(),
    );
    const queueStarted = later(
      (async () => {
        await databaseReachable;
        await timed('jobs', () => queue.start());
        await timed('mailQueue', () => mailer.start({ work: true }));
      })(),
    );

    await Promise.all([schemaAndData, queueStarted]);
    checkpoint();
    // After the mail queue (pg-boss creating two queues at once can deadlock) and the schema (the
    // jobs read it).
    await timed('schedules', () => startup.scheduleRecurringJobs(queue, appContext));
    const app = await Promise.race([appBuilt, stopSignal]);
    checkpoint();
    await timed('listen', () => app.listen({ port: config.port, host: config.host }));
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${urlHost(config.host)}:${port}`;
    logger.info(
      {
        startupMs: Math.round(performance.now() - started),
        // From the process's start, module loading included.
        sinceProcessStartMs: Math.round(performance.now()),
        steps,
        // Where the files are (DATA_DIR or s3://bucket/prefix; never a key or secret).
        storage: startup.fileStorage(config).location,
      },
      `Ready: ${url} (back office at /admin and /corporate, API docs at /api/docs)`,
    );
    // At once: whoever started the server waits for this line.
    logger.flush();
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
      // A service manager may have signalled the embedded PostgreSQL too: its end is now expected.
      embedded?.expectStop();
      // Draining: /api/health/ready answers 503, the listener refuses new connections at once, idle
      // keep-alive connections are closed (Fastify's forceCloseConnections: 'idle'), a request
      // arriving on a busy one answers 503 (return503OnClosing), and the requests in flight get
      // DRAIN_TIMEOUT_MS to finish before their connections are cut. Then the jobs stop (pg-boss
      // waits for the job in hand, 10 s at most) and the pool closes.
      lifecycle.draining = true;
      logger.info(`${signal}: finishing requests in flight, then stopping`);
      const timer = setTimeout(() => {
        logger.error('shutdown took too long: exiting');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      const drainTimer = setTimeout(() => {
        logger.warn(`requests still in flight after ${DRAIN_TIMEOUT_MS} ms: closing their connections`);
        app.server.closeAllConnections();
      }, DRAIN_TIMEOUT_MS);
      drainTimer.unref();
      void app
        .close()
        .then(() => clearTimeout(drainTimer))
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
