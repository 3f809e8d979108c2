import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/**
 * The database's functions (and the triggers that call them) live once each, in
 * src-server/db/functions/<name>.sql, at their current definition. This step runs after drizzle's
 * migrations at every start (runMigrations): a file whose SHA-256 differs from the one recorded in
 * `drizzle.db_functions` is run again, every such file in one transaction, in file-name order, under
 * an advisory lock (two servers starting together apply them once). An unchanged file is not run.
 *
 * Before a changed file runs, each function it creates is dropped (every overload of that name), so
 * that a new signature or return type replaces the old one instead of failing or standing beside
 * it; a function something depends on (a trigger) is kept and replaced in place by the file's
 * CREATE OR REPLACE. Files therefore use CREATE OR REPLACE FUNCTION, and recreate their triggers
 * (CREATE OR REPLACE TRIGGER; DROP TRIGGER IF EXISTS before a constraint trigger).
 *
 * A function that a table needs while it is migrated (a generated column's, an index's) stays in its
 * migration (venture_search_text): the migrations run before this step.
 */

/** The advisory lock of this step (runMigrations holds 727274001 around it). */
const FUNCTIONS_LOCK = 727274002;

export interface FunctionFile {
  /** The file's name without `.sql`. */
  name: string;
  sql: string;
  sha256: string;
}

/** The `.sql` files of `dir`, in file-name order, with their checksums. */
export function readFunctionFiles(dir: string): FunctionFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(dir, file), 'utf8');
      return { name: file.slice(0, -4), sql, sha256: createHash('sha256').update(sql).digest('hex') };
    });
}

/** The names of the functions a file creates (comments aside). */
export function functionsCreatedBy(sql: string): string[] {
  const code = sql.replace(/--.*$/gm, '');
  const found = code.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:\w+\.)?"?(\w+)"?\s*\(/gi);
  return [...new Set([...found].map((match) => match[1]!))];
}

/** Drops every overload of `name` in the current schema that nothing depends on. */
async function dropUnlessDependedOn(client: pg.ClientBase, name: string): Promise<void> {
  const { rows } = await client.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
      WHERE p.proname = $1 AND p.pronamespace = current_schema()::regnamespace`,
    [name],
  );
  for (const { signature } of rows) {
    await client.query('SAVEPOINT drop_function');
    try {
      await client.query(`DROP FUNCTION ${signature}`);
      await client.query('RELEASE SAVEPOINT drop_function');
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT drop_function');
      // 2BP01 dependent_objects_still_exist: a trigger uses it; the file replaces it in place.
      if ((error as { code?: string }).code !== '2BP01') throw error;
    }
  }
}

/**
 * Applies the function files of `dir` whose checksum changed (see above); answers their names.
 * `client` must not be in a transaction.
 */
export async function applyFunctions(client: pg.ClientBase, dir: string): Promise<string[]> {
  const files = readFunctionFiles(dir);
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [FUNCTIONS_LOCK]);
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      `CREATE TABLE IF NOT EXISTS drizzle.db_functions (
         name text PRIMARY KEY,
         sha256 text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await client.query<{ name: string; sha256: string }>(
      'SELECT name, sha256 FROM drizzle.db_functions',
    );
    const applied = new Map(rows.map((row) => [row.name, row.sha256]));
    const changed = files.filter((file) => applied.get(file.name) !== file.sha256);
    for (const file of changed) {
      try {
        for (const name of functionsCreatedBy(file.sql)) await dropUnlessDependedOn(client, name);
        await client.query(file.sql);
      } catch (error) {
        throw new Error(`src-server/db/functions/${file.name}.sql: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await client.query(
        `INSERT INTO drizzle.db_functions (name, sha256, applied_at) VALUES ($1, $2, now())
         ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, applied_at = EXCLUDED.applied_at`,
        [file.name, file.sha256],
      );
    }
    await client.query('COMMIT');
    return changed.map((file) => file.name);
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
