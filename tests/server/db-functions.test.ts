import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyFunctions } from '../../src-server/db/apply-functions';
import { runMigrations } from '../../src-server/db/client';
import { functionsDir, migrationsDir } from '../../src-server/lib/paths';
import { testContext, type TestContext } from './context';

/**
 * The database's functions live once each in src-server/db/functions/<name>.sql and are applied
 * after the migrations (src-server/db/apply-functions.ts): a file is run again when its checksum
 * changed, not otherwise, and two servers starting together apply it once. The files are copied to
 * a folder of this test's own, changed there, and applied to this file's database.
 */
let t: TestContext;
let dir: string;

beforeAll(async () => {
  t = await testContext();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cf-db-functions-'));
  cpSync(functionsDir, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Applies the files of the test's folder with a connection of its own. */
async function apply(): Promise<string[]> {
  const client = await t.database.pool.connect();
  try {
    return await applyFunctions(client, dir);
  } finally {
    client.release();
  }
}

async function recorded(): Promise<Record<string, string>> {
  const { rows } = await t.database.pool.query<{ name: string; sha256: string; applied_at: Date }>(
    'SELECT name, sha256, applied_at FROM drizzle.db_functions ORDER BY name',
  );
  return Object.fromEntries(rows.map((row) => [row.name, `${row.sha256} ${row.applied_at.toISOString()}`]));
}

function edit(name: string, change: (sql: string) => string): void {
  const file = join(dir, `${name}.sql`);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

const probe = (args: string, returns: string, body: string) =>
  `CREATE OR REPLACE FUNCTION db_functions_probe(${args}) RETURNS ${returns} LANGUAGE sql AS $$ ${body} $$;\n`;

describe('the database functions step', () => {
  it('records every file at start; a second start runs none', async () => {
    const names = readdirSync(functionsDir).map((file) => file.replace(/\.sql$/, ''));
    const before = await recorded();
    expect(Object.keys(before).sort()).toEqual(names.sort());
    await runMigrations(t.database);
    expect(await recorded()).toEqual(before);
    expect(await apply()).toEqual([]);
    expect(await recorded()).toEqual(before);
  });

  it('runs a changed file again, and only that one', async () => {
    const before = await recorded();
    edit('ledger_append_only', (sql) =>
      sql.replace('the ledger is append-only', 'the books are append-only'),
    );
    expect(await apply()).toEqual(['ledger_append_only']);
    const after = await recorded();
    expect(after.ledger_append_only).not.toEqual(before.ledger_append_only);
    expect({ ...after, ledger_append_only: undefined }).toEqual({ ...before, ledger_append_only: undefined });
    // The trigger that calls the function survived, and calls its new definition.
    await expect(t.database.pool.query('TRUNCATE ledger_entries')).rejects.toThrow(
      'the books are append-only: TRUNCATE on ledger_entries is not allowed',
    );
    expect(await apply()).toEqual([]);

    // Back to the committed file: applied again, and the ledger's own message is back.
    cpSync(join(functionsDir, 'ledger_append_only.sql'), join(dir, 'ledger_append_only.sql'));
    expect(await apply()).toEqual(['ledger_append_only']);
    await expect(t.database.pool.query('TRUNCATE ledger_entries')).rejects.toThrow(
      'the ledger is append-only: TRUNCATE on ledger_entries is not allowed',
    );
  });

  it('replaces a function whose signature or return type changed', async () => {
    const signature = async () =>
      (
        await t.database.pool.query<{ signature: string }>(
          `SELECT oid::regprocedure::text AS signature FROM pg_proc WHERE proname = 'db_functions_probe'`,
        )
      ).rows.map((row) => row.signature);
    writeFileSync(join(dir, 'zz_probe.sql'), probe('', 'integer', 'SELECT 1'));
    expect(await apply()).toEqual(['zz_probe']);
    writeFileSync(join(dir, 'zz_probe.sql'), probe('n integer', 'text', "SELECT 'n' || n"));
    expect(await apply()).toEqual(['zz_probe']);
    expect(await signature()).toEqual(['db_functions_probe(integer)']);
    const { rows } = await t.database.pool.query('SELECT db_functions_probe(7) AS answer');
    expect(rows).toEqual([{ answer: 'n7' }]);
    // A file that fails names itself, and nothing of its transaction stays.
    writeFileSync(join(dir, 'zz_probe.sql'), probe('', 'integer', "SELECT 'x'"));
    await expect(apply()).rejects.toThrow(/^src-server\/db\/functions\/zz_probe\.sql: /);
    expect(await signature()).toEqual(['db_functions_probe(integer)']);
    rmSync(join(dir, 'zz_probe.sql'));
    await t.database.pool.query('DROP FUNCTION db_functions_probe(integer)');
    await t.database.pool.query(`DELETE FROM drizzle.db_functions WHERE name = 'zz_probe'`);
  });

  it('two starts at once apply a changed file once, and neither fails', async () => {
    const before = await recorded();
    edit('place_investment', (sql) => `${sql}\n-- changed\n`);
    edit('ledger_transaction_balanced', (sql) => `${sql}\n-- changed\n`);
    const answers = await Promise.all([apply(), apply(), apply()]);
    expect(answers.flat().sort()).toEqual(['ledger_transaction_balanced', 'place_investment']);
    expect(answers.filter((names) => names.length > 0)).toHaveLength(1);
    const after = await recorded();
    expect(after.place_investment).not.toEqual(before.place_investment);
    const triggers = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_trigger WHERE tgname LIKE 'ledger_%_balanced'`,
    );
    expect(triggers.rows).toEqual([{ n: 2 }]);
  });
});

describe('the migrations journal', () => {
  it('dates every new migration after the last one a database may have applied', () => {
    // drizzle runs a migration only when its `when` is later than the last applied one's, which for
    // databases migrated before the functions moved is 20261125194503_invest_hidden_venture's
    // (1795635903195, removed since): a migration dated before would be skipped there, silently.
    const { entries } = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const whens = entries.map((entry) => entry.when);
    expect(whens).toEqual([...whens].sort((a, b) => a - b));
    const lastBefore = entries.findIndex((entry) => entry.tag === '20261125072136_venture_count_index');
    expect(lastBefore).toBeGreaterThan(0);
    for (const entry of entries.slice(lastBefore + 1))
      expect(entry.when, entry.tag).toBeGreaterThan(1795635903195);
  });
});
