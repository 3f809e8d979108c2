/**
 * Benchmark of the camt.053 import (issue 27). Not part of `npm test`; no timed assertion.
 *   npm run bench:camt [entries]
 * On a fresh database created (and dropped at the end) on the PostgreSQL at BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres by default), with the migrations applied: 2,000
 * investors with deposit references, and a statement of `entries` (10,000 by default) entries built
 * with xmlbuilder2: 90 % credits in EUR with an investor's reference (so 90 % credited, each a ledger
 * transaction and an e-mail), the rest without a reference, in USD, debits, reversals and batches.
 * It prints the time of the import (parse, match, ledger, e-mails queued, one transaction) and of a
 * second import of the same file (everything a duplicate). Goal (issue 27): 10,000 entries <= 10 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { create } from 'xmlbuilder2';
import { depositReference } from '../../src-shared/rules/payments';
import { loadConfig } from '../../src-server/config';
import type { AppContext } from '../../src-server/context';
import { createDatabase, runMigrations } from '../../src-server/db/client';
import { createBusinessClock } from '../../src-server/lib/business-clock';
import { Mailer } from '../../src-server/modules/mailer/service';
import { importStatement } from '../../src-server/modules/payments/service';
import { Jobs } from '../../src-server/plugins/jobs';

const ENTRIES = Number(process.argv[2] ?? 10_000);
const INVESTORS = 2_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_camt_${process.pid}`;
const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};
const ms = (from: number) => Math.round(performance.now() - from);

/** A camt.053.001.08 statement of `count` entries over the given references. */
function statement(count: number, references: string[]): string {
  const stmt = create({ version: '1.0', encoding: 'UTF-8' })
    .ele('urn:iso:std:iso:20022:tech:xsd:camt.053.001.08', 'Document')
    .ele('BkToCstmrStmt');
  stmt.ele('GrpHdr').ele('MsgId').txt('BENCH-1').up().ele('CreDtTm').txt('2026-11-26T22:00:00Z');
  const s = stmt.ele('Stmt');
  s.ele('Id').txt('BENCH-STATEMENT');
  s.ele('Acct').ele('Id').ele('IBAN').txt('DE89370400440532013000');
  for (let i = 0; i < count; i += 1) {
    const kind = i % 10; // 0..8 matched, 9 one of the unmatched kinds in turn
    const odd = Math.floor(i / 10) % 5;
    const entry = s.ele('Ntry');
    entry.ele('NtryRef').txt(String(i + 1));
    entry
      .ele('Amt', { Ccy: kind === 9 && odd === 1 ? 'USD' : 'EUR' })
      .txt(`${(i % 500) + 10}.${String(i % 100).padStart(2, '0')}`);
    entry.ele('CdtDbtInd').txt(kind === 9 && odd === 2 ? 'DBIT' : 'CRDT');
    if (kind === 9 && odd === 3) entry.ele('RvslInd').txt('true');
    entry.ele('Sts').ele('Cd').txt('BOOK');
    entry.ele('BookgDt').ele('Dt').txt('2026-11-26');
    entry.ele('AcctSvcrRef').txt(`BENCH${String(i).padStart(10, '0')}`);
    const details = entry.ele('NtryDtls');
    const transactions = kind === 9 && odd === 4 ? 2 : 1;
    for (let k = 0; k < transactions; k += 1) {
      const tx = details.ele('TxDtls');
      tx.ele('RltdPties').ele('Dbtr').ele('Pty').ele('Nm').txt(`Sender ${i}`);
      const text = kind === 9 && odd === 0 ? `Invoice ${i}` : `Deposit ${references[i % references.length]}`;
      tx.ele('RmtInf').ele('Ustrd').txt(text);
    }
  }
  return stmt.end();
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = withDatabase(adminUrl, name);
const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-camt-'));
const database = createDatabase(url, { max: 4 });
const log = { info: () => undefined, warn: () => undefined };
const jobs = new Jobs({ connectionString: url, log, background: false });

try {
  let t = performance.now();
  await runMigrations(database);
  await jobs.start();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url });
  const mailer = new Mailer({ jobs, dataDir, publicUrl: config.publicUrl, log });
  await mailer.start({ work: false });
  const ctx: AppContext = {
    config,
    db: database.db,
    pool: database.pool,
    mailer,
    now: () => new Date(),
    clock: createBusinessClock(() => new Date(), false),
  };
  const { pool } = database;
  console.log(`migrated in ${ms(t)} ms`);

  t = performance.now();
  const ids = (
    await pool.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified_at)
       SELECT 'investor' || g || '@bench.test', 'x', 'Investor', 'N' || g, 'user', now()
         FROM generate_series(1, $1) g RETURNING id`,
      [INVESTORS],
    )
  ).rows.map((r) => r.id);
  const references = ids.map((_, i) => depositReference(100_001 + i));
  await pool.query(
    `INSERT INTO deposit_references (user_id, number, reference)
     SELECT u, n, r FROM unnest($1::uuid[], $2::int[], $3::text[]) AS x(u, n, r)`,
    [ids, ids.map((_, i) => 100_001 + i), references],
  );
  const adminId = (
    await pool.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified_at)
       VALUES ('admin@bench.test', 'x', 'Bench', 'Admin', 'admin', now()) RETURNING id`,
    )
  ).rows[0]!.id;
  const xml = statement(ENTRIES, references);
  console.log(
    `${INVESTORS} investors and a statement of ${ENTRIES} entries (${(xml.length / 1e6).toFixed(1)} MB) in ${ms(t)} ms`,
  );

  const admin = {
    id: adminId,
    audit: { actor: { id: adminId, email: 'bench@example.com', role: 'admin' }, ip: null, userAgent: null },
  };
  t = performance.now();
  const first = await importStatement(ctx, admin, xml, 'bench.xml');
  console.log(
    `import of ${ENTRIES} entries: ${ms(t)} ms (credited ${first.credited}, unmatched ${first.unmatched.length}, duplicates ${first.duplicates}; goal <= 10,000 ms)`,
  );
  t = performance.now();
  const second = await importStatement(ctx, admin, xml, 'bench.xml');
  console.log(
    `re-import of the same file: ${ms(t)} ms (credited ${second.credited}, duplicates ${second.duplicates})`,
  );
} finally {
  await jobs.stop().catch(() => undefined);
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
