import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '../../src-server/embedded-postgres/supervisor';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

/**
 * Saves a screenshot into tests/e2e/screenshots for a person to look at. `npm test` turns them off
 * (E2E_SCREENSHOTS=0: no test reads them, and encoding some 60 full-page PNGs costs a busy machine
 * half a minute); `npm run test:e2e` takes them.
 */
export async function snap(page: Page, name: string, options: { fullPage?: boolean } = { fullPage: true }) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.screenshot({ path: join(SCREENSHOTS, name), fullPage: options.fullPage ?? true });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A server's data folder, inside the run's folder (tests/e2e/global-setup.ts removes it at the end). */
export function tempDataDir(): string {
  const dir = mkdtempSync(join(process.env.E2E_TMP_ROOT ?? tmpdir(), 'cf-e2e-'));
  chmodSync(dir, 0o755);
  return dir;
}

/** Starts the production server (dist/server/server.mjs) and waits until it is ready. */
export async function startServer(
  options: {
    dataDir: string;
    port?: number;
    env?: Record<string, string>;
    ownProcessGroup?: boolean;
    /** Node's own flags for the server (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
    nodeArgs?: string[];
  } = {
    dataDir: tempDataDir(),
  },
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server/server.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: options.dataDir, LOG_LEVEL: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal gives `npm start`: Ctrl-C signals the whole group.
    detached: options.ownProcessGroup ?? false,
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000);
    const check = () => {
      if (output.includes('"msg":"Ready: ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} while starting:\n${output}`));
    });
  }).catch((error: Error) => {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir: options.dataDir,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs a server to its exit (for one that must refuse to start). */
export async function runToExit(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/server.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** Console errors and uncaught page errors seen while the page is open. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The login's first step answers 401 `auth.second_factor_required` for an account with a second
    // factor (API contract, "Admin sign-in and audit"): the form then asks for the code. Chromium logs
    // every 4xx resource; that one is the expected way to the second step, not an error.
    if (
      message.text().includes('status of 401') &&
      new URL(message.location().url || 'http://x/').pathname === '/api/auth/login'
    )
      return;
    errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}
