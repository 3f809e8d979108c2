import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { createDatabase } from '../../src-server/db/client';
import { freePort, startEmbeddedPostgres } from '../../src-server/embedded-postgres/supervisor';
import { testContext, type TestContext } from './context';
import { startTestBucket } from '../support/s3rver';

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

describe('GET /api/health/live and /api/health/ready (issue 29: several instances behind a load balancer)', () => {
  it('live and ready answer 200 on a serving instance', async () => {
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('ready answers 503 while the instance drains after SIGTERM; live still answers 200', async () => {
    const app = await buildApp({ ...t.ctx, lifecycle: { draining: true } }, { logger: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', message: 'The instance is shutting down.' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('ready answers 503 while a migration of this build is not applied yet, and 200 once it is', async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ id: number; hash: string; created_at: string }>(
      'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at',
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        message: 'The database migrations are not all applied.',
      });
    } finally {
      const row = rows[0]!;
      await client.query(
        'INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)',
        [row.id, row.hash, row.created_at],
      );
      await client.end();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('ready answers 503 while the file storage does not answer; the database check alone stays 200', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cf-health-'));
    const config = { ...t.ctx.config, dataDir, storage: { driver: 'local' as const, root: dataDir } };
    const app = await buildApp({ ...t.ctx, config }, { logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      // The data folder is gone, and its path now names a file: nothing can be stored.
      rmSync(dataDir, { recursive: true, force: true });
      writeFileSync(dataDir, '');
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', message: 'The file storage does not answer.' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('with a bucket: ready answers 200 while the bucket answers, 503 once it is gone', async () => {
    const bucket = await startTestBucket();
    const config = loadConfig({ ...bucket.env('health'), DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ ...t.ctx, config }, { logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await bucket.stop();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', message: 'The file storage does not answer.' });
    } finally {
      await app.close();
    }
  });

  it('ready answers 503 while the database does not answer; live stays 200', async () => {
    const admin = new pg.Client({ connectionString: t.databaseUrl.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    const name = t.databaseName;
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', message: 'The database does not answer.' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
  });
});
