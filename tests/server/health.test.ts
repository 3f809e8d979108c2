import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { createDatabase } from '../../src-server/db/client';
import { freePort, startEmbeddedPostgres } from '../../src-server/embedded-postgres/supervisor';
import { testContext, type TestContext } from './context';

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 while the database is stopped and 200 again once it is back, without a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-health-'));
    chmodSync(dir, 0o755);
    const port = await freePort();
    let pgServer = await startEmbeddedPostgres({ dir: join(dir, 'pg'), database: 'platform', port });
    const database = createDatabase(pgServer.url, { max: 2, onError: () => undefined });
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: pgServer.url });
    const app = await buildApp({ ...t.ctx, config, db: database.db, pool: database.pool }, { logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await pgServer.stop();
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', message: 'The database does not answer.' });

      pgServer = await startEmbeddedPostgres({ dir: join(dir, 'pg'), database: 'platform', port });
      const up = await app.inject({ method: 'GET', url: '/api/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await database.close();
      await pgServer.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('answers 503 while connections to its database are refused', async () => {
    const admin = new pg.Client({ connectionString: t.databaseUrl.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    const name = t.databaseName;
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
