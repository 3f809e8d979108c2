import { execFile, execFileSync } from 'node:child_process';
import { chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src-server/db/client';
import { freePort } from '../../src-server/embedded-postgres/supervisor';
import { decryptDocument } from '../../src-server/modules/kyc/crypto';
import { sniffFileType } from '../../src-server/lib/file-type';
import { TEST_KYC_KEY } from '../faults/harness';
import { findInvariantViolations } from '../server/invariants';
import { startServer, tempDataDir, type RunningServer } from './harness';

const run = promisify(execFile);

/**
 * The restore drill of docs/operations.md ("Backups and the restore drill", issue 29): a platform on
 * its own PostgreSQL cluster with the demo data (accounts, ledger, loans, encrypted identity
 * documents) is backed up as an operator would (`pg_dump -Fc` of the database, a copy of the files),
 * restored into a fresh cluster (new `initdb`) and a new data folder, and an instance started on it
 * must be ready, keep every ledger invariant, answer the same balances, and decrypt every identity
 * document with the same KYC_ENCRYPTION_KEY. The figures (dump size, each step's time) are printed.
 *
 * It needs PostgreSQL's server binaries of one major version (initdb, pg_ctl, pg_dump, pg_restore):
 * PG_BIN, else the newest /usr/lib/postgresql/N/bin (Debian's `postgresql` package; .ci/run installs it).
 */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      "The restore drill needs PostgreSQL's binaries: install Debian's `postgresql` package or set PG_BIN.",
    );
  return join(root, versions[0]!, 'bin');
}

const BIN = postgresBin();
/** initdb and pg_ctl refuse root: as root they run as the `postgres` user, which owns the cluster. */
const owner =
  userInfo().uid === 0
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
      }
    : undefined;

interface Cluster {
  dir: string;
  port: number;
  url: string;
  stop(): Promise<void>;
}

async function freshCluster(parent: string, name: string): Promise<Cluster> {
  const dir = join(parent, name);
  mkdirSync(dir, { mode: 0o700 });
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const as = { ...owner, env: { ...process.env, LC_ALL: 'C' } };
  await run(join(BIN, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], as);
  const port = await freePort();
  await run(
    join(BIN, 'pg_ctl'),
    [
      '-D',
      dir,
      '-w',
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ],
    as,
  );
  await run(join(BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'platform']);
  return {
    dir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/platform`,
    async stop() {
      await run(join(BIN, 'pg_ctl'), ['-D', dir, '-w', '-m', 'fast', 'stop'], as).catch(() => undefined);
    },
  };
}

const work = tempDataDir();
const clusters: Cluster[] = [];
const databases: Database[] = [];
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  await Promise.all(databases.map((d) => d.close()));
  await Promise.all(clusters.map((c) => c.stop()));
  rmSync(work, { recursive: true, force: true });
}, 60_000);

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function figures(database: Database) {
  const { rows } = await database.pool.query<{
    users: number;
    entries: number;
    balances: string;
    documents: number;
  }>(`SELECT (SELECT count(*)::int FROM users) AS users,
             (SELECT count(*)::int FROM ledger_entries) AS entries,
             (SELECT coalesce(sum(balance_cents), 0)::text FROM accounts) AS balances,
             (SELECT count(*)::int FROM kyc_documents) AS documents`);
  return rows[0]!;
}

describe('restore drill: dump, restore into a fresh cluster, start an instance on it', () => {
  it('the restored platform is ready, keeps its invariants and balances, and decrypts every document', async () => {
    const times: Record<string, string> = {};
    // The platform as it runs: its own cluster and data folder, with the demo data.
    let begun = performance.now();
    const source = await freshCluster(work, 'source-pg');
    clusters.push(source);
    const sourceFiles = join(work, 'source-data');
    mkdirSync(sourceFiles);
    await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src-server/cli/seed.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: source.url,
        DATA_DIR: sourceFiles,
        KYC_ENCRYPTION_KEY: TEST_KYC_KEY,
      },
    });
    times.seedS = seconds(begun);
    const sourceDb = createDatabase(source.url, { max: 2 });
    databases.push(sourceDb);
    const before = await figures(sourceDb);
    expect(before.documents).toBeGreaterThan(0);

    // The backup: the database in pg_dump's custom format, and the files.
    begun = performance.now();
    const dump = join(work, 'platform.dump');
    await run(join(BIN, 'pg_dump'), ['-Fc', '-f', dump, '-d', source.url]);
    cpSync(sourceFiles, join(work, 'backup-files'), { recursive: true });
    times.backupS = seconds(begun);
    const dumpBytes = readFileSync(dump).length;

    // The disaster: the cluster and the data folder are gone.
    await source.stop();
    rmSync(sourceFiles, { recursive: true, force: true });

    // The restore: a new cluster, the dump, the files.
    begun = performance.now();
    const target = await freshCluster(work, 'target-pg');
    clusters.push(target);
    await run(join(BIN, 'pg_restore'), ['--no-owner', '--exit-on-error', '-d', target.url, dump]);
    const targetFiles = join(work, 'target-data');
    cpSync(join(work, 'backup-files'), targetFiles, { recursive: true });
    times.restoreS = seconds(begun);

    begun = performance.now();
    server = await startServer({
      dataDir: targetFiles,
      env: { DATABASE_URL: target.url, KYC_ENCRYPTION_KEY: TEST_KYC_KEY, SEED_DEMO: 'false' },
    });
    times.startS = seconds(begun);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);

    const targetDb = createDatabase(target.url, { max: 2 });
    databases.push(targetDb);
    expect(await findInvariantViolations(targetDb.pool)).toEqual([]);
    const after = await figures(targetDb);
    // The source cluster is stopped: its figures were read before the disaster.
    expect(after).toEqual(before);

    // The demo investor signs in on the restored instance and sees the balance the ledger holds.
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'investor@afrivest.test', password: 'demo-password-2026' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const balance = (await (
      await fetch(`${server.url}/api/balances/my-balance`, { headers: { cookie } })
    ).json()) as { balance: number };
    const { rows } = await targetDb.pool.query<{ cents: string }>(
      `SELECT a.balance_cents::text AS cents FROM accounts a JOIN users u ON u.id = a.user_id
        WHERE u.email = 'investor@afrivest.test'`,
    );
    expect(Math.round(balance.balance * 100)).toBe(Number(rows[0]!.cents));

    // Every identity document decrypts with the key, into the kind of file it was.
    const key = Buffer.from(TEST_KYC_KEY, 'hex');
    const documents = await targetDb.pool.query<{ storage_path: string; mime_type: string }>(
      'SELECT storage_path, mime_type FROM kyc_documents',
    );
    for (const document of documents.rows) {
      const stored = readFileSync(join(targetFiles, 'private', document.storage_path));
      const plain = decryptDocument(key, stored);
      expect(sniffFileType(plain), document.storage_path).toBe(document.mime_type);
      // A wrong key does not open it.
      expect(() => decryptDocument(Buffer.alloc(32, 1), stored)).toThrow();
    }
    console.log(
      `restore drill: dump ${(dumpBytes / 1024).toFixed(0)} KiB; seed ${times.seedS} s, backup ${times.backupS} s, restore ${times.restoreS} s, start ${times.startS} s; ${after.users} accounts, ${after.entries} ledger entries, ${documents.rows.length} documents decrypted`,
    );
  }, 240_000);
});
