import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { applyFunctions } from './apply-functions';
import { backfillLoans } from './backfill-loans';
import { isDatabaseUnavailable } from '../lib/db-unavailable';
import { functionsDir, migrationsDir } from '../lib/paths';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction handle; repository functions take `Db | Tx` first. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// int8 (bigint) columns arrive as strings unless asked for: drizzle's `mode: 'bigint'` maps them.
export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export function createDatabase(
  connectionString: string,
  options: {
    max?: number;
    onError?: (error: Error) => void;
    /**
     * How long a request waits for a connection (a free one from the pool, or a new one to open)
     * before it fails (2 s by default): the API then answers 503 (lib/db-unavailable.ts) rather
     * than keeping the caller waiting while the database is down or every connection is busy.
     */
    connectionTimeoutMillis?: number;
    /**
     * PostgreSQL's statement_timeout for every connection (none by default): a statement that runs
     * or waits on a lock longer is cancelled (SQLSTATE 57014), and the API answers 503 instead of
     * holding one of the pool's connections indefinitely. The migrations lift it for themselves.
     */
    statementTimeoutMillis?: number;
    /** PostgreSQL's idle_in_transaction_session_timeout: a transaction left open is ended. */
    idleInTransactionTimeoutMillis?: number;
  } = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 2_000,
    idleTimeoutMillis: 30_000,
    application_name: 'crowdfunding-platform',
    ...(options.statementTimeoutMillis !== undefined && {
      statement_timeout: options.statementTimeoutMillis,
    }),
    ...(options.idleInTransactionTimeoutMillis !== undefined && {
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMillis,
    }),
  });
  // An idle client whose server went away must not crash the process; the pool drops it.
  pool.on('error', (error) => options.onError?.(error));
  // Nor a client in use (a transaction between two statements): node-postgres emits 'error' on it
  // when its connection ends, and the pool listens only while it is idle. Its queries fail on their
  // own (the request answers 503), and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  let closed = false;
  return {
    pool,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** How long the migrations wait for the database at start (`runMigrations`). */
export const STARTUP_WAIT_MS = 30_000;

/**
 * A connection of the pool, asked again while the database is unavailable (refused, not answering
 * within the pool's connection bound, starting up) until `withinMs` has passed; then the last error.
 * A request fails fast on such an error (503); a server starting must not: on a busy machine a new
 * connection can take longer than the pool's 2 s, and a database may still be starting.
 */
export async function connectPatiently(pool: pg.Pool, withinMs: number): Promise<pg.PoolClient> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await pool.connect();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Applies the committed migrations, then the database's functions whose file changed
 * (db/apply-functions.ts), one server instance at a time (advisory lock); waits up to
 * STARTUP_WAIT_MS for the database to take a connection. */
export async function runMigrations(database: Database, waitMs = STARTUP_WAIT_MS): Promise<void> {
  const client = await connectPatiently(database.pool, waitMs);
  try {
    // A migration may build an index on a large table, and waits for another server's migrations:
    // no statement timeout for this session (RESET gives the connection's own back).
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock(727274001)');
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsDir });
      await applyFunctions(client, functionsDir);
      await backfillLoans(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock(727274001)');
    }
    await client.query('RESET statement_timeout');
  } finally {
    client.release();
  }
}
