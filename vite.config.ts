import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { muiWithoutCssVariables } from './scripts/mui-no-css-vars.mjs';
import { precompressDir } from './scripts/precompress.mjs';
import { unbarrel } from './scripts/unbarrel.mjs';

const apiPort = Number(process.env.API_PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${apiPort}`;

const BACKOFFICE_PAGE = /^\/(?:admin|corporate)(?:\/|$)/;

/**
 * Where a request for a back-office page goes in `vite` (dev) and `vite preview`: '/backoffice.html'
 * for an HTML navigation to /admin, /corporate or below them, else undefined (leave it alone). The
 * same rule as the production fallback in src-server/plugins/web.ts: GET or HEAD, a path under one
 * of the two prefixes, no file extension in the last segment; plus Vite's own test for an HTML
 * request (an Accept header that is missing, or names text/html or any type).
 */
export function backofficeFallbackUrl(
  url: string,
  { method = 'GET', accept }: { method?: string; accept?: string } = {},
): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (accept && !accept.includes('text/html') && !accept.includes('*/*')) return undefined;
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (!BACKOFFICE_PAGE.test(path)) return undefined;
  if ((path.split('/').pop() ?? '').includes('.')) return undefined;
  return '/backoffice.html';
}

/** Vite's html fallback would answer index.html (the public site) for /admin and /corporate; this
 * middleware runs before it (added directly in configureServer, not in a returned post hook). */
export function backofficeFallback(): Plugin {
  const rewrite = (req: IncomingMessage, _res: ServerResponse, next: () => void) => {
    const target = req.url
      ? backofficeFallbackUrl(req.url, { method: req.method, accept: req.headers.accept })
      : undefined;
    if (target) req.url = target;
    next();
  };
  return {
    name: 'afrivest:backoffice-fallback',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build that is at least
 * 1 KiB, kept only when smaller (scripts/precompress.mjs); the server sends them with
 * @fastify/static's `preCompressed` (src-server/plugins/web.ts), so nothing is compressed per
 * request. With PRECOMPRESS=gzip (`npm start`) only the gzip copies are written here, and the
 * Brotli ones in the background once the server listens.
 */
export function precompress(): Plugin {
  let outDir = 'dist/web';
  return {
    name: 'afrivest:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir, { brotli: process.env.PRECOMPRESS !== 'gzip' });
    },
  };
}

/** A module of one of these npm packages (or of a package under one of these scopes). */
const packages = (...names: string[]) =>
  new RegExp(
    `[\\/]node_modules[\\/](?:${names.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})[\\/]`,
  );

type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/**
 * The first loads, keyed by the short name used in chunk names: the public site's entry script, and
 * the back office's entry with the app it imports for /admin or for /corporate (main.tsx awaits that
 * import before it renders anything: the app's static imports are part of that path's first load,
 * loaded through the import's preload list instead of the HTML's).
 */
const FIRST_LOADS = {
  public: ['src-public/main.tsx'],
  admin: ['src-backoffice/main.tsx', 'src-backoffice/admin/App.tsx'],
  corporate: ['src-backoffice/main.tsx', 'src-backoffice/corporate/App.tsx'],
};
const SIDES = { public: 'public', admin: 'backoffice', corporate: 'backoffice' } as const;
const abs = (path: string) => resolve(import.meta.dirname, path);

const ENTRY_IDS = new Set(Object.values(FIRST_LOADS).flatMap((paths) => paths.map(abs)));

/** Every module reachable from `starts` through static imports (and dynamic ones when `lazy`). */
function reachable(graph: ModuleGraph, starts: string[], lazy: boolean): Set<string> {
  const seen = new Set(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const info = graph.getModuleInfo(queue.pop()!);
    for (const next of [
      ...(info?.importedIds ?? []),
      ...(lazy ? (info?.dynamicallyImportedIds ?? []) : []),
    ]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/**
 * Which first loads hold a module: 'public+admin+corporate', 'admin+corporate', 'public', 'admin',
 * ... (the first loads whose static import graph holds it). Undefined for a module that only lazy
 * code reaches, and for one that only the back office's first loads hold and the public site's lazy
 * pages also reach (TextField, Menu...): it keeps a chunk of its own, so that /login or /ventures
 * never download the back office's whole MUI group. Computed once per chunking pass.
 */
const initialOwners = new WeakMap<ModuleGraph, Map<string, string>>();
function ownersOf(id: string, graph: ModuleGraph): string | undefined {
  let owners = initialOwners.get(graph);
  if (!owners) {
    owners = new Map();
    const loads = Object.entries(FIRST_LOADS).map(([name, paths]) => ({
      name,
      side: SIDES[name as keyof typeof SIDES],
      initial: reachable(graph, paths.map(abs), false),
    }));
    const sides = {
      public: reachable(graph, FIRST_LOADS.public.map(abs), true),
      backoffice: reachable(graph, [abs('src-backoffice/main.tsx')], true),
    };
    const modules = new Set(loads.flatMap(({ initial }) => [...initial]));
    for (const module of modules) {
      const holding = loads.filter(({ initial }) => initial.has(module));
      const heldBy = new Set(holding.map(({ side }) => side));
      const reachedBy = Object.entries(sides).filter(([, all]) => all.has(module));
      // The public shell's own modules are grouped even when back-office screens use them too (a few
      // small MUI parts); the back office's are not when public pages use them (TextField, Menu...).
      if (heldBy.has('public') || reachedBy.every(([side]) => heldBy.has(side as 'public' | 'backoffice'))) {
        owners.set(module, holding.map(({ name }) => name).join('+'));
      }
    }
    initialOwners.set(graph, owners);
  }
  return owners.get(id);
}

/**
 * A chunk group of the modules that `test` matches and that an entry loads before any lazy import,
 * one chunk per set of entries that load them: `react` (both entries), `mui-public`, ...
 */
function initialGroup(name: string, test: RegExp, priority: number) {
  return {
    name: (id: string, graph: ModuleGraph) => {
      // An entry's own script stays in its entry chunk: main.tsx awaits (the catalogs, the back
      // office's app) at its top level, and a lazy chunk that imported a group holding it would
      // wait for it forever. The back office's two apps keep their own chunks too.
      if (ENTRY_IDS.has(id)) return null;
      const owners = ownersOf(id, graph);
      if (!owners) return null;
      if (owners === 'public+admin+corporate') return name;
      return `${name}-${owners === 'admin+corporate' ? 'backoffice' : owners}`;
    },
    debugName: name,
    test,
    priority,
    // A captured module's dependencies stay where their own group puts them (a module of both
    // entries must not follow a back-office-only importer into a chunk the public site skips).
    includeDependenciesRecursively: false,
  };
}

/**
 * Vendor chunks (rolldown's `codeSplitting` groups): the npm code a page loads before its first
 * lazy route, in a few long-lived chunks whose contents do not change when screen code does
 * (react, mui, react-admin, vendor). Only modules of a first load's static import graph are
 * grouped (FIRST_LOADS: with scripts/unbarrel.mjs that graph is the modules really used, not
 * everything a library's index re-exports), so nothing a page loads lazily moves into a chunk that
 * the HTML preloads, and each group is split by the first loads that hold its modules: the public
 * site never preloads react-admin, /admin never loads what only /corporate uses (`-admin`,
 * `-corporate`), and the back office reuses the public site's React and MUI chunks from the cache.
 * Lazy-only npm code keeps rolldown's automatic splitting (one chunk per set of lazy importers).
 * The entries' own initial code is grouped the same way (`app`), instead of a dozen small chunks
 * shared with lazy routes.
 */
const CHUNK_GROUPS = [
  initialGroup('react', packages('react', 'react-dom', 'scheduler'), 40),
  initialGroup(
    'mui',
    packages('@mui', '@emotion', '@babel/runtime', 'react-transition-group', 'stylis', 'clsx', '@popperjs'),
    30,
  ),
  initialGroup(
    'react-admin',
    packages('react-admin', 'ra-core', 'ra-ui-materialui', 'ra-i18n-i18next', 'react-hook-form', 'lodash'),
    20,
  ),
  initialGroup('vendor', /[\\/]node_modules[\\/]/, 10),
  initialGroup('app', /[\\/]src-(?:public|backoffice|shared)[\\/]/, 0),
];

/**
 * The server tests left out of the everyday `npm test` (project `server`) and run by
 * `npm run test:full` and CI (project `server-slow`, `npm run test:slow` alone): the races and the
 * crash (hundreds of investors over real HTTP, a server killed ten times), the model-based money
 * test (100 generated command sequences: 306 s, over its 300 s budget, in an `npm test` on a
 * 2-core machine at load 16), the supervision of PostgreSQL and of the data folder (processes
 * started, killed and restarted), and the generated hostile input and uploads (thousands of
 * requests). A list here rather than a file-name convention,
 * so that tagging a file is one line in one place and never renames it.
 */
const SLOW_SERVER_TESTS = [
  'tests/server/invest-race.test.ts',
  'tests/server/invest-crash.test.ts',
  'tests/server/repay-crash.test.ts',
  'tests/server/money-model.test.ts',
  'tests/server/embedded.test.ts',
  'tests/server/db-unavailable.test.ts',
  'tests/server/hostile-input-*.test.ts',
  'tests/server/uploads-hostile.test.ts',
  'tests/server/auto-invest-race.test.ts',
];

/** What both server projects share: one PostgreSQL per run, a database per file (a clone). */
const SERVER_TEST = {
  environment: 'node',
  globalSetup: ['tests/server/global-setup.ts'],
  setupFiles: ['tests/server/setup.ts'],
  // Generous: in `npm run test:full` the browser journeys run beside this suite (a hostile-input
  // route of 16 s alone outlasted 60 s there on a slower machine of the same kind).
  testTimeout: 180_000,
  hookTimeout: 120_000,
} satisfies TestProjectInlineConfiguration['test'];

export default defineConfig({
  plugins: [
    react(),
    backofficeFallback(),
    precompress(),
    unbarrel({ root: import.meta.dirname }),
    muiWithoutCssVariables(),
  ],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: process.env.SOURCEMAP === '0' ? false : true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        backoffice: resolve(import.meta.dirname, 'backoffice.html'),
      },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
    },
  },
  test: {
    // `npm test` runs the projects shared, web and server; `npm run test:full` adds server-slow and
    // e2e (scripts/test-all.mjs). Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core machine,
    // which left a core idle while the suite ran (9.2 min -> 6.4 min for unit + server with 2).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          environment: 'node',
          include: ['tests/shared/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/public/**/*.test.{ts,tsx}', 'tests/backoffice/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web-setup.ts'],
          // The files share one jsdom and one import of MUI and react-admin per worker instead of a
          // fresh one each: 186 s instead of about 300 s for the 45 files (each file cleans up after
          // itself: tests/web-setup.ts unmounts, restores mocks and clears storage).
          isolate: false,
          // Whole-page renders of MUI and react-admin are slow on a busy 2-core machine: in `npm test`
          // beside the server suite and the journeys, tests of 2-7 s alone took 60-80 s on a slower
          // machine of the same kind (a bound for a hung test, not a measure of speed).
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          ...SERVER_TEST,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: SLOW_SERVER_TESTS,
        },
      },
      {
        extends: true,
        test: { ...SERVER_TEST, name: 'server-slow', include: SLOW_SERVER_TESTS },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // expect.poll waits 1 s by default: a sign-in (argon2) on a machine that also runs the
          // server suite can take longer than that without anything being wrong.
          expect: { poll: { timeout: 15_000 } },
          // One file at a time: two journeys side by side raced for free ports and timed out.
          fileParallelism: false,
        },
      },
    ],
  },
});
