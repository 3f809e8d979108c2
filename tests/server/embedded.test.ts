import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  EmbeddedPostgresError,
  embeddedSocketDir,
  embeddedUrl,
  startEmbeddedPostgres,
} from '../../src-server/embedded-postgres/supervisor';

function tempDir(prefix: string, mode = 0o755): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, mode);
  return dir;
}

describe('the data folder lock under simultaneous starts', () => {
  it('lets exactly one of eight processes take the folder', async () => {
    const dir = tempDir('cf-lockrace-');
    const script = `
      import { lockDataDir } from './src-server/lib/data-dir-lock.ts';
      try { lockDataDir(process.argv[1]); console.log('locked'); setTimeout(() => {}, 3000); }
      catch (e) { console.log(e.name); }
    `;
    try {
      const outputs = await Promise.all(
        Array.from(
          { length: 8 },
          () =>
            new Promise<string>((resolve) => {
              const child = spawn('node', ['--import', 'tsx', '--input-type=module', '-e', script, dir]);
              let out = '';
              child.stdout.on('data', (c: Buffer) => (out += c.toString()));
              child.stderr.on('data', (c: Buffer) => (out += c.toString()));
              child.once('exit', () => resolve(out.trim()));
            }),
        ),
      );
      expect(outputs.filter((o) => o === 'locked')).toHaveLength(1);
      expect(outputs.filter((o) => o === 'DataDirLockedError')).toHaveLength(7);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded PostgreSQL', () => {
  it('starts over a postmaster.pid whose pid now belongs to another program, and leaves that program alone', async () => {
    const dataDir = tempDir('cf-orphan-');
    const dir = join(dataDir, 'pg');
    const sleeper = spawn('node', ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const first = await startEmbeddedPostgres({ dir, database: 'platform' });
      const pidFile = readFileSync(join(dir, 'postmaster.pid'), 'utf8');
      // Killed without a stop, then a reboot: the pid file stays and its pid is recycled.
      const realPid = Number(pidFile.split('\n')[0]);
      process.kill(realPid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
      writeFileSync(join(dir, 'postmaster.pid'), pidFile.replace(/^\d+/, String(sleeper.pid)));
      void first;

      const logs: string[] = [];
      const second = await startEmbeddedPostgres({ dir, database: 'platform', log: (m) => logs.push(m) });
      const client = new pg.Client({ connectionString: second.url });
      await client.connect();
      expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      await client.end();
      await second.stop();
      expect(logs.join('\n')).toContain(`its pid ${sleeper.pid} is no longer a PostgreSQL server`);
      expect(sleeper.exitCode).toBeNull();
      expect(sleeper.signalCode).toBeNull();
    } finally {
      sleeper.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is reached over its Unix socket in the cluster folder, and over TCP as well (decision 0210)', async () => {
    const dataDir = tempDir('cf-socket-');
    const dir = join(dataDir, 'pg');
    try {
      const pgServer = await startEmbeddedPostgres({ dir, database: 'platform' });
      try {
        expect(pgServer.socketDir).toBe(dir);
        expect(existsSync(join(dir, `.s.PGSQL.${pgServer.port}`))).toBe(true);
        // What main.ts works out before PostgreSQL listens is the URL it gets once it does.
        expect(embeddedUrl(dir, pgServer.port, 'platform')).toBe(pgServer.url);
        // inet_client_addr() is null for a Unix-domain connection, the client's address over TCP.
        const addressOf = async (connectionString: string) => {
          const client = new pg.Client({ connectionString });
          await client.connect();
          try {
            return (await client.query('SELECT inet_client_addr()::text AS a')).rows[0].a as string | null;
          } finally {
            await client.end();
          }
        };
        expect(await addressOf(pgServer.url)).toBeNull();
        expect(await addressOf(pgServer.tcpUrl)).toBe('127.0.0.1/32');
      } finally {
        await pgServer.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps to TCP where the socket path would be too long for a Unix socket', () => {
    expect(embeddedSocketDir('/tmp/short/pg', 5432)).toBe('/tmp/short/pg');
    expect(embeddedSocketDir(`/tmp/${'x'.repeat(120)}/pg`, 5432)).toBeUndefined();
  });

  it('says why when PostgreSQL cannot start (its port is taken)', async () => {
    const dataDir = tempDir('cf-port-');
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const failure = startEmbeddedPostgres({ dir: join(dataDir, 'pg'), database: 'platform', port });
      await expect(failure).rejects.toThrow(EmbeddedPostgresError);
      await expect(failure).rejects.toThrow(
        /PostgreSQL stopped while starting \(code 1\): .*could not create any TCP\/IP sockets/,
      );
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(userInfo().uid !== 0)(
    'as root, names a DATA_DIR the postgres user cannot enter instead of failing in initdb',
    async () => {
      const dataDir = tempDir('cf-closed-', 0o700);
      try {
        await expect(
          startEmbeddedPostgres({ dir: join(dataDir, 'pg'), database: 'platform' }),
        ).rejects.toThrow(
          `As root, the embedded PostgreSQL runs as the 'postgres' user, who cannot enter ${dataDir}. Allow it with \`chmod o+x ${dataDir}\`, or choose another DATA_DIR.`,
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
