import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * Starts the production server's entry (`node --import tsx src-server/server.ts`) on a database of
 * the caller's, without demo data; its output is collected. Wait for it with `untilReady`.
 */
export function spawnServer(options: { databaseUrl: string; dataDir: string; port: number; kycKey: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/server.ts'], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: options.databaseUrl,
      KYC_ENCRYPTION_KEY: options.kycKey,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
}

/**
 * Resolves once a server started as a child process has logged its Ready line; rejects when it
 * exits first or takes longer than `timeoutMs` (the message carries what it printed so far).
 */
export function untilReady(
  child: ChildProcess,
  exited: Promise<void>,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${timeoutMs / 1000} s:\n${output()}`)),
      timeoutMs,
    );
    const check = () => {
      if (output().includes('"msg":"Ready: ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    check();
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited while starting:\n${output()}`));
    });
  });
}
