/**
 * The server's event loop delay and GC pauses over a bench's measured run (tests/bench/loop-probe.mjs
 * loaded into the server): `probe.nodeArgs` and `probe.env` go to the server's process, `probe.take(pid)`
 * before the run starts the window and after it returns what the window saw.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src-server/lib/paths';

export type ProbeFigures = {
  seconds: number;
  loop: { p50: number; p99: number; p999: number; max: number; mean: number };
  gc: {
    count: number;
    ms: number;
    p99: number;
    max: number;
    byKind: Record<string, { count: number; ms: number; maxMs: number }>;
  };
};

export function serverProbe(dir: string) {
  const file = join(dir, 'probe.json');
  return {
    nodeArgs: ['--import', join(projectRoot, 'tests', 'bench', 'loop-probe.mjs')],
    env: { BENCH_PROBE_FILE: file },
    /** Ends the current window (SIGUSR2) and returns what it saw; the next window starts. */
    async take(pid: number | undefined): Promise<ProbeFigures | undefined> {
      if (pid === undefined) return undefined;
      rmSync(file, { force: true });
      process.kill(pid, 'SIGUSR2');
      for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 20));
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as ProbeFigures;
      } catch {
        return undefined;
      }
    },
  };
}

/** One line: the event loop's delay and the GC's pauses during the window. */
export function formatProbe(p: ProbeFigures | undefined): string {
  if (!p) return 'server event loop / GC: not measured';
  const f = (n: number) => n.toFixed(1);
  const kinds = Object.entries(p.gc.byKind)
    .map(([k, v]) => `${k} ${v.count} (${f(v.ms)} ms, max ${f(v.maxMs)})`)
    .join(', ');
  return (
    `server event loop delay p50 ${f(p.loop.p50)} / p99 ${f(p.loop.p99)} / p99.9 ${f(p.loop.p999)} / max ${f(p.loop.max)} ms; ` +
    `GC ${p.gc.count} pauses, ${f(p.gc.ms)} ms in ${f(p.seconds)} s (${f((100 * p.gc.ms) / 1000 / p.seconds)} %), p99 ${f(p.gc.p99)} / max ${f(p.gc.max)} ms: ${kinds}`
  );
}
