/**
 * `npm run bench:lighthouse [-- --runs 3] [-- --only ventures,login]` (after `npm run build`):
 * starts the production server on a temporary DATA_DIR (seeded with the demo data), runs mobile
 * Lighthouse (its default mobile preset, simulated throttling) on the home page, the venture list,
 * the first demo venture, the investor sign-in and the back office's sign-in, N runs each, and prints
 * per page the four category scores, LCP, TBT, CLS and the bytes transferred (min/median/max when
 * there is more than one run) and the audits that failed. The JSON reports go to reports/lighthouse/
 * (ignored by git). Chrome is Debian's /usr/bin/chromium (CHROMIUM_PATH), never a downloaded one.
 * Scores depend on the machine's load: the load average is printed beside them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LhResult } from 'lighthouse';
import { CHROMIUM, startServer, tempDataDir } from '../e2e/harness';

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}
const RUNS = Math.max(1, Number(option('runs') ?? 2));
const ONLY = option('only')?.split(',');
const REPORTS = join(import.meta.dirname, '..', '..', 'reports', 'lighthouse');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SHORT: Record<(typeof CATEGORIES)[number], string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'bp',
  seo: 'seo',
};

interface Run {
  scores: Record<string, number>;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  failing: { id: string; title: string; display: string; score: number }[];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function spread(values: number[], format: (v: number) => string): string {
  if (values.length === 1) return format(values[0]!);
  return `${format(median(values))} (${format(Math.min(...values))}-${format(Math.max(...values))})`;
}

/** The audits that lost points: in a category with weight, or a performance opportunity/diagnostic. */
function failingAudits(lhr: LhResult): Run['failing'] {
  const ids = new Set<string>();
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) ids.add(ref.id);
  }
  const out: Run['failing'] = [];
  for (const id of ids) {
    const audit = lhr.audits[id];
    if (!audit || audit.score === null) continue;
    if (['notApplicable', 'informative', 'manual', 'error'].includes(audit.scoreDisplayMode)) continue;
    const limit = audit.scoreDisplayMode === 'binary' ? 1 : 0.9;
    if (audit.score >= limit) continue;
    out.push({ id, title: audit.title, display: audit.displayValue ?? '', score: audit.score });
  }
  return out.sort((a, b) => a.score - b.score);
}

function summarise(lhr: LhResult): Run {
  const scores: Record<string, number> = {};
  for (const c of CATEGORIES) scores[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    scores,
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    bytes: num('total-byte-weight'),
    failing: failingAudits(lhr),
  };
}

/** One Lighthouse run in a fresh Chrome (a reused one now and then fails with NO_NAVSTART). */
async function audit(url: string): Promise<{ lhr: LhResult; report: string }> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (!result.lhr.runtimeError || attempt === 3)
        return { lhr: result.lhr, report: result.report as string };
      console.log(`  ${url}: runtime error ${result.lhr.runtimeError.code}, run again`);
    } finally {
      chrome.kill();
    }
  }
}

const server = await startServer({ dataDir: tempDataDir() });

try {
  const list = (await (await fetch(`${server.url}/api/ventures`)).json()) as { data?: { _id: string }[] };
  const firstVenture = list.data?.[0]?._id;
  if (!firstVenture) throw new Error('GET /api/ventures returned no venture');

  const pages: [string, string][] = (
    [
      ['home', '/'],
      ['ventures', '/ventures'],
      ['venture', `/ventures/${firstVenture}`],
      ['login', '/login'],
      ['admin-login', '/admin/login'],
    ] as [string, string][]
  ).filter(([name]) => !ONLY || ONLY.includes(name));

  mkdirSync(REPORTS, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  console.log(
    `Lighthouse ${RUNS} run(s) per page, mobile preset, simulated throttling; server ${server.url}; ` +
      `load average at start ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
  );

  const table: string[] = [];
  for (const [name, path] of pages) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr, report } = await audit(`${server.url}${path}`);
      writeFileSync(join(REPORTS, `${stamp}-${name}-${i + 1}.json`), report);
      runs.push(summarise(lhr));
    }
    const load = loadavg()[0]!.toFixed(2);
    const scoreCells = CATEGORIES.map(
      (c) =>
        `${SHORT[c]} ${spread(
          runs.map((r) => r.scores[c]!),
          (v) => String(Math.round(v)),
        )}`,
    ).join('  ');
    console.log(`${name} (${path})`);
    console.log(`  ${scoreCells}`);
    console.log(
      `  LCP ${spread(
        runs.map((r) => r.lcp),
        (v) => `${(v / 1000).toFixed(2)} s`,
      )}  TBT ${spread(
        runs.map((r) => r.tbt),
        (v) => `${Math.round(v)} ms`,
      )}  CLS ${spread(
        runs.map((r) => r.cls),
        (v) => v.toFixed(3),
      )}  bytes ${spread(
        runs.map((r) => r.bytes),
        (v) => `${Math.round(v / 1024)} KiB`,
      )}  load ${load}`,
    );
    const seen = new Map<string, { audit: Run['failing'][number]; count: number }>();
    for (const run of runs) {
      for (const audit of run.failing) {
        const prev = seen.get(audit.id);
        seen.set(audit.id, { audit: prev?.audit ?? audit, count: (prev?.count ?? 0) + 1 });
      }
    }
    const failing = [...seen.values()].sort((a, b) => a.audit.score - b.audit.score).slice(0, 10);
    if (failing.length === 0) console.log('  no failing audits');
    for (const { audit, count } of failing) {
      const times = RUNS > 1 ? ` [${count}/${RUNS} runs]` : '';
      console.log(`  - ${audit.id}: ${audit.title}${audit.display ? ` (${audit.display})` : ''}${times}`);
    }
    console.log('');
    const m = (f: (r: Run) => number) => median(runs.map(f));
    table.push(
      `| ${path.startsWith('/ventures/') ? '/ventures/:id' : path} | ${CATEGORIES.map((c) => Math.round(m((r) => r.scores[c]!))).join(' | ')} | ` +
        `${(m((r) => r.lcp) / 1000).toFixed(1)} s | ${Math.round(m((r) => r.tbt))} ms | ${m((r) => r.cls).toFixed(3)} | ` +
        `${Math.round(m((r) => r.bytes) / 1024)} KiB | ${load} |`,
    );
  }
  console.log('Medians (Markdown):');
  console.log('| page | perf | a11y | best practices | SEO | LCP | TBT | CLS | bytes | load |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const line of table) console.log(line);
  console.log(`\nReports: ${REPORTS}`);
} finally {
  await server.stop();
}
