import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, runMigrations } from '../../src-server/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src-server/embedded-postgres/supervisor';
import { Mailer } from '../../src-server/modules/mailer/service';
import { Jobs } from '../../src-server/plugins/jobs';
import { AUTO_INVEST_QUEUE } from '../../src-server/modules/auto-invest/queue';
import { withDatabase } from './db-names';

/**
 * One PostgreSQL per test run: an embedded cluster in a temporary folder, or the server named by
 * TEST_DATABASE_URL. A template database is migrated once; every test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  let adminUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = withDatabase(process.env.TEST_DATABASE_URL, 'postgres');
  } else {
    dir = mkdtempSync(join(tmpdir(), 'cf-test-pg-'));
    chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({ dir: join(dir, 'pg'), database: 'postgres' });
    adminUrl = embedded.url;
  }
  const prefix = `cf_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = createDatabase(withDatabase(adminUrl, template), { max: 2 });
  await runMigrations(database);
  await database.close();
  // The job queue's tables too, so every clone starts with them.
  const log = { info: () => undefined, warn: () => undefined };
  const jobs = new Jobs({ connectionString: withDatabase(adminUrl, template), log, background: false });
  await jobs.start();
  await new Mailer({ jobs, dataDir: tmpdir(), publicUrl: 'http://127.0.0.1', log }).start({ work: false });
  await jobs.ensureQueue(AUTO_INVEST_QUEUE, { retryLimit: 5 });
  await jobs.stop();

  project.provide('testDb', { adminUrl, template, prefix });

  return async () => {
    // Drop every database this run made (a crashed test file may have left its clone behind).
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname = $2`,
      [`${prefix}%`, template],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.end();
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
