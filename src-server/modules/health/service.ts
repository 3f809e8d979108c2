import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import type { Config } from '../../config';
import { migrationsDir } from '../../lib/paths';
import { fileStorage } from '../../lib/storage';

/** Whether the database answers `SELECT 1` within two seconds; a broken connection leaves the pool. */
export async function databaseAnswers(pool: pg.Pool): Promise<boolean> {
  try {
    await query(pool, 'SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** One statement on a connection of the pool, cut after two seconds; a broken connection leaves the pool. */
async function query<Row extends pg.QueryResultRow>(pool: pg.Pool, text: string): Promise<Row[]> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<Row>({ text, query_timeout: 2_000 } as never);
    client.release();
    return rows;
  } catch (error) {
    client.release(true); // a broken connection leaves the pool instead of going back to it
    throw error;
  }
}

/**
 * What stands between this instance and serving (`GET /api/health/ready`): `'database'` when the
 * database does not answer within two seconds, `'migrations'` when it answers but has not applied
 * every migration this build carries (another instance may still be migrating), else null.
 */
export async function migrationsApplied(pool: pg.Pool): Promise<'database' | 'migrations' | null> {
  let applied: number;
  try {
    const [table] = await query<{ present: boolean }>(
      pool,
      "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
    );
    applied = table!.present
      ? (
          await query<{ applied: number }>(
            pool,
            'SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations',
          )
        )[0]!.applied
      : 0;
  } catch {
    return 'database';
  }
  return applied >= (await migrationCount()) ? null : 'migrations';
}

let journalEntries: Promise<number> | undefined;
/** How many migrations this build carries (drizzle's journal). */
function migrationCount(): Promise<number> {
  journalEntries ??= readFile(join(migrationsDir, 'meta', '_journal.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { entries: unknown[] }).entries.length,
  );
  return journalEntries;
}

/**
 * Whether the file storage answers (lib/storage). The local disk: a probe file can be written under
 * the storage's root and removed (a permission check alone says yes to root on a read-only or vanished
 * disk). A bucket: a HEAD of a probe key answers within two seconds, found or not (a write there every
 * few seconds would pile up versions in a versioned bucket); a refused key pair or an unreachable
 * endpoint is an error.
 */
export async function storageAnswers(config: Pick<Config, 'storage'>): Promise<boolean> {
  const storage = config.storage;
  try {
    if (storage.driver === 's3') {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('storage timeout')), 2_000);
      });
      try {
        await Promise.race([fileStorage(config).head('private/health/ready-probe'), timeout]);
      } finally {
        clearTimeout(timer);
      }
      return true;
    }
    const probe = join(storage.root, `.ready-probe-${process.pid}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
    return true;
  } catch {
    return false;
  }
}
