import pg from 'pg';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { currentContext, disposeContext } from './context';
import { findInvariantViolations } from './invariants';

// A test still running after STALL_MS prints what its database and process are doing (a hang is
// otherwise only "Test timed out in 180000ms"): the pool's counts, every session of the file's
// database with its state and wait, the locks not granted, and the process's live resources.
const STALL_MS = Number(process.env.TEST_STALL_MS ?? 30_000);
let stall: NodeJS.Timeout | undefined;

beforeEach((test) => {
  stall = setTimeout(() => void reportStall(test.task.name), STALL_MS);
  stall.unref();
});

async function reportStall(name: string) {
  const context = currentContext();
  const lines = [`still running after ${STALL_MS / 1000} s: ${name}`];
  lines.push(`process resources: ${process.getActiveResourcesInfo().join(', ')}`);
  if (context) {
    const { pool } = context.database;
    lines.push(`pool: total ${pool.totalCount}, idle ${pool.idleCount}, waiting ${pool.waitingCount}`);
    const client = new pg.Client({ connectionString: context.databaseUrl });
    try {
      await client.connect();
      const activity = await client.query(
        `SELECT pid, state, wait_event_type, wait_event, now() - query_start AS age, left(query, 160) AS query
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      for (const row of activity.rows) lines.push(`session ${JSON.stringify(row)}`);
      const waiting = await client.query(
        `SELECT pid, locktype, mode, relation::regclass::text AS relation, pg_blocking_pids(pid) AS blocked_by
           FROM pg_locks WHERE NOT granted`,
      );
      for (const row of waiting.rows) lines.push(`lock waited for ${JSON.stringify(row)}`);
    } catch (error) {
      lines.push(`database not asked: ${String(error)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  console.error(lines.join('\n  '));
}

// After every server test: the ledger's invariants hold in that file's database.
afterEach(async () => {
  clearTimeout(stall);
  const context = currentContext();
  if (!context) return;
  expect(await findInvariantViolations(context.database.pool)).toEqual([]);
});

afterAll(async () => {
  await disposeContext();
});
